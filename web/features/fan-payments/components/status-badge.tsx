import type { Subscriber, SubscriberStatus, TransactionStatus } from '#common/schemas/fan-payments.ts';
import { cn } from '../../../lib/utils.ts';
import { subscriberState } from '../subscriber-state.ts';

type Tone = 'good' | 'waiting' | 'bad' | 'neutral';

const tones: Record<Tone, string> = {
  good: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
  waiting: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  bad: 'bg-destructive/15 text-destructive',
  neutral: 'border border-border text-muted-foreground',
};

export const transactionStatusLabels: Record<TransactionStatus, string> = {
  completed: 'Completed',
  pending: 'Pending',
  failed: 'Failed',
};

const transactionTones: Record<TransactionStatus, Tone> = {
  completed: 'good',
  pending: 'waiting',
  failed: 'bad',
};

const subscriberTones: Record<SubscriberStatus, Tone> = {
  Subscribed: 'good',
  Unsubscribed: 'neutral',
  Expired: 'waiting',
};

function Pill({ tone, children, className }: { tone: Tone; children: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

export function TransactionStatusBadge({
  status,
  className,
}: {
  status: TransactionStatus;
  className?: string;
}) {
  return (
    <Pill tone={transactionTones[status]} className={className}>
      {transactionStatusLabels[status]}
    </Pill>
  );
}

export function SubscriberStatusBadge({
  status,
  className,
}: {
  status: SubscriberStatus;
  className?: string;
}) {
  return (
    <Pill tone={subscriberTones[status]} className={className}>
      {status}
    </Pill>
  );
}

/** A subscriber row's state in words ('Active · renews 3 Dec 2026 · $8.00'): it may wrap. */
export function SubscriberStateBadge({
  subscriber,
  className,
}: {
  subscriber: Subscriber;
  className?: string;
}) {
  const { tone, label } = subscriberState(subscriber);
  return (
    <Pill tone={tone} className={cn('whitespace-normal', className)}>
      {label}
    </Pill>
  );
}

export function StatusPill({ tone, label }: { tone: Tone; label: string }) {
  return <Pill tone={tone}>{label}</Pill>;
}
