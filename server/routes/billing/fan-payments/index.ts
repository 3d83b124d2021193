import type { FastifyPluginAsync } from 'fastify';
import type { FanCheckoutService } from '../../../services/billing/fan-payments/checkout.service.ts';
import type { EarningsService } from '../../../services/billing/fan-payments/earnings.service.ts';
import type { FanPaymentLibrary } from '../../../services/billing/fan-payments/library.service.ts';
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

/** Fan payments: checkout, subscriptions, subscribers, wallet, earnings and payouts, transactions, purchases, tips. */
const fanPaymentRoutes: FastifyPluginAsync<{
  fanPayments: {
    checkout: FanCheckoutService;
    subscriptions: FanSubscriptionsService;
    wallet: WalletService;
    earnings: EarningsService;
    library: FanPaymentLibrary;
    tips: TipsService;
    offers: OffersService;
  };
  /** The post presenter for the Purchased tab. */
  presentPosts: PresentPosts;
}> = async (app, { fanPayments, presentPosts }) => {
  await app.register(checkoutRoutes, {
    checkout: fanPayments.checkout,
    subscriptions: fanPayments.subscriptions,
  });
  await app.register(subscriptionRoutes, { subscriptions: fanPayments.subscriptions });
  await app.register(walletRoutes, { wallet: fanPayments.wallet });
  await app.register(earningsRoutes, { earnings: fanPayments.earnings });
  await app.register(libraryRoutes, { library: fanPayments.library, presentPosts });
  await app.register(tipRoutes, { tips: fanPayments.tips });
  await app.register(offerRoutes, { offers: fanPayments.offers, subscriptions: fanPayments.subscriptions });
};

export default fanPaymentRoutes;
