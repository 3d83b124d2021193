import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { ForgotPasswordInput } from '#common/schemas/auth.ts';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { trackFormSubmit } from '../../../lib/analytics.ts';
import { toast } from '../../../lib/toast.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { failureMessage } from '../error-messages.ts';
import { forgotPasswordFormSchema } from '../form-schemas.ts';
import { authToasts } from '../toasts.ts';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from './text-field.tsx';

interface ForgotPasswordFormProps {
  initialEmail: string;
  onSent: () => void;
}

/** One field: the address to send a reset link to. */
export function ForgotPasswordForm({ initialEmail, onSent }: ForgotPasswordFormProps) {
  const forgot = useForgotPassword();
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: initialEmail },
  });

  const submit = form.handleSubmit(async (values) => {
    trackFormSubmit('forgot_password');
    try {
      await forgot.mutateAsync(values);
      toast.success(authToasts.resetEmailSent);
      onSent();
    } catch (error) {
      toast.error(failureMessage(authToasts.resetEmailFailed, error));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <SubmitButton pending={forgot.isPending} pendingLabel="Sending…" className="w-full">
        Send reset link
      </SubmitButton>
    </form>
  );
}

interface ForgotPasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialEmail: string;
}

/** 'Forgot password?' on the sign-in form opens this small dialog (it can sit inside the sign-in dialog). */
export function ForgotPasswordDialog({ open, onOpenChange, initialEmail }: ForgotPasswordDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-sm">
        <div className="grid gap-1.5 pr-6">
          <DialogTitle>Reset your password</DialogTitle>
          <DialogDescription>
            Enter your email address and we will send you a link to choose a new password.
          </DialogDescription>
        </div>
        {open ? <ForgotPasswordForm initialEmail={initialEmail} onSent={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
