import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FanCheckoutService } from '../../../services/billing/fan-payments/checkout.service.ts';
import type { EarningsService } from '../../../services/billing/fan-payments/earnings.service.ts';
import type { MonetizationLibrary } from '../../../services/billing/fan-payments/library.service.ts';
import type { OffersService } from '../../../services/billing/fan-payments/offers.service.ts';
import type { FanSubscriptionsService } from '../../../services/billing/fan-payments/subscriptions.service.ts';
import type { TipsService } from '../../../services/billing/fan-payments/tips.service.ts';
import type { WalletService } from '../../../services/billing/fan-payments/wallet.service.ts';
import type { PresentPosts } from '../../../services/posts/post-views.ts';
import checkoutRoutes from './checkout.ts';
import earningsRoutes from './earnings.ts';
import libraryRoutes from './library.ts';
import offerRoutes from './offers.ts';
import subscriptionRoutes from './subscriptions.ts';
import tipRoutes from './tips.ts';
import walletRoutes from './wallet.ts';

/** Fan monetization: checkout, subscriptions, subscribers, wallet, earnings and payouts, transactions, purchases, tips. */
const monetizationRoutes: FastifyPluginAsyncZod<{
  monetization: {
    checkout: FanCheckoutService;
    subscriptions: FanSubscriptionsService;
    wallet: WalletService;
    earnings: EarningsService;
    library: MonetizationLibrary;
    tips: TipsService;
    offers: OffersService;
  };
  /** The post presenter for the Purchased tab. */
  presentPosts: PresentPosts;
}> = async (app, { monetization, presentPosts }) => {
  await app.register(checkoutRoutes, {
    checkout: monetization.checkout,
    subscriptions: monetization.subscriptions,
  });
  await app.register(subscriptionRoutes, { subscriptions: monetization.subscriptions });
  await app.register(walletRoutes, { wallet: monetization.wallet });
  await app.register(earningsRoutes, { earnings: monetization.earnings });
  await app.register(libraryRoutes, { library: monetization.library, presentPosts });
  await app.register(tipRoutes, { tips: monetization.tips });
  await app.register(offerRoutes, { offers: monetization.offers, subscriptions: monetization.subscriptions });
};

export default monetizationRoutes;
