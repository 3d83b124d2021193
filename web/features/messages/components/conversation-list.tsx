import { MessageCircle, Search, SearchX } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useConversations } from '../api/get-conversations.ts';
import { useNow } from '../use-now.ts';
import { ConversationItem } from './conversation-item.tsx';

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading conversations" className="flex flex-col gap-1 p-2">
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className="flex items-center gap-3 px-3 py-2.5">
          <Skeleton className="size-11 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-5/6" />
          </div>
        </div>
      ))}
    </div>
  );
}

function ListNote({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof Search;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <p className="font-medium">{title}</p>
      {children}
    </div>
  );
}

/** The left pane: search by name or handle, then the conversations, most recent first. */
export function ConversationList({ userId, selectedId }: { userId: string; selectedId: string | null }) {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), 250);
  const conversations = useConversations(userId, query);
  const now = useNow();
  // A conversation opened but never written in stays out of the list, unless it is the open one.
  const items =
    conversations.data?.pages
      .flatMap((page) => page.items)
      .filter((item) => item.lastMessage !== null || item.id === selectedId) ?? [];

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="border-b border-border p-3">
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search by name or handle"
            aria-label="Search conversations"
            className="rounded-full pl-9"
            maxLength={100}
          />
        </div>
      </div>
      <nav aria-label="Conversations" className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {conversations.isPending ? (
          <ListSkeleton />
        ) : conversations.isError ? (
          <ListNote icon={MessageCircle} title="Could not load your conversations">
            <p className="text-sm text-muted-foreground">{conversations.error.message}</p>
            <Button size="sm" variant="outline" onClick={() => void conversations.refetch()}>
              Try again
            </Button>
          </ListNote>
        ) : items.length === 0 ? (
          query ? (
            <ListNote icon={SearchX} title={`No conversations match “${query}”`}>
              <p className="text-sm text-muted-foreground">Try another name or handle.</p>
            </ListNote>
          ) : (
            <ListNote icon={MessageCircle} title="No conversations yet">
              <p className="text-sm text-muted-foreground">
                Message a creator from their profile, and the conversation shows up here.
              </p>
              <Button asChild size="sm" variant="outline" className="mt-1">
                <Link to={pathTo('discover')}>Find creators</Link>
              </Button>
            </ListNote>
          )
        ) : (
          <ul className="flex flex-col gap-0.5 p-2">
            {items.map((conversation) => (
              <li key={conversation.id}>
                <ConversationItem
                  conversation={conversation}
                  viewerId={userId}
                  selected={conversation.id === selectedId}
                  now={now}
                />
              </li>
            ))}
            {conversations.hasNextPage ? (
              <li className="p-2">
                <Button
                  variant="ghost"
                  size="sm"
                  className="w-full"
                  disabled={conversations.isFetchingNextPage}
                  onClick={() => void conversations.fetchNextPage()}
                >
                  {conversations.isFetchingNextPage ? 'Loading…' : 'Show more conversations'}
                </Button>
              </li>
            ) : null}
          </ul>
        )}
      </nav>
    </div>
  );
}
