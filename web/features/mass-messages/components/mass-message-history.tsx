import { Megaphone } from 'lucide-react';
import type { MassMessageView } from '#common/schemas/mass-messages.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDateTime, formatMoney, formatNumber, formatPrice } from '../../../lib/format.ts';
import { useMassMessageHistory } from '../api/mass-messages.ts';

const number = (value: number) => formatNumber(value);

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function Row({ item }: { item: MassMessageView }) {
  const what = [
    item.itemCount > 0 ? `${item.itemCount} ${item.itemCount === 1 ? 'item' : 'items'}` : null,
    item.price ? `${formatPrice(item.price)} to unlock` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li className="grid gap-3 rounded-xl border border-border p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm font-medium">{item.audienceName}</p>
        <p className="text-xs text-muted-foreground">
          {item.status === 'sending'
            ? `Sending… ${number(item.delivered)} of ${number(item.recipients)}`
            : `Sent ${formatDateTime(item.createdAt)}`}
        </p>
      </div>
      {item.text ? <p className="line-clamp-3 text-sm whitespace-pre-wrap">{item.text}</p> : null}
      {what ? <p className="text-xs text-muted-foreground">{what}</p> : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Recipients" value={number(item.recipients)} />
        <Stat label="Viewed" value={number(item.viewed)} />
        <Stat label="Purchased" value={number(item.purchased)} />
        <Stat label="Earned" value={formatMoney(item.earned)} />
      </dl>
    </li>
  );
}

/** The creator's sent mass messages, newest first, each with recipients, views, purchases and earnings. */
export function MassMessageHistory({ userId }: { userId: string }) {
  const query = useMassMessageHistory(userId);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.isPending)
    return (
      <div role="status" aria-label="Loading your mass messages" className="grid gap-3">
        <Skeleton className="h-32 w-full rounded-xl" />
        <Skeleton className="h-32 w-full rounded-xl" />
      </div>
    );
  if (query.isError)
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p>Your mass messages could not be loaded: {query.error.message}</p>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  if (items.length === 0)
    return (
      <EmptyState
        icon={Megaphone}
        title="No mass messages yet"
        description="What you send to many fans at once is listed here, with how many saw it, bought it and what it earned."
      />
    );
  return (
    <div className="grid gap-3">
      <ul aria-label="Your mass messages" className="grid gap-3">
        {items.map((item) => (
          <Row key={item.id} item={item} />
        ))}
      </ul>
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
    </div>
  );
}
