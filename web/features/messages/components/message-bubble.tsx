import { AlertCircle, Check, CheckCheck, Clock, Flag } from 'lucide-react';
import type { ChatMessage } from '#common/schemas/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { formatLocalDate } from '../../../lib/format.ts';
import { cn } from '../../../lib/utils.ts';
import { TipMarker } from '../../tips/index.ts';
import { MessageAttachment } from './message-attachment.tsx';

export type DeliveryState = 'sending' | 'sent' | 'read' | 'failed';

const stateText: Record<DeliveryState, string> = {
  sending: 'Sending…',
  sent: 'Sent',
  read: 'Seen',
  failed: 'Not sent',
};

const stateIcon = { sending: Clock, sent: Check, read: CheckCheck, failed: AlertCircle } as const;

interface MessageBubbleProps {
  text: string;
  createdAt: string;
  mine: boolean;
  /** Only the viewer's own messages have a delivery state. */
  state?: DeliveryState;
  /** Spell the state out (under the newest of the viewer's messages, and under any failed one). */
  showState?: boolean;
  error?: string | null;
  onRetry?: () => void;
  onDiscard?: () => void;
  /** The other person's messages can be reported to the moderators. */
  onReport?: () => void;
  /** A fan's tip: the bubble starts with its amount (the text is the fan's note, maybe empty). */
  tip?: { amount: number; currency: string } | null | undefined;
  /** Photos and videos, maybe for a price (a pay-per-view message); needs `messageId`. */
  attachment?: ChatMessage['attachment'];
  messageId?: string;
}

export function MessageBubble({
  text,
  createdAt,
  mine,
  state,
  showState = false,
  error,
  onRetry,
  onDiscard,
  onReport,
  tip,
  attachment,
  messageId,
}: MessageBubbleProps) {
  const Icon = state ? stateIcon[state] : null;
  const hasText = text !== '' || Boolean(tip);
  return (
    <div className={cn('group/message flex flex-col gap-1', mine ? 'items-end' : 'items-start')}>
      {attachment && messageId ? (
        <MessageAttachment messageId={messageId} attachment={attachment} mine={mine} />
      ) : null}
      <div
        hidden={!hasText}
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap sm:max-w-[70%]',
          mine
            ? 'rounded-br-md bg-primary text-primary-foreground'
            : 'rounded-bl-md bg-muted text-foreground',
          state === 'sending' && 'opacity-70',
          state === 'failed' && 'bg-destructive/15 text-foreground ring-1 ring-destructive/40',
        )}
      >
        {tip ? <TipMarker tip={tip} /> : null}
        {text}
      </div>
      <div className="flex items-center gap-1.5 px-1 text-[11px] text-muted-foreground">
        <time dateTime={createdAt} title={formatLocalDate(createdAt, 'stamp')}>
          {formatLocalDate(createdAt, 'time')}
        </time>
        {state && Icon ? (
          <span
            className={cn(
              'flex items-center gap-1',
              state === 'read' && 'text-primary',
              state === 'failed' && 'text-destructive',
            )}
          >
            <Icon aria-hidden="true" className="size-3.5" />
            <span className={cn(!showState && state !== 'failed' && 'sr-only')} data-state={state}>
              {stateText[state]}
            </span>
          </span>
        ) : null}
        {onReport ? (
          <button
            type="button"
            onClick={onReport}
            aria-label="Report message"
            title="Report message"
            className="rounded-sm p-0.5 opacity-0 transition-opacity group-hover/message:opacity-100 hover:text-foreground focus-visible:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring pointer-coarse:opacity-100"
          >
            <Flag aria-hidden="true" className="size-3.5" />
          </button>
        ) : null}
      </div>
      {state === 'failed' ? (
        <div className="flex flex-wrap items-center justify-end gap-2 px-1 text-xs" role="alert">
          <span className="text-destructive">{error ?? 'The message could not be sent.'}</span>
          {onRetry ? (
            <Button size="sm" variant="outline" className="h-7 px-2.5 text-xs" onClick={onRetry}>
              Retry
            </Button>
          ) : null}
          {onDiscard ? (
            <Button size="sm" variant="ghost" className="h-7 px-2.5 text-xs" onClick={onDiscard}>
              Delete
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
