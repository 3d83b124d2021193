import { Info, Landmark, Plus, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import type { PayoutSettingsView } from '#common/schemas/payouts.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatLongDate } from '../format.ts';
import { PayoutAccountDialog } from './payout-account-dialog.tsx';

function AccountDetails({ settings }: { settings: PayoutSettingsView }) {
  const account = settings.account;
  if (!account)
    return (
      <EmptyState
        icon={Landmark}
        title="No payout account yet"
        description="Add the bank account or mobile money wallet your payouts should go to."
        className="py-8"
      />
    );
  const country =
    settings.countries.find((option) => option.code === account.country)?.name ?? account.country;
  return (
    <dl className="grid gap-3 rounded-xl border border-border p-4 text-sm sm:grid-cols-2">
      <div className="min-w-0">
        <dt className="text-muted-foreground">{account.type === 'mobile_money' ? 'Mobile money' : 'Bank'}</dt>
        <dd className="font-medium">
          {account.bankName} •••• {account.last4}
        </dd>
      </div>
      <div className="min-w-0">
        <dt className="text-muted-foreground">Account holder</dt>
        <dd className="font-medium break-words">{account.accountName}</dd>
      </div>
      <div className="min-w-0">
        <dt className="text-muted-foreground">Country and currency</dt>
        <dd className="font-medium">
          {country}, paid in {account.currency}
        </dd>
      </div>
      <div className="min-w-0">
        <dt className="text-muted-foreground">Added</dt>
        <dd className="font-medium">{formatLongDate(account.addedAt)}</dd>
      </div>
    </dl>
  );
}

/**
 * Where payouts go. Without transfers on this server an admin sends every payout by hand, so there
 * is no account to add: the section says so instead.
 */
export function PayoutAccountSection({ userId, settings }: { userId: string; settings: PayoutSettingsView }) {
  const [open, setOpen] = useState(false);
  if (!settings.transfersEnabled)
    return (
      <SettingsSection title="Payout account">
        <p
          role="note"
          className="flex items-start gap-3 rounded-xl border border-border bg-muted/60 p-4 text-sm"
        >
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>
            On this site an admin sends payouts by hand. When you ask for a payout on your wallet, they send
            it to you by bank transfer and mark it paid, so there is no account to add here.
          </span>
        </p>
      </SettingsSection>
    );
  const Icon = settings.account ? RefreshCw : Plus;
  return (
    <SettingsSection
      title="Payout account"
      description="Where your payouts are sent. Only the last four digits are shown."
      aside={
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          <Icon aria-hidden="true" />
          {settings.account ? 'Change account' : 'Add account'}
        </Button>
      }
    >
      <AccountDetails settings={settings} />
      {open ? (
        <PayoutAccountDialog userId={userId} settings={settings} onClose={() => setOpen(false)} />
      ) : null}
    </SettingsSection>
  );
}
