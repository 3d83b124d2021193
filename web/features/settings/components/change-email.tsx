import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type ChangeEmailInput,
  type ConfirmEmailChangeInput,
  changeEmailSchema,
  confirmEmailChangeSchema,
  type EmailChangeStatus,
} from '#common/schemas/safety.ts';
import { FormField } from '../../../components/form-field.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { trackFormSubmit } from '../../../lib/analytics.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatClockTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { PasswordField, SubmitButton, withWait } from '../../auth/index.ts';
import { useConfirmEmailChange } from '../api/confirm-email-change.ts';
import { useEmailChange } from '../api/get-email-change.ts';
import { useRequestEmailChange } from '../api/request-email-change.ts';

/** Field messages go under their fields; anything else (a wait, a network failure) is a toast. */
function report<Name extends string>(
  error: unknown,
  names: readonly Name[],
  setError: (name: Name, error: { message: string }) => void,
): void {
  const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
  const shown = names.filter((name) => fields[name]);
  for (const name of shown) setError(name, { message: fields[name] as string });
  if (shown.length > 0) return;
  if (error instanceof ApiError && error.status === 429) {
    toast.error(withWait(error.message, error.retryAfterSeconds));
  } else toast.error(error instanceof Error ? error.message : 'Request failed');
}

function RequestForm({ onSent }: { onSent: () => void }) {
  const request = useRequestEmailChange();
  const form = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { newEmail: '', currentPassword: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    trackFormSubmit('change_email');
    try {
      const result = await request.mutateAsync(values);
      toast.success(result.message);
      form.reset();
      onSent();
    } catch (error) {
      report(error, ['newEmail', 'currentPassword'] as const, form.setError);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid items-start gap-4 sm:grid-cols-2">
      <FormField label="New email" error={errors.newEmail?.message}>
        {(control) => (
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            {...control}
            {...form.register('newEmail')}
          />
        )}
      </FormField>
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        hint="Signed up with Google and never set a password? Type your current email instead."
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <div className="flex justify-end sm:col-span-2">
        <SubmitButton pending={request.isPending} pendingLabel="Sending code…">
          Send code
        </SubmitButton>
      </div>
    </form>
  );
}

function ConfirmForm({
  pending,
  onDifferentAddress,
}: {
  pending: NonNullable<EmailChangeStatus['pending']>;
  onDifferentAddress: () => void;
}) {
  const confirm = useConfirmEmailChange();
  const form = useForm<ConfirmEmailChangeInput>({
    resolver: zodResolver(confirmEmailChangeSchema),
    defaultValues: { code: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    trackFormSubmit('confirm_email_change');
    try {
      const result = await confirm.mutateAsync(values);
      toast.success(result.message);
    } catch (error) {
      report(error, ['code'] as const, form.setError);
    }
  });

  return (
    <div className="grid gap-4">
      <p role="status" className="flex items-start gap-2 rounded-lg bg-primary/10 p-3 text-sm">
        <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span>
          We sent a 6-digit code to <strong className="break-all">{pending.newEmail}</strong>. Enter it before{' '}
          {formatClockTime(pending.expiresAt)} to make it your email address. Until then your email stays the
          same.
        </span>
      </p>
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
        <FormField label="Verification code" error={errors.code?.message}>
          {(control) => (
            <Input
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              {...control}
              {...form.register('code')}
            />
          )}
        </FormField>
        <SubmitButton pending={confirm.isPending} pendingLabel="Confirming…" className="sm:mt-6">
          Confirm email
        </SubmitButton>
      </form>
      <Button variant="link" className="h-auto justify-self-start p-0" onClick={onDifferentAddress}>
        Use a different address
      </Button>
    </div>
  );
}

/**
 * Change Email: the current password first, then the code sent to the new address. The address
 * changes only when the code is confirmed; a request waiting for its code survives a reload.
 */
export function ChangeEmail() {
  const status = useEmailChange();
  const [editing, setEditing] = useState(false);
  const pending = status.data?.pending ?? null;

  let body: React.ReactNode;
  if (status.isPending) body = <Skeleton className="h-24" />;
  else if (status.isError)
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
        <span className="text-destructive">Your email settings could not be loaded.</span>
        <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
          Try again
        </Button>
      </div>
    );
  else if (pending && !editing)
    body = (
      <ConfirmForm key={pending.newEmail} pending={pending} onDifferentAddress={() => setEditing(true)} />
    );
  else body = <RequestForm onSent={() => setEditing(false)} />;

  return (
    <SettingsSection
      title="Change Email"
      description="We send a code to the new address; your email changes once you enter it."
    >
      {body}
    </SettingsSection>
  );
}
