import { zodResolver } from '@hookform/resolvers/zod';
import { Info, LoaderCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { type AdminPayoutDetail, finalizePayoutOtpSchema } from '#common/schemas/payouts.ts';
import { FormField } from '../../../components/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useFinalizePayoutOtp } from '../api/admin-payout-actions.ts';

export const OTP_SETTING_NOTE =
  'Automatic payouts need OTP turned off in the Paystack dashboard (Settings > Preferences > Transfers).';

interface OtpDialogProps {
  payout: AdminPayoutDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A transfer Paystack holds until someone enters the OTP it sent to the business's phone or email.
 * A wrong code comes back as a 400 with Paystack's words, shown under the field.
 */
export function AdminPayoutsOtpDialog({ payout, open, onOpenChange }: OtpDialogProps) {
  const finalize = useFinalizePayoutOtp();
  const form = useForm({ resolver: zodResolver(finalizePayoutOtpSchema), defaultValues: { otp: '' } });
  const error = form.formState.errors.otp?.message;

  const submit = form.handleSubmit(async ({ otp }) => {
    try {
      toast.success((await finalize.mutateAsync({ id: payout.id, otp })).message);
      onOpenChange(false);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400)
        form.setError('otp', { message: failure.fields?.otp ?? failure.message }, { shouldFocus: true });
      else toast.error(failure instanceof Error ? failure.message : 'The OTP could not be sent');
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !finalize.isPending && onOpenChange(next)}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogTitle>Enter the OTP for {payout.creator.displayName}’s payout</DialogTitle>
        <DialogDescription>
          Paystack is holding the transfer of {formatMoney(payout.local ?? payout.amount)} until you enter the
          one-time code it sent to the business’s phone or email.
        </DialogDescription>
        <p className="flex gap-2 rounded-lg bg-muted/60 p-3 text-sm">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{OTP_SETTING_NOTE}</span>
        </p>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <FormField label="OTP" error={error} hint="4 to 8 digits, as Paystack sent it">
            {(control) => (
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={8}
                autoFocus
                {...control}
                {...form.register('otp')}
              />
            )}
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              type="button"
              variant="outline"
              onClick={() => onOpenChange(false)}
              disabled={finalize.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={finalize.isPending} aria-busy={finalize.isPending || undefined}>
              {finalize.isPending ? (
                <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
              ) : null}
              {finalize.isPending ? 'Sending…' : 'Send OTP'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
