import { Link } from 'react-router';
import { routes } from '#common/routes.ts';
import { type Conversation, previewText } from '#common/schemas/messages.ts';
import { relativeTimeLabel } from '../../../lib/format.ts';
import { cn } from '../../../lib/utils.ts';
import { tipPreview } from '../../tips/index.ts';
import { PersonAvatar } from './person-avatar.tsx';

interface ConversationItemProps {
  conversation: Conversation;
  viewerId: string;
  selected: boolean;
  now: Date;
}

/**
 * One conversation preview: who, the first 30 characters of the last message, when, and an unread dot.
 * Its accessible name is its text, as shown (name, handle, time, preview), then whether it is unread;
 * no label of its own, so nothing it shows is left out of what a screen reader says.
 */
export function ConversationItem({ conversation, viewerId, selected, now }: ConversationItemProps) {
  const { other, lastMessage, unread } = conversation;
  const preview = lastMessage
    ? `${lastMessage.senderId === viewerId ? 'You: ' : ''}${lastMessage.tip ? tipPreview(lastMessage.tip, previewText(lastMessage.text)) : previewText(lastMessage.text)}`
    : 'No messages yet';
  const at = lastMessage?.createdAt ?? conversation.updatedAt;
  return (
    <Link
      to={`${routes.messages}?c=${encodeURIComponent(conversation.id)}`}
      aria-current={selected ? 'true' : undefined}
      className={cn(
        'flex items-center gap-3 rounded-xl px-3 py-2.5 transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        selected && 'bg-accent',
      )}
    >
      {/* The initials repeat the name beside them. */}
      <span aria-hidden="true" className="shrink-0">
        <PersonAvatar person={other} />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline gap-2">
          <span className={cn('min-w-0 flex-1 truncate text-sm', unread ? 'font-bold' : 'font-semibold')}>
            {other.name}
            {other.handle ? (
              <>
                {' '}
                <span className="ml-1 font-normal text-muted-foreground">@{other.handle}</span>
              </>
            ) : null}
          </span>{' '}
          <time dateTime={at} className="shrink-0 text-xs text-muted-foreground">
            {relativeTimeLabel(at, now)}
          </time>
        </span>{' '}
        {/* The spaces between parts (collapsed on screen) keep them apart in the accessible name. */}
        <span className="mt-0.5 flex items-center gap-2">
          <span
            className={cn(
              'min-w-0 flex-1 truncate text-sm',
              unread ? 'font-medium text-foreground' : 'text-muted-foreground',
              !lastMessage && 'italic',
            )}
          >
            {preview}
          </span>
          {unread ? (
            <>
              <span data-testid="unread-dot" className="size-2.5 shrink-0 rounded-full bg-primary" />{' '}
              <span className="sr-only">Unread</span>
            </>
          ) : null}
        </span>
      </span>
    </Link>
  );
}
