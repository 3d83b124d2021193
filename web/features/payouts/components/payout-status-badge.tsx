import { CircleAlert, CircleCheck, Clock } from 'lucide-react';
import type { PayoutStatus } from '#common/schemas/fan-payments.ts';
import { cn } from '../../../lib/utils.ts';
import { type PayoutTone, payoutStatusLabels, payoutStatusTones } from '../format.ts';

const tones: Record<PayoutTone, { className: string; icon: typeof Clock }> = {
  good: { className: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300', icon: CircleCheck },
  waiting: { className: 'bg-amber-500/15 text-amber-800 dark:text-amber-300', icon: Clock },
  bad: { className: 'bg-destructive/15 text-destructive', icon: CircleAlert },
};

/** The payout's state in words, with an icon and a colour that only repeat them. */
export function PayoutStatusBadge({ status, className }: { status: PayoutStatus; className?: string }) {
  const tone = tones[payoutStatusTones[status]];
  const Icon = tone.icon;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        tone.className,
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {payoutStatusLabels[status]}
    </span>
  );
}
