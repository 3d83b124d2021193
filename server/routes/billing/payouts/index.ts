import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { markPayoutPaidSchema, payoutStatuses } from '../../../../common/schemas/fan-payments.ts';
import { pageQuery } from '../../../../common/schemas/pagination.ts';
import {
  adminPayoutActionSchema,
  adminPayoutDetailListSchema,
  exchangeRateListSchema,
  exchangeRateParamsSchema,
  finalizePayoutOtpSchema,
  latestReconcileSchema,
  payoutMessages as m,
  payoutBankListSchema,
  payoutBanksQuerySchema,
  payoutHistorySchema,
  payoutQuoteRequestSchema,
  payoutQuoteSchema,
  payoutSettingsSchema,
  requestPayoutResponseSchema,
  requestPayoutSchema,
  resolvedPayoutAccountSchema,
  resolvePayoutAccountSchema,
  savePayoutAccountSchema,
  setExchangeRateSchema,
  updatePayoutSettingsSchema,
} from '../../../../common/schemas/payouts.ts';
import {
  presentAdminPayoutDetail,
  presentExchangeRate,
  presentPayoutDetail,
  presentPayoutQuote,
  presentPayoutSettings,
  presentReconcileReport,
} from '../../../presenters/billing/payouts.ts';
import type { PayoutDesk } from '../../../services/billing/payouts/desk.service.ts';
import { endpoint, registerEndpoints } from '../../endpoints.ts';
import { uuidOr404 } from '../fan-payments/ids.ts';

const idParams = z.object({ id: z.string().max(64) });
const payoutId = uuidOr404(m.payoutNotFound);
const adminListQuery = pageQuery.extend({ status: z.enum(payoutStatuses).optional() });

/** A creator's own payouts (tags: payouts). */
export function payoutEndpoints(desk: PayoutDesk) {
  const settingsAnswer = async (view: ReturnType<PayoutDesk['settings']>) => {
    const { settings, ...rest } = await view;
    return presentPayoutSettings(settings, rest);
  };
  return [
    endpoint({
      method: 'GET',
      url: '/api/payouts/settings',
      summary: 'Your payout account, schedule and minimum, and the countries payouts go to',
      caller: 'user',
      response: payoutSettingsSchema,
      errors: [403],
      handler: ({ actor }) => settingsAnswer(desk.settings(actor)),
    }),
    endpoint({
      method: 'PUT',
      url: '/api/payouts/settings',
      summary: 'Payouts on request, or weekly on a weekday; your minimum (never below the platform’s)',
      caller: 'user',
      body: updatePayoutSettingsSchema,
      response: payoutSettingsSchema,
      errors: [400, 403],
      handler: ({ actor, body }) => settingsAnswer(desk.updateSettings(actor, body)),
    }),
    endpoint({
      method: 'GET',
      url: '/api/payouts/banks',
      summary: "The banks (or mobile-money providers) of a country, from the provider's list",
      caller: 'user',
      query: payoutBanksQuerySchema,
      response: payoutBankListSchema,
      errors: [400, 403, 409, 429, 503],
      handler: async ({ actor, query }) => ({
        items: (await desk.banks(actor, query)).map(({ name, code, type, currency }) => ({
          name,
          code,
          type,
          currency,
        })),
      }),
    }),
    endpoint({
      method: 'POST',
      url: '/api/payouts/account/resolve',
      summary:
        "The account holder's name for a bank and account number, to confirm before saving; nothing is kept",
      caller: 'user',
      body: resolvePayoutAccountSchema,
      response: resolvedPayoutAccountSchema,
      errors: [400, 403, 409, 429, 503],
      handler: ({ actor, body }) => desk.resolve(actor, body),
    }),
    endpoint({
      method: 'PUT',
      url: '/api/payouts/account',
      summary:
        'Add or change where payouts go (current password, and a recent two-step code when it is on); automatic payouts wait 5 days, and you are told by email',
      caller: 'user',
      body: savePayoutAccountSchema,
      response: payoutSettingsSchema,
      errors: [400, 403, 409, 429, 503],
      handler: async ({ actor, user, body, request }) => {
        await request.server.requireRecentSecondFactor(request);
        return settingsAnswer(desk.changeAccount(actor, user, body));
      },
    }),
    endpoint({
      method: 'POST',
      url: '/api/payouts/quote',
      summary:
        'What a payout of this amount would be (the local amount and rate for a transfer); nothing is set aside',
      caller: 'user',
      body: payoutQuoteRequestSchema,
      response: payoutQuoteSchema,
      errors: [400, 403, 409],
      handler: async ({ actor, body }) => presentPayoutQuote(await desk.quote(actor, body.amountCents)),
    }),
    endpoint({
      method: 'POST',
      url: '/api/wallet/payouts',
      summary:
        'Request a payout (default: the whole available balance); the same idempotencyKey makes one payout; one payout in progress at a time',
      caller: 'user',
      body: requestPayoutSchema.nullish(),
      status: 201,
      response: requestPayoutResponseSchema,
      errors: [400, 403, 409],
      handler: async ({ actor, body, request }) => {
        await request.server.requireRecentSecondFactor(request);
        const { payout, accounts } = await desk.request(actor, body ?? {});
        return { message: m.requested, payout: presentPayoutDetail(payout, accounts) };
      },
    }),
    endpoint({
      method: 'GET',
      url: '/api/payouts',
      summary: 'Your payouts, newest first, with where each stands',
      caller: 'user',
      query: pageQuery,
      response: payoutHistorySchema,
      errors: [400, 403],
      handler: async ({ actor, query }) => {
        const page = await desk.history(actor, {
          limit: query.limit,
          ...(query.cursor ? { cursor: query.cursor } : {}),
        });
        return {
          items: page.rows.map((payout) => presentPayoutDetail(payout, page.accounts)),
          nextCursor: page.nextCursor,
        };
      },
    }),
  ];
}

