import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionPlans } from '../../../../common/plans.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('GET /api/subscriptions/plans', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers the spec's seed plans from the shared catalogue, yearly at 10 x monthly, without signing in", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/subscriptions/plans' });
    expect(response.statusCode).toBe(200);
    const { items } = response.json();
    expect(items).toEqual(subscriptionPlans);
    expect(items.map((p: { id: string; price: number }) => [p.id, p.price])).toEqual([
      ['starter', 15000],
      ['professional', 25000],
      ['enterprise', 40000],
    ]);
    for (const plan of items) {
      expect(plan).toMatchObject({ duration: 30, trialDays: 14, yearlyPrice: plan.price * 10 });
      expect(plan.prices.monthly).toEqual({ amount: plan.price * 100, currency: 'NGN' });
      expect(plan.prices.yearly).toEqual({ amount: plan.price * 1000, currency: 'NGN' });
      expect(plan.features.length).toBeGreaterThanOrEqual(5);
      // 'Save 17%' is true: two months of twelve free.
      expect(Math.round((1 - plan.prices.yearly.amount / (plan.prices.monthly.amount * 12)) * 100)).toBe(17);
    }
    expect(
      items.filter((p: { popular: boolean }) => p.popular).map((p: { badge: string }) => p.badge),
    ).toEqual(['Most Popular']);
  });

  it('documents the subscription and payment routes in the OpenAPI document', async () => {
    const { paths } = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const expected = {
      '/api/subscriptions/plans': 'get',
      '/api/subscriptions/initialize-payment': 'post',
      '/api/subscriptions/verify-payment': 'post',
      '/api/subscriptions/current': 'get',
      '/api/subscriptions/cancel': 'post',
      '/api/subscriptions/change-plan': 'post',
      '/api/payments/webhook/{provider}': 'post',
    };
    for (const [path, method] of Object.entries(expected)) {
      expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(paths['/api/subscriptions/current'].get.security).toEqual([{ bearer: [] }]);
  });
});
