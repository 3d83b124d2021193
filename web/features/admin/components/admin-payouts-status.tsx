import { CircleCheck, CircleX, Clock, Hand, KeyRound, type LucideIcon, Send, Undo2 } from 'lucide-react';
import type { PayoutStatus } from '#common/schemas/fan-payments.ts';
import type { AdminPayoutDetail } from '#common/schemas/payouts.ts';
import { cn } from '../../../lib/utils.ts';
import { type PayoutTone, payoutStatusLabel } from '../payout-labels.ts';

const tones: Record<PayoutTone, string> = {
  good: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
  waiting: 'border border-border text-muted-foreground',
  action: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  bad: 'bg-destructive/15 text-destructive',
};

const icons: Record<PayoutStatus, LucideIcon> = {
  requested: Clock,
  sending: Send,
  pending: Clock,
  otp: KeyRound,
  paid: CircleCheck,
  failed: CircleX,
  reversed: Undo2,
};

/** A payout's status in words, with an icon, so it never rests on colour alone. */
export function AdminPayoutStatusBadge({
  payout,
  className,
}: {
  payout: Pick<AdminPayoutDetail, 'status' | 'method'>;
  className?: string;
}) {
  const { label, tone } = payoutStatusLabel(payout);
  const Icon = payout.status === 'requested' && payout.method === 'manual' ? Hand : icons[payout.status];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        tones[tone],
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {label}
    </span>
  );
}
