import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormField } from '../../../components/form-field.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { trackFormSubmit } from '../../../lib/analytics.ts';
import { formatLongDate } from '../../../lib/format.ts';
import type { SessionUser } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { fieldErrorsOf, SubmitButton, useUpdateProfile } from '../../auth/index.ts';
import { type PersonalInfoFormValues, personalInfoFormSchema, settingsMessages } from '../form-schemas.ts';

/**
 * Personal Info: the name can be edited; the email and the date joined are read-only here (the email
 * changes through its own confirmed flow below).
 */
export function PersonalInfo({ user }: { user: SessionUser }) {
  const update = useUpdateProfile();
  const form = useForm<PersonalInfoFormValues>({
    resolver: zodResolver(personalInfoFormSchema),
    values: { firstName: user.firstName ?? '', lastName: user.lastName ?? '' },
  });
  const { errors, isDirty } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    trackFormSubmit('personal_info');
    try {
      await update.mutateAsync(values);
      toast.success(settingsMessages.nameSaved);
    } catch (error) {
      for (const [name, message] of Object.entries(fieldErrorsOf(error))) {
        if (name === 'firstName' || name === 'lastName') form.setError(name, { message });
      }
    }
  });

  return (
    <SettingsSection title="Personal Info" description="Your name appears on your profile and in messages.">
      <form noValidate onSubmit={submit} className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="First name" error={errors.firstName?.message}>
          {(control) => <Input autoComplete="given-name" {...control} {...form.register('firstName')} />}
        </FormField>
        <FormField label="Last name" error={errors.lastName?.message}>
          {(control) => <Input autoComplete="family-name" {...control} {...form.register('lastName')} />}
        </FormField>
        <FormField label="Email" hint="To change it, use Change Email below.">
          {(control) => <Input readOnly value={user.email} className="bg-muted/40" {...control} />}
        </FormField>
        <FormField label="Date joined">
          {(control) => (
            <Input readOnly value={formatLongDate(user.createdAt)} className="bg-muted/40" {...control} />
          )}
        </FormField>
        <div className="flex justify-end sm:col-span-2">
          <SubmitButton pending={update.isPending} pendingLabel="Saving…" disabled={!isDirty}>
            Save
          </SubmitButton>
        </div>
      </form>
    </SettingsSection>
  );
}
