import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { type DefaultValues, useForm } from 'react-hook-form';
import { limits } from '#common/limits.ts';
import {
  type SupportCategory,
  type SupportRequestInput,
  safetyMessages,
  supportCategories,
  supportRequestSchema,
} from '#common/schemas/safety.ts';
import { FormField } from '../../../components/form-field.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { trackFormSubmit } from '../../../lib/analytics.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type { SessionUser } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { displayNameOf } from '../../../lib/user-display.ts';
import { SubmitButton, withWait } from '../../auth/index.ts';
import { useSendSupportRequest } from '../api/send-support-request.ts';

const categoryLabels: Record<SupportCategory, string> = {
  technical: 'Technical',
  billing: 'Billing',
  account: 'Account',
  content: 'Content',
  other: 'Other',
};

const MESSAGE_MAX = 5000;
const fieldNames = ['name', 'email', 'category', 'subject', 'message'] as const;

function Sent({ email, onAgain }: { email: string; onAgain: () => void }) {
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-3 rounded-xl bg-primary/10 px-4 py-8 text-center"
    >
      <CircleCheck aria-hidden="true" className="size-10 text-primary" />
      <h3 className="font-heading text-lg font-semibold">{safetyMessages.ticketSent}</h3>
      <p className="max-w-md text-sm text-muted-foreground">
        Thank you for writing. We reply within {limits.supportReplyHours} hours, to {email}; a confirmation is
        on its way there now.
      </p>
      <Button variant="outline" onClick={onAgain}>
        Send another message
      </Button>
    </div>
  );
}

/**
 * Support: the Contact Support form (spec sections 3 and 5), stored as a ticket the team answers.
 * It works signed out too; signed in, the name and email start as the account's.
 */
export function SupportTab({ user }: { user: SessionUser | null }) {
  const send = useSendSupportRequest();
  const [sentTo, setSentTo] = useState<string | null>(null);
  // No category yet: the placeholder option ('') is what the schema refuses with 'Category is required'.
  const initial: DefaultValues<SupportRequestInput> = {
    name: user && displayNameOf(user) !== user.email ? displayNameOf(user) : '',
    email: user?.email ?? '',
    subject: '',
    message: '',
  };
  const form = useForm<SupportRequestInput>({
    resolver: zodResolver(supportRequestSchema),
    defaultValues: initial,
  });
  const { errors } = form.formState;
  const messageLength = form.watch('message')?.length ?? 0;

  const submit = form.handleSubmit(async (values) => {
    trackFormSubmit('contact_support');
    try {
      await send.mutateAsync(values);
      setSentTo(values.email);
      form.reset(initial);
    } catch (error) {
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      let shown = false;
      for (const name of fieldNames) {
        const message = fields[name];
        if (message) {
          form.setError(name, { message });
          shown = true;
        }
      }
      if (shown) return;
      toast.error(
        error instanceof ApiError && error.status === 429
          ? withWait(error.message, error.retryAfterSeconds)
          : error instanceof Error
            ? error.message
            : 'Request failed',
      );
    }
  });

  return (
    <SettingsSection
      title="Contact Support"
      description={`Tell us what happened and we will reply by email within ${limits.supportReplyHours} hours.`}
    >
      {sentTo ? (
        <Sent email={sentTo} onAgain={() => setSentTo(null)} />
      ) : (
        <form noValidate onSubmit={submit} className="grid items-start gap-4 sm:grid-cols-2">
          <FormField label="Name" error={errors.name?.message}>
            {(control) => (
              <Input autoComplete="name" maxLength={100} {...control} {...form.register('name')} />
            )}
          </FormField>
          <FormField label="Email" error={errors.email?.message}>
            {(control) => (
              <Input type="email" autoComplete="email" {...control} {...form.register('email')} />
            )}
          </FormField>
          <FormField label="Category" error={errors.category?.message}>
            {(control) => (
              <NativeSelect {...control} {...form.register('category')}>
                <option value="">Choose a category</option>
                {supportCategories.map((category) => (
                  <option key={category} value={category}>
                    {categoryLabels[category]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label="Subject" error={errors.subject?.message}>
            {(control) => <Input maxLength={200} {...control} {...form.register('subject')} />}
          </FormField>
          <div className="sm:col-span-2">
            <FormField
              label="Message"
              error={errors.message?.message}
              hint={`${messageLength} / ${MESSAGE_MAX}`}
            >
              {(control) => (
                <Textarea rows={6} maxLength={MESSAGE_MAX} {...control} {...form.register('message')} />
              )}
            </FormField>
          </div>
          <div className="flex justify-end sm:col-span-2">
            <SubmitButton pending={send.isPending} pendingLabel="Sending...">
              Send Message
            </SubmitButton>
          </div>
        </form>
      )}
    </SettingsSection>
  );
}
