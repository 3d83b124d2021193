import { CloudOff, LoaderCircle, Search, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import type { BlockedUser } from '#common/schemas/safety.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useBlockedUsers } from '../api/get-blocked-users.ts';
import { type BlockedUserDialogState, BlockedUserDialogs } from './blocked-user-dialogs.tsx';
import { BlockedUserRow } from './blocked-user-row.tsx';

const SEARCH_DELAY_MS = 300;

function ListSkeleton() {
  return (
    <ul className="grid gap-3" aria-busy="true" aria-label="Loading blocked users">
      {[0, 1, 2].map((key) => (
        <li key={key}>
          <Skeleton className="h-14" />
        </li>
      ))}
    </ul>
  );
}

/** Blocked Users (spec section 2): search by name or @handle (never email), and per row Unblock, View Profile, Delete User. */
export function BlockedUsers() {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const blocked = useBlockedUsers(query);
  const [dialog, setDialog] = useState<BlockedUserDialogState | null>(null);
  const users: BlockedUser[] = blocked.data?.pages.flatMap((page) => page.items) ?? [];
  const searching = search.trim() !== query || blocked.isPlaceholderData;

  let body: React.ReactNode;
  if (blocked.isPending) body = <ListSkeleton />;
  else if (blocked.isError)
    body = (
      <EmptyState
        icon={CloudOff}
        title="Blocked users could not be loaded"
        description={blocked.error.message}
      >
        <Button onClick={() => void blocked.refetch()}>Try again</Button>
      </EmptyState>
    );
  else if (users.length === 0)
    body = query ? (
      <EmptyState
        icon={Search}
        title="No matches"
        description={`No one you blocked has a name or handle containing '${query}'.`}
      />
    ) : (
      <EmptyState
        icon={ShieldCheck}
        title="You have not blocked anyone"
        description="Block someone from their profile, a conversation or your subscribers list: they can no longer see your page, follow you, subscribe or message you."
      />
    );
  else
    body = (
      <>
        <ul className="divide-y divide-border rounded-xl border border-border" aria-label="Blocked users">
          {users.map((user) => (
            <BlockedUserRow
              key={user.id}
              user={user}
              onChoose={(action, returnFocusTo) => setDialog({ action, user, returnFocusTo })}
            />
          ))}
        </ul>
        {blocked.hasNextPage ? (
          <Button
            variant="outline"
            className="self-center"
            disabled={blocked.isFetchingNextPage}
            onClick={() => void blocked.fetchNextPage()}
          >
            {blocked.isFetchingNextPage
              ? 'Loading…'
              : blocked.isFetchNextPageError
                ? 'Try again'
                : 'Load more'}
          </Button>
        ) : null}
      </>
    );

  return (
    <SettingsSection
      title="Blocked Users"
      description="People you blocked cannot see your page or posts, follow, subscribe to or message you."
    >
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        {searching ? (
          <LoaderCircle
            aria-hidden="true"
            className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
          />
        ) : null}
        <Input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search by name or @handle"
          aria-label="Search blocked users by name or handle"
          aria-busy={searching || undefined}
          className="px-9"
          maxLength={254}
        />
      </div>
      <div aria-live="polite" className="sr-only">
        {searching || blocked.isPending
          ? ''
          : `${users.length}${blocked.hasNextPage ? '+' : ''} blocked ${users.length === 1 ? 'user' : 'users'}${query ? ` matching '${query}'` : ''}`}
      </div>
      <div className="flex flex-col gap-3">{body}</div>
      <BlockedUserDialogs dialog={dialog} onClose={() => setDialog(null)} onSwitch={setDialog} />
    </SettingsSection>
  );
}
