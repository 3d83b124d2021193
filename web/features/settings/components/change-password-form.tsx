import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { limits } from '#common/limits.ts';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { trackFormSubmit } from '../../../lib/analytics.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { PasswordField, SubmitButton, useChangePassword, withWait } from '../../auth/index.ts';
import {
  type ChangePasswordFormValues,
  changePasswordFormSchema,
  settingsMessages,
} from '../form-schemas.ts';

const empty: ChangePasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change Password (spec sections 3 and 5): this device stays signed in, every other one is signed out. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const [changed, setChanged] = useState(false);
  const form = useForm<ChangePasswordFormValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: empty,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    trackFormSubmit('change_password');
    setChanged(false);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      form.reset(empty);
      setChanged(true);
      toast.success(settingsMessages.passwordChanged);
    } catch (error) {
      if (!(error instanceof ApiError)) return toast.error('Request failed');
      const fields = error.fields ?? {};
      if (fields.currentPassword) form.setError('currentPassword', { message: fields.currentPassword });
      if (fields.newPassword) form.setError('newPassword', { message: fields.newPassword });
      if (!fields.currentPassword && !fields.newPassword) {
        toast.error(error.status === 429 ? withWait(error.message, error.retryAfterSeconds) : error.message);
      }
    }
  });

  return (
    <SettingsSection
      title="Change Password"
      description="Changing it signs you out everywhere else; this device stays signed in."
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <PasswordField
            label="New password"
            autoComplete="new-password"
            hint={`At least ${limits.passwordMinLength} characters`}
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
        </div>
        {changed ? (
          <p role="status" className="flex items-start gap-2 rounded-lg bg-primary/10 p-3 text-sm">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>
              {settingsMessages.passwordChanged}. {settingsMessages.otherSessionsSignedOut}
            </span>
          </p>
        ) : null}
        <div className="flex justify-end">
          <SubmitButton pending={change.isPending} pendingLabel="Updating…">
            Update Password
          </SubmitButton>
        </div>
      </form>
    </SettingsSection>
  );
}
