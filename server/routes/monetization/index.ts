import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MonetizationServices } from '../../services/monetization/index.ts';
import checkoutRoutes from './checkout.ts';
import libraryRoutes from './library.ts';
import subscriptionRoutes from './subscriptions.ts';
import walletRoutes from './wallet.ts';

/** Fan monetization: checkout, subscriptions, subscribers, wallet and payouts, transactions, purchases. */
const monetizationRoutes: FastifyPluginAsyncZod<{ monetization: MonetizationServices }> = async (
  app,
  { monetization },
) => {
  await app.register(checkoutRoutes, {
    checkout: monetization.checkout,
    subscriptions: monetization.subscriptions,
  });
  await app.register(subscriptionRoutes, { subscriptions: monetization.subscriptions });
  await app.register(walletRoutes, { wallet: monetization.wallet });
  if (monetization.library) await app.register(libraryRoutes, { library: monetization.library });
};

export default monetizationRoutes;
