import { payoutMessages as m } from '../../../../common/schemas/payouts.ts';
import {
  type AccountType,
  type Bank,
  type TransferCountry,
  type TransferProvider,
  TransferRefusedError,
  transferCountries,
} from '../../../adapters/payments/transfers.ts';
import { badRequest, conflict } from '../../../errors.ts';
import { addDays, type Clock } from '../../../lib/clock.ts';
import type { PayoutAccountRecord } from '../../../repositories/billing/payouts/payout-accounts.repository.ts';
import type { PayoutsStore } from '../../../repositories/billing/payouts/payouts-store.ts';
import type { PayoutNotifier } from './notifier.ts';
import { payoutCurrencies } from './rates.ts';

/** Days automatic payouts wait after the payout account changed (a stolen session's window). */
export const ACCOUNT_CHANGE_HOLD_DAYS = 5;

export interface NewPayoutAccountInput {
  creatorUserId: string;
  country: string;
  currency: string;
  bankCode: string;
  accountNumber: string;
  type?: AccountType;
  /**
   * The caller proved a fresh confirmation (password, passkey or two-factor) for this change; the
   * type makes it impossible to forget.
   */
  confirmed: true;
}

/**
 * Payout accounts: the banks of a country, resolving a number to its holder's name, and making it
 * the provider's recipient. A change keeps the old account on record, holds automatic payouts for
 * five days and tells the creator by email and in the app. Payouts already made keep their own
 * recipient: a change never redirects one.
 */
export function createPayoutAccounts(deps: {
  store: PayoutsStore;
  /** Null: payouts are sent by hand only. */
  transfers: TransferProvider | null;
  notifier: PayoutNotifier;
  clock: Clock;
}) {
  const { store, clock } = deps;

  function served(
    country: string,
    currency: string,
  ): { provider: TransferProvider; country: TransferCountry } {
    if (!deps.transfers) throw conflict(m.transfersUnavailable);
    const code = country.toUpperCase();
    if (!(transferCountries as readonly string[]).includes(code))
      throw badRequest(m.countryUnsupported(code));
    const known = code as TransferCountry;
    if (payoutCurrencies[known] !== currency.toUpperCase())
      throw badRequest(m.currencyUnsupported(currency, code));
    return { provider: deps.transfers, country: known };
  }

  /** The provider refused: its own words, fit to show the creator. */
  async function inProviderWords<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof TransferRefusedError) throw badRequest(error.providerMessage);
      throw error;
    }
  }

  return {
    async listBanks(input: { country: string; currency: string; type?: AccountType }): Promise<Bank[]> {
      const { provider, country } = served(input.country, input.currency);
      return provider.listBanks({
        country,
        currency: input.currency.toUpperCase(),
        ...(input.type ? { type: input.type } : {}),
      });
    },

    /** The holder's name of an account, for the creator to confirm before saving it; nothing is kept. */
    async resolve(input: {
      country: string;
      currency: string;
      bankCode: string;
      accountNumber: string;
      type?: AccountType;
    }): Promise<{ accountName: string; bankName: string; last4: string }> {
      const { provider, country } = served(input.country, input.currency);
      const accountNumber = input.accountNumber.replace(/\s+/g, '');
      const banks = await provider.listBanks({ country, currency: input.currency.toUpperCase() });
      const bank = banks.find(
        (candidate) => candidate.code === input.bankCode && (!input.type || candidate.type === input.type),
      );
      if (!bank) throw badRequest(m.bankUnknown);
      const resolved = await inProviderWords(() =>
        provider.resolveAccount({ accountNumber, bankCode: bank.code }),
      );
      return { accountName: resolved.accountName, bankName: bank.name, last4: accountNumber.slice(-4) };
    },

    current: (creatorUserId: string): Promise<PayoutAccountRecord | null> =>
      store.accounts.current(creatorUserId),

    history: (creatorUserId: string): Promise<PayoutAccountRecord[]> => store.accounts.history(creatorUserId),

    /** Adds the creator's first account or replaces the current one. */
    async change(input: NewPayoutAccountInput): Promise<PayoutAccountRecord> {
      if (input.confirmed !== true) throw conflict(m.notConfirmed);
      const { provider, country } = served(input.country, input.currency);
      const currency = input.currency.toUpperCase();
      const accountNumber = input.accountNumber.replace(/\s+/g, '');
      const banks = await provider.listBanks({ country, currency });
      const bank = banks.find(
        (candidate) => candidate.code === input.bankCode && (!input.type || candidate.type === input.type),
      );
      if (!bank) throw badRequest(m.bankUnknown);
      const resolved = await inProviderWords(() =>
        provider.resolveAccount({ accountNumber, bankCode: bank.code }),
      );
      const recipient = await inProviderWords(() =>
        provider.createRecipient({
          type: bank.type,
          name: resolved.accountName,
          accountNumber,
          bankCode: bank.code,
          currency,
        }),
      );
      const now = clock.now();
      const holdUntil = addDays(now, ACCOUNT_CHANGE_HOLD_DAYS);
      const { account, first } = await store.withTransaction(async (r) => {
        await r.payouts.lockCreator(input.creatorUserId);
        const before = await r.accounts.current(input.creatorUserId);
        const saved = await r.accounts.replace({
          creatorUserId: input.creatorUserId,
          country,
          currency,
          type: bank.type,
          bankCode: bank.code,
          bankName: recipient.bankName || bank.name,
          last4: accountNumber.slice(-4),
          accountName: resolved.accountName,
          recipientCode: recipient.recipientCode,
          createdAt: now,
        });
        await r.settings.save(input.creatorUserId, { automaticHoldUntil: holdUntil }, now);
        return { account: saved, first: before === null };
      });
      await deps.notifier.accountChanged(account, { first, holdUntil });
      return account;
    },
  };
}

export type PayoutAccounts = ReturnType<typeof createPayoutAccounts>;
