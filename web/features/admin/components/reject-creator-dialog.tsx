import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { rejectCreatorSchema } from '#common/schemas/creators.ts';
import { FormField } from '../../../components/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useRejectCreator } from '../api/reject-creator.ts';

interface RejectCreatorDialogProps {
  creator: { id: string; displayName: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Rejecting needs a reason: the creator reads it on their profile. */
export function RejectCreatorDialog({ creator, open, onOpenChange }: RejectCreatorDialogProps) {
  const reject = useRejectCreator();
  const form = useForm({ resolver: zodResolver(rejectCreatorSchema), defaultValues: { reason: '' } });
  const error = form.formState.errors.reason?.message;

  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await reject.mutateAsync({ creatorId: creator.id, reason });
      toast.success(`${creator.displayName} was rejected`);
      form.reset();
      onOpenChange(false);
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fields?.reason : undefined;
      if (field) form.setError('reason', { message: field });
      else toast.error(failure instanceof Error ? failure.message : 'Could not reject this creator');
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !reject.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle>Reject {creator.displayName}?</DialogTitle>
        <DialogDescription>
          The creator sees this reason on their profile and can change what they submitted.
        </DialogDescription>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <FormField label="Reason" error={error}>
            {(control) => <Textarea rows={4} {...control} {...form.register('reason')} />}
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={reject.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={reject.isPending}>
              {reject.isPending ? 'Rejecting…' : 'Reject'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
