import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { type ReportTarget, reportReasons, reportSchema } from '#common/schemas/safety.ts';
import { FormField } from '../../../components/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { showActionError } from '../../../lib/action-error.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { cn } from '../../../lib/utils.ts';
import { useReportContent } from '../api/report-content.ts';
import { reportReasonLabels, reportTargetLabels } from '../reasons.ts';

const formSchema = reportSchema.pick({ reason: true, details: true });
const DETAILS_MAX = 1000;

export interface ReportDialogProps {
  /** What is reported: a post id, a creator profile id, or a message id. */
  target: { type: ReportTarget; id: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back on close, when the dialog was not opened by a Radix trigger (a menu item). */
  returnFocusTo?: HTMLElement | null;
}

/** Report a post, a profile or a message: a reason (required) and optional details for the moderators. */
export function ReportDialog({ target, open, onOpenChange, returnFocusTo }: ReportDialogProps) {
  const report = useReportContent();
  const legendId = useId();
  const form = useForm({
    resolver: zodResolver(formSchema),
    defaultValues: { details: '' },
  });
  const { errors } = form.formState;
  const chosen = form.watch('reason');
  const details = form.watch('details') ?? '';
  const noun = reportTargetLabels[target.type];

  const close = (next: boolean) => {
    if (report.isPending) return;
    if (!next) form.reset();
    onOpenChange(next);
  };

  const submit = form.handleSubmit(async ({ reason, details }) => {
    try {
      const { message } = await report.mutateAsync({
        targetType: target.type,
        targetId: target.id,
        reason,
        details,
      });
      toast.success(message);
      form.reset();
      onOpenChange(false);
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fields : undefined;
      if (fields?.reason) form.setError('reason', { message: fields.reason });
      else if (fields?.details) form.setError('details', { message: fields.details });
      else showActionError(failure, 'Could not send the report');
    }
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        className="max-h-[90dvh] overflow-y-auto"
        onCloseAutoFocus={
          returnFocusTo === undefined
            ? undefined
            : (event) => {
                event.preventDefault();
                if (returnFocusTo?.isConnected) returnFocusTo.focus();
              }
        }
      >
        <DialogTitle>Report this {noun}</DialogTitle>
        <DialogDescription>
          Tell us what is wrong. The person is not told who reported them; our team reviews every report.
        </DialogDescription>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <fieldset
            aria-labelledby={legendId}
            aria-describedby={errors.reason ? `${legendId}-error` : undefined}
            className="grid gap-2"
          >
            <legend id={legendId} className="mb-2 text-sm font-medium">
              Reason
            </legend>
            {reportReasons.map((reason) => (
              <label
                key={reason}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-md border border-input px-3 py-2 text-sm transition-colors hover:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  chosen === reason && 'border-primary bg-accent',
                )}
              >
                <input
                  type="radio"
                  value={reason}
                  className="size-4 accent-primary"
                  {...form.register('reason')}
                />
                {reportReasonLabels[reason]}
              </label>
            ))}
            {errors.reason?.message ? (
              <p id={`${legendId}-error`} role="alert" className="text-sm font-medium text-destructive">
                {errors.reason.message}
              </p>
            ) : null}
          </fieldset>
          <FormField
            label="Details (optional)"
            error={errors.details?.message}
            hint={`${details.length}/${DETAILS_MAX}`}
          >
            {(control) => (
              <Textarea rows={3} maxLength={DETAILS_MAX} {...control} {...form.register('details')} />
            )}
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => close(false)} disabled={report.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={report.isPending}>
              {report.isPending ? 'Sending…' : 'Report'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
