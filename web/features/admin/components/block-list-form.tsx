import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { addBlockListEntrySchema, BLOCK_LIST_NOTE_MAX } from '#common/schemas/block-list.ts';
import { FormField } from '../../../components/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useAddBlockListEntry } from '../api/change-block-list.ts';

/** Adds the PDQ hash of known abusive material (from a hash-sharing list) with a note. */
export function BlockListForm() {
  const add = useAddBlockListEntry();
  const form = useForm({
    resolver: zodResolver(addBlockListEntrySchema),
    defaultValues: { hash: '', note: '' },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      toast.success('Added to the block list');
      form.reset();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400)
        form.setError('hash', { message: failure.fields?.hash ?? failure.message }, { shouldFocus: true });
      else toast.error(failure instanceof Error ? failure.message : 'The hash could not be added');
    }
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Add a hash"
      className="grid gap-4 rounded-2xl border border-border p-4 sm:p-5"
    >
      <FormField
        label="PDQ hash"
        error={errors.hash?.message}
        hint="64 hexadecimal characters, as hash-sharing lists give them"
      >
        {(control) => (
          <Input
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            {...control}
            {...form.register('hash')}
          />
        )}
      </FormField>
      <FormField label="Note" error={errors.note?.message} hint="Where the hash came from (optional)">
        {(control) => <Input maxLength={BLOCK_LIST_NOTE_MAX} {...control} {...form.register('note')} />}
      </FormField>
      <Button
        type="submit"
        className="sm:self-end"
        disabled={add.isPending}
        aria-busy={add.isPending || undefined}
      >
        {add.isPending ? <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" /> : null}
        {add.isPending ? 'Adding…' : 'Add to block list'}
      </Button>
    </form>
  );
}
