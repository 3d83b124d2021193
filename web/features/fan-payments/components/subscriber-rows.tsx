import { Ban, Eye, ListPlus, MessageCircle, UserMinus } from 'lucide-react';
import type { Subscriber } from '#common/schemas/fan-payments.ts';
import { Avatar, AvatarFallback } from '../../../components/ui/avatar.tsx';
import { initialsOf, personLabel } from '../../../lib/user-display.ts';
import { cn } from '../../../lib/utils.ts';
import { formatMoney, formatShortDate } from '../format.ts';
import { RowMenu } from './row-menu.tsx';
import { SubscriberStateBadge } from './status-badge.tsx';

export type SubscriberAction = 'details' | 'message' | 'lists' | 'unsubscribe' | 'block';

const columns = '@2xl:grid-cols-[minmax(0,1fr)_11rem_6rem_5rem_5rem_2.25rem]';

function initials(subscriber: Subscriber): string {
  const [firstName = '', ...rest] = subscriber.name.split(' ');
  return initialsOf({ firstName, lastName: rest.join(' '), email: '' });
}

interface SubscriberRowsProps {
  items: Subscriber[];
  onChoose: (action: SubscriberAction, subscriber: Subscriber, trigger: HTMLElement | null) => void;
}

/** The creator's subscribers: columns on a wide column, a card each on a phone (one markup). */
export function SubscriberRows({ items, onChoose }: SubscriberRowsProps) {
  return (
    <div className="flex flex-col gap-2 @2xl:gap-0 @2xl:rounded-xl @2xl:border @2xl:border-border">
      <div
        aria-hidden="true"
        className={cn(
          'hidden gap-3 border-b border-border px-4 py-2 text-xs font-medium text-muted-foreground @2xl:grid',
          columns,
        )}
      >
        <span>Subscriber</span>
        <span>Status</span>
        <span>Date</span>
        <span>Plan</span>
        <span className="text-right">Amount</span>
        <span />
      </div>
      <ul
        aria-label="Subscribers"
        className="flex flex-col gap-2 @2xl:gap-0 @2xl:divide-y @2xl:divide-border"
      >
        {items.map((subscriber) => {
          const choose = (action: SubscriberAction) => (trigger: HTMLElement | null) =>
            onChoose(action, subscriber, trigger);
          return (
            <li
              key={subscriber.id}
              className={cn(
                'grid grid-cols-[minmax(0,1fr)_auto_auto] items-center gap-x-3 gap-y-1 rounded-xl border border-border p-3 @2xl:rounded-none @2xl:border-0 @2xl:px-4',
                columns,
              )}
            >
              <div className="flex min-w-0 items-center gap-3">
                <Avatar className="size-9 shrink-0">
                  <AvatarFallback>{initials(subscriber)}</AvatarFallback>
                </Avatar>
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{subscriber.name}</p>
                  {subscriber.handle ? (
                    <p className="truncate text-xs text-muted-foreground">@{subscriber.handle}</p>
                  ) : null}
                  <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground @2xl:hidden">
                    <SubscriberStateBadge subscriber={subscriber} />
                    <span>{subscriber.planName}</span>
                    <span>Since {formatShortDate(subscriber.date)}</span>
                  </p>
                </div>
              </div>
              <span className="hidden @2xl:inline">
                <span className="sr-only">Status: </span>
                <SubscriberStateBadge subscriber={subscriber} />
              </span>
              <span className="hidden text-sm text-muted-foreground @2xl:inline">
                <span className="sr-only">Subscribed on </span>
                {formatShortDate(subscriber.date)}
              </span>
              <span className="hidden text-sm @2xl:inline">
                <span className="sr-only">Plan: </span>
                {subscriber.planName}
              </span>
              <span className="text-right text-sm font-semibold tabular-nums">
                <span className="sr-only">Amount: </span>
                {subscriber.trial ? 'Free' : formatMoney(subscriber.amount)}
              </span>
              <RowMenu
                label={`Actions for ${personLabel(subscriber)}`}
                items={[
                  { label: 'View Details', icon: Eye, onSelect: choose('details') },
                  { label: 'Message User', icon: MessageCircle, onSelect: choose('message') },
                  { label: 'Add to a list', icon: ListPlus, onSelect: choose('lists') },
                  {
                    label: 'Unsubscribe user',
                    icon: UserMinus,
                    destructive: true,
                    disabled: subscriber.status !== 'Subscribed',
                    onSelect: choose('unsubscribe'),
                  },
                  {
                    label: subscriber.blocked ? 'Blocked' : 'Block User',
                    icon: Ban,
                    destructive: true,
                    disabled: subscriber.blocked,
                    onSelect: choose('block'),
                  },
                ]}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
