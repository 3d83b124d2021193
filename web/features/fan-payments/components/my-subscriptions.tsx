import { Crown } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import type { FanSubscription } from '#common/schemas/fan-payments.ts';
import {
  ListLoadError,
  ListSkeleton,
  LoadMoreButton,
  NothingYet,
} from '../../../components/paged-list/states.tsx';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { cn } from '../../../lib/utils.ts';
import { useCancelMySubscription } from '../api/cancel-my-subscription.ts';
import { useMySubscriptions } from '../api/get-my-subscriptions.ts';
import { formatLongDate, formatMoney } from '../format.ts';
import { StatusPill } from './status-badge.tsx';

function statusOf(subscription: FanSubscription) {
  const end = formatLongDate(subscription.currentPeriodEnd);
  if (subscription.trial && (subscription.status === 'active' || subscription.status === 'canceled')) {
    if (subscription.status === 'active')
      return {
        tone: 'good' as const,
        label: 'Free trial',
        note: `Free until ${end}, then renews at ${formatMoney(subscription.amount)}`,
      };
    return subscription.hasAccess
      ? { tone: 'waiting' as const, label: 'Free trial', note: `Free until ${end}; it will not renew` }
      : { tone: 'neutral' as const, label: 'Ended', note: `Free trial ended on ${end}` };
  }
  switch (subscription.status) {
    case 'active':
      return { tone: 'good' as const, label: 'Active', note: `Renews on ${end}` };
    case 'canceled':
      return subscription.hasAccess
        ? { tone: 'waiting' as const, label: 'Cancelled', note: `Access until ${end}; it will not renew` }
        : { tone: 'neutral' as const, label: 'Ended', note: `Ended on ${end}` };
    case 'past_due':
      return { tone: 'bad' as const, label: 'Renewal failed', note: 'The last renewal did not go through' };
    case 'unsubscribed':
      return {
        tone: 'neutral' as const,
        label: 'Unsubscribed',
        note: `Ended by the creator on ${formatLongDate(subscription.endedAt)}`,
      };
    default:
      return {
        tone: 'neutral' as const,
        label: 'Expired',
        note: `Ended on ${formatLongDate(subscription.endedAt ?? subscription.currentPeriodEnd)}`,
      };
  }
}

/** What the fan pays: a free trial has cost nothing so far. */
function priceOf(subscription: FanSubscription): string {
  if (!subscription.trial || !(subscription.status === 'active' || subscription.status === 'canceled'))
    return formatMoney(subscription.amount);
  return subscription.renews ? `Free, then ${formatMoney(subscription.amount)}` : 'Free';
}

function CancelButton({ subscription }: { subscription: FanSubscription }) {
  const cancel = useCancelMySubscription();
  const name = subscription.creator.displayName;
  async function confirm() {
    try {
      toast.success((await cancel.mutateAsync(subscription.id)).message);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Request failed');
    }
  }
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <Button variant="outline" size="sm" disabled={cancel.isPending}>
          {cancel.isPending ? 'Cancelling…' : 'Cancel'}
          <span className="sr-only"> subscription to {name}</span>
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50 motion-safe:animate-fade-in" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border border-border bg-background p-6 shadow-xl motion-safe:animate-fade-in">
          <AlertDialog.Title className="font-heading text-lg font-semibold">
            Cancel your subscription to {name}?
          </AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">
            It will not renew. You keep access to {name}'s posts until{' '}
            {formatLongDate(subscription.currentPeriodEnd)}.
          </AlertDialog.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })}>
              Keep subscription
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={cn(buttonVariants({ variant: 'destructive' }))}
              onClick={() => void confirm()}
            >
              Cancel subscription
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

function SubscriptionItem({ subscription }: { subscription: FanSubscription }) {
  const { creator } = subscription;
  const status = statusOf(subscription);
  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      <Avatar className="size-10">
        {creator.avatarUrl ? <AvatarImage src={creator.avatarUrl} alt="" /> : null}
        <AvatarFallback>{creator.displayName.charAt(0).toUpperCase()}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <Link
          to={pathTo('publicProfile', { id: creator.handle })}
          className="block truncate text-sm font-medium hover:underline focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {creator.displayName}
        </Link>
        <p className="truncate text-xs text-muted-foreground">
          @{creator.handle} · {subscription.planName} · {priceOf(subscription)}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <StatusPill tone={status.tone} label={status.label} />
          <span>{status.note}</span>
        </p>
      </div>
      {subscription.status === 'active' && subscription.renews ? (
        <CancelButton subscription={subscription} />
      ) : null}
    </li>
  );
}

/** The fan's own subscriptions: who, which plan, until when; cancelling keeps access to the period's end. */
export function MySubscriptions() {
  const session = useSession();
  const query = useMySubscriptions(session?.user.id ?? '');
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.isPending) return <ListSkeleton label="Loading your subscriptions" rows={2} />;
  if (query.isError && !query.data)
    return (
      <ListLoadError
        title="Your subscriptions could not be loaded"
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  if (items.length === 0)
    return (
      <NothingYet
        icon={Crown}
        title="No subscriptions yet"
        text="Subscribe to a creator from their profile to see everything they post. Your subscriptions are managed here."
      />
    );
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Your subscriptions" className="divide-y divide-border rounded-xl border border-border">
        {items.map((subscription) => (
          <SubscriptionItem key={subscription.id} subscription={subscription} />
        ))}
      </ul>
      <LoadMoreButton query={query} />
    </div>
  );
}
