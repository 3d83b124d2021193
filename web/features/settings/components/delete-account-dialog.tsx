import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { deleteAccountSchema } from '#common/schemas/safety.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { trackFormSubmit } from '../../../lib/analytics.ts';
import { signOut } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { fieldErrorsOf, PasswordField, SubmitButton } from '../../auth/index.ts';
import { type DeleteAccountInput, useDeleteAccount } from '../api/delete-account.ts';

interface DeleteAccountDialogProps {
  email: string;
  /** Called when the dialog is dismissed (not after a deletion, which leaves the page). */
  onClose: () => void;
}

/**
 * The last step before erasing the account: the password proves it is the owner. Afterwards this
 * device is signed out, cached account data is dropped, and the user lands on the home page.
 */
export function DeleteAccountDialog({ email, onClose }: DeleteAccountDialogProps) {
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    trackFormSubmit('delete_account');
    try {
      const message = await remove.mutateAsync(values);
      signOut();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'public-config' });
      void navigate(pathTo('home'), { replace: true });
      toast.success(message);
    } catch (error) {
      const field = fieldErrorsOf(error).password;
      if (field) form.setError('password', { message: field });
      else toast.error(error instanceof Error ? error.message : 'Request failed');
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <DialogContent onCloseAutoFocus={(event) => event.preventDefault()}>
        <DialogTitle>Delete your account?</DialogTitle>
        <DialogDescription asChild>
          <div className="grid gap-2">
            <p>
              Your profile, posts, photos and videos, follows, likes, purchases, subscriptions, messages and
              support requests are erased, and you are signed out everywhere. This cannot be undone.
            </p>
            <p>
              Payment records stay in our books without your name, and the identity document a creator gave
              for review is kept, as a platform that pays creators must.
            </p>
          </div>
        </DialogDescription>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <PasswordField
            label="Password"
            autoComplete="current-password"
            hint={`Signed up with Google and never set a password? Type ${email} instead.`}
            error={errors.password?.message}
            {...form.register('password')}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
              Cancel
            </Button>
            <SubmitButton variant="destructive" pending={remove.isPending} pendingLabel="Deleting…">
              Delete my account
            </SubmitButton>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
