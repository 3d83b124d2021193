import { useSearchParams } from 'react-router';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useSession } from '../../../lib/session.ts';
import { useMyCreator } from '../../creators/index.ts';
import { MySubscriptions } from './my-subscriptions.tsx';
import { SavedCardSection } from './saved-card-section.tsx';
import { type RenderFanLists, SubscribersList } from './subscribers-list.tsx';
import { TransactionHistory } from './transaction-history.tsx';

const views = ['transactions', 'subscriptions'] as const;
type View = (typeof views)[number];

const viewFrom = (value: string | null): View =>
  value === 'subscriptions' ? 'subscriptions' : 'transactions';

/**
 * Settings > Payment & Subscription (spec section 2): Transaction History and Manage Subscriptions.
 * The open sub-tab lives in the URL (`&view=subscriptions`), so a link can open it.
 */
export function PaymentSubscriptionTab({ renderFanLists }: { renderFanLists: RenderFanLists }) {
  const session = useSession();
  const me = useMyCreator(session?.user.id);
  const [searchParams, setSearchParams] = useSearchParams();
  const view = viewFrom(searchParams.get('view'));
  const isCreator = Boolean(me.data?.creator);

  function open(value: string) {
    const next = new URLSearchParams(searchParams);
    next.set('view', viewFrom(value));
    setSearchParams(next, { replace: true, preventScrollReset: true });
  }

  return (
    <Tabs value={view} onValueChange={open} className="flex flex-col gap-2">
      <TabsList aria-label="Payment & Subscription">
        <TabsTrigger value="transactions">Transaction History</TabsTrigger>
        <TabsTrigger value="subscriptions">Manage Subscriptions</TabsTrigger>
      </TabsList>
      <TabsContent value="transactions" className="flex flex-col gap-6">
        <SavedCardSection />
        <SettingsSection
          title="Transaction History"
          description={
            isCreator
              ? 'Your payments, and the earnings from your subscribers and sales after the platform fee.'
              : 'Your payments for subscriptions and unlocked posts.'
          }
        >
          <TransactionHistory isCreator={isCreator} />
        </SettingsSection>
      </TabsContent>
      <TabsContent value="subscriptions" className="flex flex-col gap-6">
        {me.isPending ? (
          <Skeleton className="h-40 rounded-2xl" />
        ) : isCreator ? (
          <SettingsSection
            title="Your subscribers"
            description="Fans who subscribe to you, and what they paid."
          >
            <SubscribersList renderFanLists={renderFanLists} />
          </SettingsSection>
        ) : null}
        <SettingsSection
          title="Your subscriptions"
          description="Creators you subscribe to. Cancelling stops renewal; you keep access until the period ends."
        >
          <MySubscriptions />
        </SettingsSection>
      </TabsContent>
    </Tabs>
  );
}
