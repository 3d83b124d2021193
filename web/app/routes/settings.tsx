import { ChevronRight, Type } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SettingsSection } from '../../components/settings-section.tsx';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';
import { ThemeChoice } from '../../features/appearance/components/theme-choice.tsx';
import { useMyCreator } from '../../features/creators/index.ts';
import { PaymentSubscriptionTab } from '../../features/fan-payments/index.ts';
import { FanListsDialog } from '../../features/mass-messages/index.ts';
import { AccountTab } from '../../features/settings/components/account-tab.tsx';
import { PrivacySafetyTab } from '../../features/settings/components/privacy-safety-tab.tsx';
import { SettingsTabsView } from '../../features/settings/components/settings-tabs-view.tsx';
import { SupportTab } from '../../features/settings/components/support-tab.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { type SessionUser, useSession } from '../../lib/session.ts';

/** Theme and fonts: they belong to the device, so they work signed out too. */
function Appearance() {
  return (
    <SettingsSection title="Appearance" description="How Fanplace looks on this device.">
      <ThemeChoice />
      <Link
        to={pathTo('fontSettings')}
        className="flex items-center gap-3 rounded-xl border border-border p-3 transition-colors hover:bg-accent/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Type aria-hidden="true" className="size-5 text-primary" />
        <span className="flex flex-1 flex-col">
          <span className="text-sm font-medium">Fonts</span>
          <span className="text-xs text-muted-foreground">Choose body, heading and monospace fonts</span>
        </span>
        <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
      </Link>
    </SettingsSection>
  );
}

/** Privacy & Safety: only a creator has countries to hide their page in, so a fan's tab never asks. */
function PrivacyPanel({ user }: { user: SessionUser }) {
  const isCreator = Boolean(useMyCreator(user.id).data?.creator);
  return <PrivacySafetyTab user={user} isCreator={isCreator} />;
}

const signInReasons = {
  account: 'Sign in to see your account, change your email or password and manage your devices.',
  payments: 'Sign in to see your transactions and the subscriptions you manage.',
  privacy: 'Sign in to manage the people you blocked and your data.',
};

function SettingsPage() {
  useDocumentTitle('Settings');
  const session = useSession();
  const user = session?.user ?? null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col">
      <PageHeader title="Settings" description="Your account, payments, privacy and support." />
      <SettingsTabsView
        // A new key per account: nothing typed for one account carries over to the next.
        key={user?.id ?? 'signed-out'}
        panels={{
          account: user ? (
            <AccountTab user={user} appearance={<Appearance />} />
          ) : (
            <div className="flex flex-col gap-6">
              <SignInPrompt reason={signInReasons.account} />
              <Appearance />
            </div>
          ),
          payments: user ? (
            <PaymentSubscriptionTab renderFanLists={(dialog) => <FanListsDialog {...dialog} />} />
          ) : (
            <SignInPrompt reason={signInReasons.payments} />
          ),
          'privacy-safety': user ? (
            <PrivacyPanel user={user} />
          ) : (
            <SignInPrompt reason={signInReasons.privacy} />
          ),
          // Contact Support works signed out too (the server takes signed-out requests).
          support: <SupportTab user={user} />,
        }}
      />
    </div>
  );
}

export { SettingsPage as Component };
