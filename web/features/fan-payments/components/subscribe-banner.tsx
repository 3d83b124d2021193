import { Crown, Info } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import type { CreatorProfile } from '#common/schemas/creators.ts';
import type { FanSubscription } from '#common/schemas/fan-payments.ts';
import { discountedCents } from '#common/schemas/pricing.ts';
import { trackButtonClick } from '../../../lib/analytics.ts';
import { useSession } from '../../../lib/session.ts';
import { useCreatorSubscription } from '../api/get-creator-subscription.ts';
import { useLinkOfferTerms } from '../api/get-link-offer.ts';
import { daysText, formatLongDate, formatPrice } from '../format.ts';
import { plansFromProfile } from '../plans.ts';
import { LazySelectPlanDialog } from './lazy-select-plan-dialog.tsx';

export const manageSubscriptionsPath = `${pathTo('settings')}?tab=payments&view=subscriptions`;

function SubscribedNote({ subscription }: { subscription: FanSubscription }) {
  const until = formatLongDate(subscription.currentPeriodEnd);
  return (
    <section
      aria-label="Your subscription"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-primary/40 bg-primary/5 px-5 py-4"
    >
      <span className="flex items-center gap-3">
        <Crown aria-hidden="true" className="size-5 text-primary" />
        <span className="flex flex-col">
          <span className="font-semibold">Subscribed · {subscription.planName}</span>
          <span className="text-sm text-muted-foreground">
            {subscription.renews ? `Renews on ${until}` : `Access until ${until}; it will not renew`}
          </span>
        </span>
      </span>
      <Link
        to={manageSubscriptionsPath}
        className="text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        Manage
      </Link>
    </section>
  );
}

/**
 * 'Subscribe Now' with the monthly price, opening the Select plan dialog; a subscriber sees their
 * plan instead, and the owner sees what fans pay. Opened from an offer's link, a promotion's first
 * period or a trial's free days show here and in Select plan, and subscribing takes them.
 */
export function SubscribeBanner({ profile }: { profile: CreatorProfile }) {
  const [open, setOpen] = useState(false);
  const session = useSession();
  // The server says whether this page takes a subscription from this viewer (server/policies/fan-payments.ts).
  const state = useCreatorSubscription(profile.handle, session?.user.id ?? null, profile.canSubscribe);
  const monthly = `${formatPrice(profile.price.monthly)}/month`;
  // Opened from an offer's link: a promotion's first period or a trial's free days.
  const { offer, promotion, trial } = useLinkOfferTerms(profile.handle);

  if (profile.viewer.isOwner) {
    return (
      <p className="rounded-xl border border-border p-4 text-sm text-muted-foreground">
        Fans subscribe to you for <span className="font-semibold text-foreground">{monthly}</span>.
      </p>
    );
  }
  const subscription = state.data?.subscription ?? null;
  if (subscription?.hasAccess) return <SubscribedNote subscription={subscription} />;

  // Signed out, the plans still show; choosing one asks to sign in.
  const refusal = session && state.data && !state.data.canSubscribe ? state.data.reason : null;
  const plans = state.data?.plans ?? plansFromProfile(profile.price, profile.bundles);
  const bundles = plans.filter((plan) => plan.months > 1);
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        disabled={!profile.canSubscribe || refusal !== null}
        aria-describedby={refusal ? `subscribe-refusal-${profile.id}` : undefined}
        onClick={() => {
          trackButtonClick('subscribe_now');
          setOpen(true);
        }}
        className="flex w-full items-center justify-between gap-3 rounded-xl bg-primary px-5 py-4 text-left text-primary-foreground transition-colors hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-60"
      >
        <span className="flex items-center gap-3">
          <Crown aria-hidden="true" className="size-5" />
          <span className="font-semibold">Subscribe Now</span>
        </span>
        <span className="font-semibold">{trial ? `Free for ${daysText(trial.days)}` : monthly}</span>
      </button>
      {promotion ? (
        <p className="text-sm font-medium text-primary">
          With this link: {promotion.discountPercent}% off your first payment (
          {formatPrice({
            amount: discountedCents(profile.price.monthly.amount, promotion.discountPercent),
            currency: profile.price.monthly.currency,
          })}{' '}
          for the first month)
        </p>
      ) : trial ? (
        <p className="text-sm font-medium text-primary">
          Free for {daysText(trial.days)} with this link, then {monthly} if you choose to renew. Nothing is
          charged now.
        </p>
      ) : offer && !offer.available && offer.unavailableReason ? (
        // The link's offer cannot be used (ended, claimed, not for this fan): the usual price, said so.
        <p className="text-sm text-muted-foreground">
          {offer.unavailableReason}, so subscribing is at the usual price.
        </p>
      ) : null}
      {bundles.length > 0 ? (
        <ul aria-label="Bundles" className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          {bundles.map((plan) => (
            <li key={plan.id} className="whitespace-nowrap">
              {plan.name} {formatPrice(plan.price)}
              {plan.badge ? <span className="font-medium text-primary"> · {plan.badge}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {refusal ? (
        <p
          id={`subscribe-refusal-${profile.id}`}
          className="flex items-center gap-2 text-sm text-muted-foreground"
        >
          <Info aria-hidden="true" className="size-4 shrink-0" />
          {refusal}
        </p>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <LazySelectPlanDialog
            open
            onOpenChange={setOpen}
            handle={profile.handle}
            displayName={profile.displayName}
            plans={plans}
            promotion={promotion}
            trial={trial}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