/** Admins: settling payouts, OTPs, exchange rates, reconciling (tags: admin). */
export function adminPayoutEndpoints(desk: PayoutDesk) {
  const rates = async (view: ReturnType<PayoutDesk['rates']>) => {
    const { rows, now, maxAgeHours } = await view;
    return {
      items: rows.map((row) => presentExchangeRate(row.currency, row.rate, { now, maxAgeHours })),
      maxAgeHours,
    };
  };
  return [
    endpoint({
      method: 'GET',
      url: '/api/admin/payouts',
      summary: 'Payouts with the creator and the provider’s side (open ones oldest first)',
      caller: 'admin',
      query: adminListQuery,
      response: adminPayoutDetailListSchema,
      errors: [400],
      handler: async ({ actor, query }) => {
        const page = await desk.list(actor, {
          limit: query.limit,
          ...(query.cursor ? { cursor: query.cursor } : {}),
          ...(query.status ? { status: query.status } : {}),
        });
        return {
          items: page.rows.map((row) => presentAdminPayoutDetail(row, page.accounts)),
          nextCursor: page.nextCursor,
        };
      },
    }),
    endpoint({
      method: 'POST',
      url: '/api/admin/payouts/:id/paid',
      summary: 'Mark a payout sent by hand as paid; the ledger records it',
      caller: 'admin',
      params: idParams,
      body: markPayoutPaidSchema.nullish(),
      response: adminPayoutActionSchema,
      errors: [400, 404, 409],
      handler: async ({ actor, user, params, body }) => {
        const { row, accounts } = await desk.markPaid(actor, user, payoutId(params.id), body?.note);
        return { message: 'Payout marked as paid', payout: presentAdminPayoutDetail(row, accounts) };
      },
    }),
    endpoint({
      method: 'POST',
      url: '/api/admin/payouts/:id/otp',
      summary: 'Finalize a transfer waiting for the OTP the provider sent',
      caller: 'admin',
      params: idParams,
      body: finalizePayoutOtpSchema,
      response: adminPayoutActionSchema,
      errors: [400, 404, 409, 503],
      handler: async ({ actor, params, body }) => {
        const { applied, row, accounts } = await desk.finalizeOtp(actor, payoutId(params.id), body.otp);
        return { message: `OTP accepted: ${applied.note}`, payout: presentAdminPayoutDetail(row, accounts) };
      },
    }),
    endpoint({
      method: 'POST',
      url: '/api/admin/payouts/:id/verify',
      summary: 'Ask the provider where a transfer stands now, and apply its answer',
      caller: 'admin',
      params: idParams,
      response: adminPayoutActionSchema,
      errors: [404, 409, 503],
      handler: async ({ actor, params }) => {
        const { applied, row, accounts } = await desk.verify(actor, payoutId(params.id));
        return { message: `Checked: ${applied.note}`, payout: presentAdminPayoutDetail(row, accounts) };
      },
    }),
    endpoint({
      method: 'GET',
      url: '/api/admin/exchange-rates',
      summary: 'The exchange rate in force for each payout currency, and whether it is too old to pay with',
      caller: 'admin',
      response: exchangeRateListSchema,
      handler: ({ actor }) => rates(desk.rates(actor)),
    }),
    endpoint({
      method: 'PUT',
      url: '/api/admin/exchange-rates/:currency',
      summary: 'Set the rate for a payout currency (local units per USD); it is in force at once',
      caller: 'admin',
      params: exchangeRateParamsSchema,
      body: setExchangeRateSchema,
      response: exchangeRateListSchema,
      errors: [400],
      handler: ({ actor, user, params, body }) =>
        rates(desk.setRate(actor, user, params.currency, body.rate)),
    }),
    endpoint({
      method: 'GET',
      url: '/api/admin/payouts/reconcile',
      summary: 'The latest comparison of our payouts with the provider’s transfers and balance',
      caller: 'admin',
      response: latestReconcileSchema,
      handler: async ({ actor }) => {
        const report = await desk.latestReconcile(actor);
        return {
          transfersEnabled: desk.transfersEnabled,
          report: report ? presentReconcileReport(report) : null,
        };
      },
    }),
    endpoint({
      method: 'POST',
      url: '/api/admin/payouts/reconcile',
      summary: 'Compare the last two days of payouts with the provider now',
      caller: 'admin',
      response: latestReconcileSchema,
      errors: [409, 503],
      handler: async ({ actor }) => ({
        transfersEnabled: desk.transfersEnabled,
        report: presentReconcileReport(await desk.reconcile(actor)),
      }),
    }),
  ];
}

export function registerPayoutEndpoints(app: FastifyInstance, desk: PayoutDesk): void {
  registerEndpoints(app, ['payouts'], payoutEndpoints(desk));
  registerEndpoints(app, ['admin'], adminPayoutEndpoints(desk));
}
