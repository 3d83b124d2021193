import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type ReportView, resolveReportSchema } from '#common/schemas/safety.ts';
import { FormField } from '../../../components/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { reportTargetLabels } from '../../safety/index.ts';
import { useResolveReport } from '../api/resolve-report.ts';

export interface ResolveChoice {
  removeContent: boolean;
  suspendAccount: boolean;
}

interface ResolveReportDialogProps {
  report: ReportView;
  /** What the button that opened the dialog stands for; the admin can still change it. */
  initial: ResolveChoice;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Every report ends with a written resolution, and optionally the content removed and its owner suspended. */
export function ResolveReportDialog({ report, initial, open, onOpenChange }: ResolveReportDialogProps) {
  const resolve = useResolveReport();
  const form = useForm({
    resolver: zodResolver(resolveReportSchema),
    values: { resolution: '', ...initial },
  });
  const noun = reportTargetLabels[report.targetType];
  const owner = report.target?.owner ?? null;
  const canRemove = report.target !== null && !report.target.removed;
  const canSuspend = owner !== null && !owner.suspended;
  const error = form.formState.errors.resolution?.message;

  const submit = form.handleSubmit(async (decision) => {
    try {
      await resolve.mutateAsync({
        reportId: report.id,
        resolution: decision.resolution,
        removeContent: canRemove && decision.removeContent,
        suspendAccount: canSuspend && decision.suspendAccount,
      });
      toast.success('Report resolved');
      onOpenChange(false);
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fields?.resolution : undefined;
      if (field) form.setError('resolution', { message: field });
      else toast.error(failure instanceof Error ? failure.message : 'Could not resolve the report');
    }
  });

  const checkbox =
    'flex items-start gap-3 rounded-md border border-input px-3 py-2 text-sm has-[:disabled]:opacity-60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring';
  return (
    <Dialog open={open} onOpenChange={(next) => !resolve.isPending && onOpenChange(next)}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogTitle>Resolve this report</DialogTitle>
        <DialogDescription>
          Say what you decided; the note stays with the report. Removing or suspending happens when you
          resolve.
        </DialogDescription>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <label className={checkbox}>
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-destructive"
              disabled={!canRemove}
              {...form.register('removeContent')}
            />
            <span>
              Remove the reported {noun}
              <span className="block text-xs text-muted-foreground">
                {canRemove
                  ? report.targetType === 'profile'
                    ? 'The page is unlisted, with your note as the reason the creator sees.'
                    : 'It is deleted for everyone.'
                  : 'Already removed.'}
              </span>
            </span>
          </label>
          <label className={checkbox}>
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-destructive"
              disabled={!canSuspend}
              {...form.register('suspendAccount')}
            />
            <span>
              Suspend {owner ? `${owner.name || owner.email}'s` : 'the owner’s'} account
              <span className="block text-xs text-muted-foreground">
                {owner === null
                  ? 'The account no longer exists.'
                  : owner.suspended
                    ? 'Already suspended.'
                    : 'They are signed out everywhere and cannot sign in again.'}
              </span>
            </span>
          </label>
          <FormField label="Resolution" error={error}>
            {(control) => (
              <Textarea
                rows={3}
                maxLength={1000}
                placeholder="What was decided, and why"
                {...control}
                {...form.register('resolution')}
              />
            )}
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              type="button"
              variant="outline"
              onClick={() => onOpenChange(false)}
              disabled={resolve.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={resolve.isPending}>
              {resolve.isPending ? 'Resolving…' : 'Resolve report'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
