import { Paperclip, SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { messageLimits, messageMessages } from '#common/schemas/messages.ts';
import { chargeProblem } from '#common/schemas/posts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useFocusOnMount } from '../../../lib/focus-on-mount.ts';
import { formatNumber } from '../../../lib/format.ts';
import { cn } from '../../../lib/utils.ts';
import type { AttachedItem, AttachmentProgress, AttachmentSend } from '../use-send-attachment.ts';
import { ComposerAttachments } from './composer-attachments.tsx';

/** Shown once a message gets this close to the limit. */
const COUNTER_FROM = messageLimits.maxLength - 200;
const MAX_HEIGHT_PX = 160;

/** Refuses a blank message or one over the limit, in the spec's words; null when it may go. */
export function composerProblem(text: string, hasItems = false): string | null {
  if (text.trim() === '' && !hasItems) return messageMessages.blank;
  if (text.length > messageLimits.maxLength) return messageMessages.tooLong;
  return null;
}

/** Enter sends, Shift+Enter adds a newline (spec section 5). */
/** What a progress state reads as, for the status line. */
function progressText(progress: AttachmentProgress): string | null {
  if (progress.phase === 'uploading')
    return `Uploading ${progress.total > 1 ? `${progress.index + 1} of ${progress.total} ` : ''}(${progress.percent}%)…`;
  if (progress.phase === 'sending') return 'Sending…';
  return null;
}

export function Composer({
  recipientName,
  onSend,
  autoFocus = false,
  onSendAttachment,
  attachProgress = { phase: 'idle' },
}: {
  recipientName: string;
  onSend: (text: string) => void;
  autoFocus?: boolean;
  /** Given to creators (the conversation's `canAttachMedia`): photos and videos, maybe for a price. */
  onSendAttachment?: (input: AttachmentSend) => Promise<void>;
  attachProgress?: AttachmentProgress;
}) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [attaching, setAttaching] = useState(false);
  const [items, setItems] = useState<AttachedItem[]>([]);
  const [price, setPrice] = useState('');
  const [priceProblem, setPriceProblem] = useState<string | null>(null);
  const busy = attachProgress.phase !== 'idle';
  const field = useRef<HTMLTextAreaElement>(null);
  const fieldRef = useFocusOnMount(autoFocus, field);
  const errorId = useId();
  const counterId = useId();
  const tooLong = text.length > messageLimits.maxLength;

  // Grows with its text up to a few lines, then scrolls.
  useLayoutEffect(() => {
    const element = field.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, MAX_HEIGHT_PX)}px`;
  });

  function submit(event?: FormEvent): void {
    event?.preventDefault();
    if (busy) return;
    const withItems = onSendAttachment !== undefined && items.length > 0;
    const refused = composerProblem(text, withItems);
    setProblem(refused);
    if (refused) {
      field.current?.focus();
      return;
    }
    if (!withItems) {
      onSend(text);
      setText('');
      field.current?.focus();
      return;
    }
    const badPrice = price.trim() === '' ? null : chargeProblem(price);
    setPriceProblem(badPrice);
    if (badPrice) return;
    // Nothing is cleared until the message is stored: a failure keeps the words, items and price.
    onSendAttachment({ text, items, price }).then(
      () => {
        for (const item of items) if (item.source === 'file') URL.revokeObjectURL(item.url);
        setText('');
        setItems([]);
        setPrice('');
        setAttaching(false);
        field.current?.focus();
      },
      (error: unknown) =>
        setProblem(error instanceof Error ? error.message : 'The message could not be sent.'),
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  const shownProblem = tooLong ? messageMessages.tooLong : problem;
  const status = progressText(attachProgress);
  return (
    <form onSubmit={submit} className="border-t border-border bg-background p-3" aria-busy={busy}>
      {attaching && onSendAttachment ? (
        <div className="mb-2">
          <ComposerAttachments
            items={items}
            onItems={(next) => {
              setItems(next);
              if (problem) setProblem(null);
            }}
            price={price}
            onPrice={(next) => {
              setPrice(next);
              if (priceProblem) setPriceProblem(null);
            }}
            priceProblem={priceProblem}
            disabled={busy}
            onProblem={setProblem}
          />
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        {onSendAttachment ? (
          <Button
            type="button"
            variant={attaching ? 'secondary' : 'ghost'}
            size="icon"
            className="rounded-full"
            aria-label="Attach photos or videos"
            aria-expanded={attaching}
            disabled={busy}
            onClick={() => setAttaching((open) => !open)}
          >
            <Paperclip aria-hidden="true" />
          </Button>
        ) : null}
        <textarea
          ref={fieldRef}
          rows={1}
          value={text}
          // biome-ignore lint/a11y/noAutofocus: opening a conversation on a desktop means writing in it
          autoFocus={autoFocus}
          onChange={(event) => {
            setText(event.target.value);
            if (problem) setProblem(null);
          }}
          onKeyDown={onKeyDown}
          placeholder={`Message ${recipientName}`}
          aria-label={`Message ${recipientName}`}
          aria-invalid={shownProblem ? true : undefined}
          aria-describedby={
            cn(shownProblem && errorId, text.length >= COUNTER_FROM && counterId) || undefined
          }
          className="max-h-40 min-h-10 flex-1 resize-none rounded-2xl border border-input bg-background px-4 py-2.5 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive"
        />
        <Button
          type="submit"
          size="icon"
          className="rounded-full"
          aria-label="Send message"
          disabled={tooLong || busy}
        >
          <SendHorizontal aria-hidden="true" />
        </Button>
      </div>
      <div className="flex min-h-5 items-start justify-between gap-3 px-2 pt-1 text-xs">
        <p id={errorId} role="alert" className="text-destructive">
          {shownProblem}
        </p>
        {status ? (
          <p role="status" className="shrink-0 text-muted-foreground">
            {status}
          </p>
        ) : null}
        {text.length >= COUNTER_FROM ? (
          <p
            id={counterId}
            className={cn('shrink-0 tabular-nums', tooLong ? 'text-destructive' : 'text-muted-foreground')}
          >
            {formatNumber(text.length)}/{formatNumber(messageLimits.maxLength)}
          </p>
        ) : (
          <p className="hidden text-muted-foreground sm:block">Enter to send, Shift+Enter for a new line</p>
        )}
      </div>
    </form>
  );
}
