import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { limits } from '#common/limits.ts';
import { pathTo } from '#common/routes.ts';
import type { VerifyEmailInput } from '#common/schemas/auth.ts';
import { trackFormSubmit } from '../../../lib/analytics.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { failureMessage } from '../error-messages.ts';
import { verifyEmailFormSchema } from '../form-schemas.ts';
import { authToasts } from '../toasts.ts';
import { withWait } from '../wait-text.ts';
import { ResendCodeButton } from './resend-code-button.tsx';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from './text-field.tsx';

/** The page's one toast: a later failure, success or resend replaces it instead of stacking. */
export const verifyToastId = 'verify-email';

/**
 * The stored address (read-only), the 6-digit code, Verify and Resend Code. A right code signs the
 * user in and goes home. Key it by the email: the address is read once, when the form mounts.
 */
export function VerifyEmailForm({ email }: { email: string | null }) {
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const form = useForm<VerifyEmailInput>({
    resolver: zodResolver(verifyEmailFormSchema),
    defaultValues: { email: email ?? '', code: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    trackFormSubmit('verify_email');
    // A new try: the last failure no longer applies.
    toast.dismiss(verifyToastId);
    try {
      await verify.mutateAsync(values);
      toast.success(authToasts.verified, verifyToastId);
      void navigate(pathTo('home'), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        // One message, under the code it is about; no toast saying it again.
        const message = error.fields?.code ?? error.message;
        form.setError('code', {
          message: error.status === 429 ? withWait(message, error.retryAfterSeconds) : message,
        });
        return;
      }
      toast.error(failureMessage(authToasts.verifyFailed, error), undefined, verifyToastId);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <TextField
        label="Email"
        type="email"
        readOnly
        placeholder="No email waiting for verification"
        className="bg-muted/60 text-muted-foreground"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        label="Verification code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={limits.verificationCodeLength}
        placeholder="123456"
        className="font-mono text-lg tracking-[0.4em] placeholder:tracking-[0.4em]"
        error={errors.code?.message}
        {...form.register('code')}
      />
      <div className="grid gap-2 sm:grid-cols-2">
        <SubmitButton pending={verify.isPending} pendingLabel="Verifying…">
          Verify
        </SubmitButton>
        <ResendCodeButton email={email} toastId={verifyToastId} onResend={() => form.clearErrors('code')} />
      </div>
    </form>
  );
}
