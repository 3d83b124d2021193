import { SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { messageLimits, messageMessages } from '#common/schemas/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useFocusOnMount } from '../../../lib/focus-on-mount.ts';
import { cn } from '../../../lib/utils.ts';

/** Shown once a message gets this close to the limit. */
const COUNTER_FROM = messageLimits.maxLength - 200;
const MAX_HEIGHT_PX = 160;

/** Refuses a blank message or one over the limit, in the spec's words; null when it may go. */
export function composerProblem(text: string): string | null {
  if (text.trim() === '') return messageMessages.blank;
  if (text.length > messageLimits.maxLength) return messageMessages.tooLong;
  return null;
}

/** Enter sends, Shift+Enter adds a newline (spec section 5). */
export function Composer({
  recipientName,
  onSend,
  autoFocus = false,
}: {
  recipientName: string;
  onSend: (text: string) => void;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
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
    const refused = composerProblem(text);
    setProblem(refused);
    if (refused) {
      field.current?.focus();
      return;
    }
    onSend(text);
    setText('');
    field.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  const shownProblem = tooLong ? messageMessages.tooLong : problem;
  return (
    <form onSubmit={submit} className="border-t border-border bg-background p-3">
      <div className="flex items-end gap-2">
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
          disabled={tooLong}
        >
          <SendHorizontal aria-hidden="true" />
        </Button>
      </div>
      <div className="flex min-h-5 items-start justify-between gap-3 px-2 pt-1 text-xs">
        <p id={errorId} role="alert" className="text-destructive">
          {shownProblem}
        </p>
        {text.length >= COUNTER_FROM ? (
          <p
            id={counterId}
            className={cn('shrink-0 tabular-nums', tooLong ? 'text-destructive' : 'text-muted-foreground')}
          >
            {text.length.toLocaleString()}/{messageLimits.maxLength.toLocaleString()}
          </p>
        ) : (
          <p className="hidden text-muted-foreground sm:block">Enter to send, Shift+Enter for a new line</p>
        )}
      </div>
    </form>
  );
}
