import { CloudOff, ShieldAlert, Sparkles, Wallet as WalletIcon } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import type { PayoutSettingsView } from '#common/schemas/payouts.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useMyCreator } from '../../creators/index.ts';
import { usePayoutSettings } from '../api/get-payout-settings.ts';
import { formatDateTime, formatMoney, weekdayName } from '../format.ts';
import { PayoutAccountSection } from './payout-account-section.tsx';
import { PayoutHistory } from './payout-history.tsx';
import { PayoutScheduleSection } from './payout-schedule-section.tsx';

function PayoutsSkeleton() {
  return (
    <div role="status" aria-label="Loading your payout settings" className="flex flex-col gap-4">
      <Skeleton className="h-40 rounded-2xl" />
      <Skeleton className="h-48 rounded-2xl" />
      <Skeleton className="h-48 rounded-2xl" />
    </div>
  );
}

function BecomeCreator() {
  return (
    <EmptyState
      icon={WalletIcon}
      title="Payouts open when you become a creator"
      description="Creators are paid what fans spend on them. Where and when you are paid will be set here."
    >
      <Button asChild>
        <Link to={pathTo('creator')}>
          <Sparkles aria-hidden="true" />
          Become a Creator
        </Link>
      </Button>
    </EmptyState>
  );
}

/** After an account change automatic payouts wait, so a stolen session cannot redirect them unseen. */
function HoldNotice({ settings }: { settings: PayoutSettingsView }) {
  if (!settings.automaticHoldUntil) return null;
  return (
    <p
      role="note"
      className="flex items-start gap-3 rounded-xl border border-amber-500/40 bg-amber-500/10 p-4 text-sm"
    >
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        Your payout account was changed, so for your safety automatic payouts are paused until{' '}
        {formatDateTime(settings.automaticHoldUntil)} ({settings.accountChangeHoldDays} days after a change).
        If you did not make this change, change your password now and contact support.
      </span>
    </p>
  );
}

/** One line on how payouts happen now. */
function scheduleSummary(settings: PayoutSettingsView): string {
  if (!settings.transfersEnabled) return 'Ask for a payout on your wallet and an admin sends it by hand.';
  if (settings.schedule === 'weekly' && settings.weekday)
    return `Every ${weekdayName(settings.weekday)}, your available balance is sent when it is at least ${formatMoney(settings.minimum)}.`;
  return `Payouts are sent when you ask for them on your wallet (at least ${formatMoney(settings.minimum)}).`;
}

/**
 * The creator's payouts: where they go (the payout account), when (on request or weekly, and the
 * minimum), and every payout made with where it stands.
 */
export function PayoutsView({ userId }: { userId: string }) {
  const me = useMyCreator(userId);
  const isCreator = me.data?.creator != null;
  const settings = usePayoutSettings(userId, isCreator);
  const failed = me.isError ? me : settings.isError ? settings : null;
  const forbidden = settings.error instanceof ApiError && settings.error.status === 403;
  if (me.data && (!isCreator || forbidden)) return <BecomeCreator />;
  if (failed?.error)
    return (
      <EmptyState
        icon={CloudOff}
        title="Your payout settings could not be loaded"
        description={failed.error.message}
      >
        <Button onClick={() => void failed.refetch()}>Try again</Button>
      </EmptyState>
    );
  const data = settings.data;
  if (!data) return <PayoutsSkeleton />;
  return (
    <div className="flex flex-col gap-6">
      <HoldNotice settings={data} />
      <p className="text-sm text-muted-foreground">{scheduleSummary(data)}</p>
      <PayoutAccountSection userId={userId} settings={data} />
      <PayoutScheduleSection
        key={`${data.schedule}-${data.weekday}-${data.minimum.amount}`}
        userId={userId}
        settings={data}
      />
      <SettingsSection title="Payout history" description="Every payout, newest first, and where it stands.">
        <PayoutHistory userId={userId} />
      </SettingsSection>
    </div>
  );
}
