import { Send } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import type { MassMessageAudience, MassMessageAudienceCounts } from '#common/schemas/mass-messages.ts';
import { massMessageAudienceNames, massMessageMessages } from '#common/schemas/mass-messages.ts';
import { messageLimits, messageMessages } from '#common/schemas/messages.ts';
import { chargeProblem } from '#common/schemas/posts.ts';
import { FormField } from '../../../components/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatNumber } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { cn } from '../../../lib/utils.ts';
import {
  type AttachedItem,
  type AttachmentProgress,
  ComposerAttachments,
  uploadAttachedItems,
} from '../../messages/index.ts';
import { useAudiences, useSendMassMessage } from '../api/mass-messages.ts';

/** An audience choice: one of the fixed ones, or a list by id. */
type Choice = { audience: Exclude<MassMessageAudience, 'list'> } | { audience: 'list'; listId: string };

const key = (choice: Choice) => (choice.audience === 'list' ? `list:${choice.listId}` : choice.audience);

function countOf(counts: MassMessageAudienceCounts, choice: Choice): number {
  if (choice.audience === 'list') return counts.lists.find((list) => list.id === choice.listId)?.count ?? 0;
  return counts[choice.audience];
}

const fans = (count: number) => `${formatNumber(count)} ${count === 1 ? 'fan' : 'fans'}`;

function progressText(progress: AttachmentProgress): string | null {
  if (progress.phase === 'uploading')
    return `Uploading ${progress.total > 1 ? `${progress.index + 1} of ${progress.total} ` : ''}(${progress.percent}%)…`;
  if (progress.phase === 'sending') return 'Sending…';
  return null;
}

/**
 * A mass message: who it goes to (with how many fans each audience holds now), the words, photos
 * and videos, and a price to unlock them. Nothing is cleared until the server took it.
 */
export function MassMessageForm({ userId }: { userId: string }) {
  const audiences = useAudiences(userId);
  const send = useSendMassMessage(userId);
  const [choice, setChoice] = useState<Choice>({ audience: 'subscribers' });
  const [text, setText] = useState('');
  const [items, setItems] = useState<AttachedItem[]>([]);
  const [price, setPrice] = useState('');
  const [problems, setProblems] = useState<{ text?: string; price?: string; form?: string }>({});
  const [progress, setProgress] = useState<AttachmentProgress>({ phase: 'idle' });
  const uploaded = useRef(new Map<File, string>());
  const busy = progress.phase !== 'idle';

  const counts = audiences.data;
  const chosenCount = counts ? countOf(counts, choice) : 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !counts) return;
    const next: typeof problems = {};
    if (text.trim() === '' && items.length === 0) next.text = messageMessages.blank;
    else if (text.length > messageLimits.maxLength) next.text = messageMessages.tooLong;
    if (price.trim() !== '') {
      if (items.length === 0) next.price = messageMessages.priceNeedsMedia;
      else {
        const problem = chargeProblem(price);
        if (problem) next.price = problem;
      }
    }
    if (chosenCount === 0) next.form = massMessageMessages.nobody;
    setProblems(next);
    if (Object.keys(next).length > 0) return;
    try {
      const mediaIds = await uploadAttachedItems(items, uploaded.current, setProgress);
      setProgress({ phase: 'sending' });
      const sent = await send.mutateAsync({
        ...(choice.audience === 'list'
          ? { audience: 'list', listId: choice.listId }
          : { audience: choice.audience }),
        text,
        ...(mediaIds.length > 0 ? { mediaIds } : {}),
        ...(price.trim() ? { price: price.trim() } : {}),
      });
      toast.success(massMessageMessages.sent(sent.recipients));
      for (const item of items) if (item.source === 'file') URL.revokeObjectURL(item.url);
      uploaded.current.clear();
      setText('');
      setItems([]);
      setPrice('');
      void audiences.refetch();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      setProblems({
        ...(fields?.text ? { text: fields.text } : {}),
        ...(fields?.price ? { price: fields.price } : {}),
        form: error instanceof Error ? error.message : 'The mass message could not be sent.',
      });
    } finally {
      setProgress({ phase: 'idle' });
    }
  }

  const status = progressText(progress);
  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-5" aria-busy={busy} noValidate>
      <fieldset className="grid gap-2" disabled={busy}>
        <legend className="mb-1 text-sm font-medium">Send to</legend>
        {audiences.isPending ? (
          <div role="status" aria-label="Counting your fans" className="grid gap-2">
            <Skeleton className="h-10 w-full rounded-lg" />
            <Skeleton className="h-10 w-full rounded-lg" />
          </div>
        ) : audiences.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p>Your audiences could not be loaded: {audiences.error.message}</p>
            <Button type="button" size="sm" variant="outline" onClick={() => void audiences.refetch()}>
              Try again
            </Button>
          </div>
        ) : counts ? (
          <div className="grid gap-2 sm:grid-cols-2">
            {[
              ...(['subscribers', 'followers', 'expired'] as const).map(
                (audience): { choice: Choice; name: string } => ({
                  choice: { audience },
                  name: massMessageAudienceNames[audience],
                }),
              ),
              ...counts.lists.map((list): { choice: Choice; name: string } => ({
                choice: { audience: 'list', listId: list.id },
                name: `List: ${list.name}`,
              })),
            ].map(({ choice: option, name }) => {
              const checked = key(option) === key(choice);
              return (
                <label
                  key={key(option)}
                  className={cn(
                    'flex cursor-pointer items-center justify-between gap-3 rounded-lg border border-border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    checked && 'border-primary bg-primary/5',
                  )}
                >
                  <span className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="audience"
                      checked={checked}
                      onChange={() => {
                        setChoice(option);
                        setProblems((current) => ({ ...current, form: undefined }));
                      }}
                      className="accent-primary"
                    />
                    {name}
                  </span>
                  <span className="text-muted-foreground tabular-nums">{fans(countOf(counts, option))}</span>
                </label>
              );
            })}
          </div>
        ) : null}
      </fieldset>
      <FormField label="Message" error={problems.text} hint={`${text.length}/${messageLimits.maxLength}`}>
        {(control) => (
          <Textarea
            {...control}
            value={text}
            rows={4}
            disabled={busy}
            onChange={(event) => {
              setText(event.target.value);
              if (problems.text) setProblems((current) => ({ ...current, text: undefined }));
            }}
            placeholder="Write to your fans"
          />
        )}
      </FormField>
      <ComposerAttachments
        items={items}
        onItems={setItems}
        price={price}
        onPrice={(next) => {
          setPrice(next);
          if (problems.price) setProblems((current) => ({ ...current, price: undefined }));
        }}
        priceProblem={problems.price ?? null}
        disabled={busy}
        onProblem={(message) => setProblems((current) => ({ ...current, form: message }))}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy || !counts}>
          <Send aria-hidden="true" />
          {counts ? `Send to ${fans(chosenCount)}` : 'Send'}
        </Button>
        {status ? (
          <p role="status" className="text-sm text-muted-foreground">
            {status}
          </p>
        ) : null}
      </div>
      {problems.form ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problems.form}
        </p>
      ) : null}
    </form>
  );
}
