import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { limits } from '#common/limits.ts';
import { pathTo } from '#common/routes.ts';
import { trackFormSubmit } from '../../../lib/analytics.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { failureMessage } from '../error-messages.ts';
import { resetPasswordFormSchema } from '../form-schemas.ts';
import { authToasts } from '../toasts.ts';
import { PasswordField } from './password-field.tsx';
import { SubmitButton } from './submit-button.tsx';

/**
 * New password and its confirmation, for the token in the emailed link. Success signs every session
 * out (the server's rule), so the user signs in again with the new password.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ password }) => {
    trackFormSubmit('reset_password');
    setLinkProblem(null);
    try {
      await reset.mutateAsync({ token, password });
      toast.success(authToasts.passwordReset);
      void navigate(pathTo('login'), { replace: true });
    } catch (error) {
      toast.error(failureMessage(authToasts.resetFailed, error));
      if (!(error instanceof ApiError) || error.status !== 400) return;
      if (error.fields?.password) form.setError('password', { message: error.fields.password });
      else setLinkProblem(error.message);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      {linkProblem ? (
        <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
          <p className="font-medium text-destructive">{linkProblem}</p>
          <p className="mt-1 text-muted-foreground">
            Ask for a new link from{' '}
            <Link
              to={pathTo('login')}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              the sign-in page
            </Link>{' '}
            ('Forgot password?').
          </p>
        </div>
      ) : null}
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint={`At least ${limits.passwordMinLength} characters`}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <SubmitButton pending={reset.isPending} pendingLabel="Saving…" className="w-full">
        Reset Password
      </SubmitButton>
    </form>
  );
}
