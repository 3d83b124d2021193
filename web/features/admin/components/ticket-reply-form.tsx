import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { type SupportTicket, supportReplySchema } from '#common/schemas/safety.ts';
import { FormField } from '../../../components/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useReplyToTicket } from '../api/answer-support-ticket.ts';

/** The admin's answer: emailed to the address on the ticket, and kept in its thread. */
export function TicketReplyForm({ ticket }: { ticket: SupportTicket }) {
  const reply = useReplyToTicket();
  const form = useForm({ resolver: zodResolver(supportReplySchema), defaultValues: { message: '' } });
  const error = form.formState.errors.message?.message;

  const submit = form.handleSubmit(async ({ message }) => {
    try {
      await reply.mutateAsync({ id: ticket.id, message });
      toast.success(`Reply sent to ${ticket.email}`);
      form.reset();
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fields?.message : undefined;
      if (field) form.setError('message', { message: field });
      else toast.error(failure instanceof Error ? failure.message : 'Could not send the reply');
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      <FormField label={`Reply to ${ticket.name}`} error={error} hint={`Sent by email to ${ticket.email}`}>
        {(control) => <Textarea rows={5} maxLength={5000} {...control} {...form.register('message')} />}
      </FormField>
      <Button type="submit" className="justify-self-end" disabled={reply.isPending}>
        <Send aria-hidden="true" />
        {reply.isPending ? 'Sending…' : 'Send reply'}
      </Button>
    </form>
  );
}
