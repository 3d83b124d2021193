import { Link } from 'react-router';
import { routes } from '#common/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatShortDate } from '../../../lib/format.ts';
import { usePurchasedMessages } from '../api/get-purchased-messages.ts';
import { MessageAttachment } from './message-attachment.tsx';

/**
 * The Purchased tab's messages: each pay-per-view message the viewer unlocked, with its photos and
 * videos, who sent it and a link back to the conversation.
 */
export function PurchasedMessages({ userId }: { userId: string }) {
  const query = usePurchasedMessages(userId);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="purchased-messages" className="grid gap-3 py-4">
      <h2 id="purchased-messages" className="text-base font-semibold">
        Messages you unlocked
      </h2>
      {query.isPending ? (
        <div role="status" aria-label="Loading the messages you unlocked" className="grid gap-2">
          <Skeleton className="h-32 w-full rounded-xl" />
        </div>
      ) : query.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p>The messages you unlocked could not be loaded: {query.error.message}</p>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Pay-per-view messages you unlock are kept here for good.
        </p>
      ) : (
        <ul className="grid gap-4">
          {items.map(({ message, from, purchasedAt }) => (
            <li key={message.id} className="grid gap-2 rounded-xl border border-border p-3">
              <p className="text-sm">
                <span className="font-medium">{from.name}</span>
                {from.handle ? <span className="text-muted-foreground"> @{from.handle}</span> : null}
                <span className="text-muted-foreground"> · unlocked {formatShortDate(purchasedAt)}</span>
              </p>
              {message.text ? <p className="text-sm whitespace-pre-wrap">{message.text}</p> : null}
              {message.attachment ? (
                <MessageAttachment messageId={message.id} attachment={message.attachment} mine={false} />
              ) : null}
              <Button asChild variant="link" size="sm" className="justify-self-start px-0">
                <Link to={`${routes.messages}?c=${message.conversationId}`}>Open the conversation</Link>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-center"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </Button>
      ) : null}
    </section>
  );
}
