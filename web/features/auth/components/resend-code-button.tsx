import { Button } from '../../../components/ui/button.tsx';
import { trackButtonClick } from '../../../lib/analytics.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { cn } from '../../../lib/utils.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { resendLabel, useResendCountdown } from '../resend-timer.ts';
import { authToasts } from '../toasts.ts';

/**
 * 'Resend Code': enabled at first; after a resend (or a 429 naming the wait) disabled for the
 * remaining seconds, showing 'Resend in m:ss'. The wait is stored, so it survives a reload.
 */
export function ResendCodeButton({
  email,
  className,
  toastId,
  onResend,
}: {
  email: string | null;
  className?: string;
  /** Its toasts replace the page's toast with this id (e.g. a failed verify), instead of stacking. */
  toastId?: string;
  /** Called when a new code is sent, e.g. to clear the last code's error. */
  onResend?: () => void;
}) {
  const resend = useResendVerification();
  const { secondsLeft, start } = useResendCountdown(email);
  const waiting = secondsLeft > 0;

  async function onClick() {
    trackButtonClick('resend_verification_code');
    if (!email) {
      toast.error(authToasts.resendWithoutEmail, undefined, toastId);
      return;
    }
    try {
      await resend.mutateAsync({ email });
      start();
      onResend?.();
      toast.success(authToasts.verificationSent, toastId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds) {
        start(error.retryAfterSeconds);
      }
      toast.error(error instanceof Error ? error.message : authToasts.resendWithoutEmail, undefined, toastId);
    }
  }

  return (
    <Button
      variant="outline"
      className={cn('tabular-nums', className)}
      disabled={waiting || resend.isPending}
      aria-busy={resend.isPending || undefined}
      onClick={onClick}
    >
      {resend.isPending ? 'Sending…' : resendLabel(secondsLeft)}
    </Button>
  );
}
