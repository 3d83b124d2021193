import type { FastifyPluginAsync } from 'fastify';
import type { CheckoutService } from '../../../services/billing/agent-plans/checkout.service.ts';
import type { SubscriptionsService } from '../../../services/billing/agent-plans/subscriptions.service.ts';
import checkoutRoutes from './checkout.ts';
import manageRoutes from './manage.ts';
import planRoutes from './plans.ts';

/** Everything under /api/subscriptions (spec section 7), each file given only the service it calls. */
const subscriptionRoutes: FastifyPluginAsync<{
  payments: { checkout: CheckoutService; subscriptions: SubscriptionsService };
}> = async (app, { payments }) => {
  await app.register(planRoutes);
  await app.register(checkoutRoutes, { checkout: payments.checkout });
  await app.register(manageRoutes, { subscriptions: payments.subscriptions });
};

export default subscriptionRoutes;
