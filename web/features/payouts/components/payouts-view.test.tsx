import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayoutSettingsView } from '#common/schemas/payouts.ts';
import { Component as PayoutsPage } from '../../../app/routes/wallet-payouts.tsx';
import { toast } from '../../../lib/toast.ts';
import { json, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { buildProfile } from '../../creators/test/build-profile.ts';
import { page, paramsOf, stubApi } from '../../fan-payments/test/fan-payments-api.ts';
import {
  buildPayoutDetail,
  buildPayoutSettings,
  ghanaianBanks,
  gtbank,
  nigerianBanks,
} from '../test/payouts-api.ts';

const renderPayouts = () =>
  renderRoutes([{ path: '/wallet/payouts', Component: PayoutsPage }], '/wallet/payouts');

type Handlers = Parameters<typeof stubApi>[0];

/** A signed-in creator whose payout settings are `settings` (changed by the handlers as saved). */
function stubPayouts(settings: PayoutSettingsView, handlers: Handlers = {}) {
  return stubApi({
    'GET /api/creators/me': () =>
      json(200, {
        creator: buildProfile({ viewer: { isOwner: true, isFollowing: false } }),
        counts: { liked: 0, purchased: 0, purchasedMessages: 0 },
      }),
    'GET /api/payouts/settings': () => json(200, settings),
    'GET /api/payouts': () => page([]),
    ...handlers,
  });
}

const bodyOf = (request: RecordedRequest | undefined) => JSON.parse(request?.body ?? '{}') as unknown;
const sent = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((request) => request.method === method && request.url.split('?')[0] === path);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('the payout account', () => {
  it('shows the current account with only its last digits, and the hold after a change', async () => {
    signInAs({ id: 'u-9' });
    stubPayouts(buildPayoutSettings({ account: gtbank, automaticHoldUntil: '2026-03-15T10:00:00.000Z' }));
    renderPayouts();
    expect(screen.getByRole('status', { name: 'Loading your payout settings' })).toBeTruthy();
    const section = await screen.findByRole('region', { name: 'Payout account' });
    expect(within(section).getByText('Guaranty Trust Bank •••• 6789')).toBeTruthy();
    expect(within(section).getByText('ADA LOVELACE')).toBeTruthy();
    expect(within(section).getByText('Nigeria, paid in NGN')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Change account' })).toBeTruthy();
    const hold = screen.getByRole('note');
    expect(hold.textContent).toMatch(/automatic payouts are paused until 15 Mar 2026/);
    expect(hold.textContent).toMatch(/5 days after a change/);
  });

  it('adds an account: banks load, the check shows the holder, and the password confirms it', async () => {
    const user = signInAs({ id: 'u-9', email: 'ada@example.com' });
    const success = vi.spyOn(toast, 'success');
    let settings = buildPayoutSettings();
    const requests = stubPayouts(settings, {
      'GET /api/payouts/settings': () => json(200, settings),
      'GET /api/payouts/banks': () => page(nigerianBanks),
      'POST /api/payouts/account/resolve': () =>
        json(200, { accountName: 'ADA LOVELACE', bankName: 'Guaranty Trust Bank', last4: '6789' }),
      'PUT /api/payouts/account': (request) => {
        const body = bodyOf(request) as { currentPassword: string };
        if (body.currentPassword !== 'right-password')
          return json(400, {
            message: 'Validation failed',
            code: 'VALIDATION_ERROR',
            fields: { currentPassword: 'Current password is incorrect' },
          });
        settings = buildPayoutSettings({ account: gtbank, automaticHoldUntil: '2026-03-15T10:00:00.000Z' });
        return json(200, settings);
      },
    });
    renderPayouts();
    const section = await screen.findByRole('region', { name: 'Payout account' });
    expect(within(section).getByRole('heading', { name: 'No payout account yet' })).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: 'Add account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a payout account' });
    expect((within(dialog).getByLabelText('Country') as HTMLSelectElement).value).toBe('NG');
    // Nigeria has no mobile money choice.
    expect(within(dialog).queryByRole('radio', { name: 'Mobile money' })).toBeNull();
    const bank = within(dialog).getByLabelText('Bank') as HTMLSelectElement;
    await waitFor(() => expect(bank.disabled).toBe(false));
    expect(paramsOf(sent(requests, 'GET', '/api/payouts/banks')[0])).toEqual({ country: 'NG' });

    // The check asks for a bank first, in the contract's words.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check account' }));
    expect(within(dialog).getByText('Choose your bank from the list')).toBeTruthy();
    expect(sent(requests, 'POST', '/api/payouts/account/resolve')).toHaveLength(0);

    await userEvent.selectOptions(bank, 'Guaranty Trust Bank');
    await userEvent.type(within(dialog).getByLabelText('Account number'), '0123456789');
    expect(within(dialog).queryByLabelText('Current password')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check account' }));
    expect(await within(dialog).findByText('Account holder: ADA LOVELACE')).toBeTruthy();
    expect(bodyOf(sent(requests, 'POST', '/api/payouts/account/resolve')[0])).toEqual({
      country: 'NG',
      bankCode: '058',
      accountNumber: '0123456789',
      type: 'nuban',
    });
    expect(within(dialog).getByText(/saving pauses automatic payouts for 5 days/)).toBeTruthy();

    const password = within(dialog).getByLabelText('Current password');
    expect(password.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      within(dialog).getByText(`Signed up with Google and never set a password? Type ${user.email} instead.`),
    ).toBeTruthy();
    await userEvent.type(password, 'wrong-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save payout account' }));
    expect(await within(dialog).findByText('Current password is incorrect')).toBeTruthy();

    await userEvent.clear(password);
    await userEvent.type(password, 'right-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save payout account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const saves = sent(requests, 'PUT', '/api/payouts/account');
    expect(saves).toHaveLength(2);
    expect(bodyOf(saves[1])).toEqual({
      country: 'NG',
      bankCode: '058',
      accountNumber: '0123456789',
      type: 'nuban',
      currentPassword: 'right-password',
    });
    expect(success).toHaveBeenCalledWith('Payout account added');
    expect(within(section).getByText('Guaranty Trust Bank •••• 6789')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toMatch(/automatic payouts are paused until 15 Mar 2026/);
  });

  it("shows the provider's words when the number cannot be checked, and a change of number asks again", async () => {
    signInAs({ id: 'u-9' });
    const requests = stubPayouts(buildPayoutSettings(), {
      'GET /api/payouts/banks': () => page(nigerianBanks),
      'POST /api/payouts/account/resolve': (request) =>
        (bodyOf(request) as { accountNumber: string }).accountNumber === '0000000000'
          ? json(400, { message: 'Could not resolve account name. Check parameters or try again.' })
          : json(200, { accountName: 'ADA LOVELACE', bankName: 'Access Bank', last4: '1111' }),
    });
    renderPayouts();
    await userEvent.click(await screen.findByRole('button', { name: 'Add account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a payout account' });
    const bank = within(dialog).getByLabelText('Bank') as HTMLSelectElement;
    await waitFor(() => expect(bank.disabled).toBe(false));
    await userEvent.selectOptions(bank, 'Access Bank');
    const number = within(dialog).getByLabelText('Account number');
    await userEvent.type(number, '0000000000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check account' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Could not resolve account name. Check parameters or try again.',
    );
    expect(within(dialog).queryByLabelText('Current password')).toBeNull();

    await userEvent.clear(number);
    await userEvent.type(number, '0123451111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check account' }));
    expect(await within(dialog).findByText('Account holder: ADA LOVELACE')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    // Editing the number again drops the name that was checked.
    await userEvent.type(number, '2');
    expect(within(dialog).queryByText('Account holder: ADA LOVELACE')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Check account' })).toBeTruthy();
    expect(sent(requests, 'PUT', '/api/payouts/account')).toHaveLength(0);
  });

  it('offers mobile money where the country has it, with its own list of providers', async () => {
    signInAs({ id: 'u-9' });
    const requests = stubPayouts(buildPayoutSettings(), {
      'GET /api/payouts/banks': (request) =>
        page(
          paramsOf(request).country === 'GH'
            ? ghanaianBanks.filter((bank) => !paramsOf(request).type || bank.type === paramsOf(request).type)
            : nigerianBanks,
        ),
    });
    renderPayouts();
    await userEvent.click(await screen.findByRole('button', { name: 'Add account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a payout account' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Country'), 'Ghana');
    expect(within(dialog).getByText('Paid in GHS')).toBeTruthy();
    const bankAccount = within(dialog).getByRole('radio', { name: 'Bank account' }) as HTMLInputElement;
    expect(bankAccount.checked).toBe(true);
    const bank = within(dialog).getByLabelText('Bank') as HTMLSelectElement;
    await waitFor(() => expect(bank.disabled).toBe(false));
    // A bank account's list leaves the mobile money providers out.
    expect([...bank.options].map((option) => option.text)).toEqual(['Choose your bank', 'GCB Bank']);

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Mobile money' }));
    const provider = within(dialog).getByLabelText('Mobile money provider') as HTMLSelectElement;
    await waitFor(() =>
      expect([...provider.options].map((option) => option.text)).toEqual([
        'Choose your provider',
        'MTN Mobile Money',
      ]),
    );
    expect(within(dialog).getByLabelText('Mobile money number')).toBeTruthy();
    expect(paramsOf(sent(requests, 'GET', '/api/payouts/banks').at(-1))).toEqual({
      country: 'GH',
      type: 'mobile_money',
    });
  });

  it('says an admin sends payouts by hand when this site has no transfers, with no account form', async () => {
    signInAs({ id: 'u-9' });
    stubPayouts(buildPayoutSettings({ transfersEnabled: false }));
    renderPayouts();
    const section = await screen.findByRole('region', { name: 'Payout account' });
    expect(within(section).getByRole('note').textContent).toMatch(/an admin sends payouts by hand/);
    expect(within(section).queryByRole('button', { name: /account/ })).toBeNull();
    const schedule = screen.getByRole('region', { name: 'Schedule' });
    expect(within(schedule).getByRole('radio', { name: 'Every week' })).toHaveProperty('disabled', true);
  });

  it('invites someone who is not a creator to become one, without asking for payout settings', async () => {
    signInAs({ id: 'u-2' });
    const requests = stubApi({
      'GET /api/creators/me': () =>
        json(200, { creator: null, counts: { liked: 0, purchased: 0, purchasedMessages: 0 } }),
    });
    renderPayouts();
    expect(
      await screen.findByRole('heading', { name: 'Payouts open when you become a creator' }),
    ).toBeTruthy();
    expect(requests.map((request) => request.url)).toEqual(['/api/creators/me']);
  });
});

describe('the payout schedule', () => {
  it('saves a weekly payout on a weekday with a minimum, never below the platform minimum', async () => {
    signInAs({ id: 'u-9' });
    const success = vi.spyOn(toast, 'success');
    const requests = stubPayouts(buildPayoutSettings({ account: gtbank }), {
      'PUT /api/payouts/settings': (request) => {
        const body = bodyOf(request) as { schedule: 'weekly'; weekday: number; minimumCents: number };
        return json(
          200,
          buildPayoutSettings({
            account: gtbank,
            schedule: body.schedule,
            weekday: body.weekday,
            minimum: { amount: body.minimumCents, currency: 'USD' },
          }),
        );
      },
    });
    renderPayouts();
    const schedule = await screen.findByRole('region', { name: 'Schedule' });
    expect(
      (within(schedule).getByRole('radio', { name: 'When I ask for it' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(within(schedule).queryByLabelText('Day of the week')).toBeNull();
    await userEvent.click(within(schedule).getByRole('radio', { name: 'Every week' }));
    await userEvent.selectOptions(within(schedule).getByLabelText('Day of the week'), 'Friday');
    const minimum = within(schedule).getByLabelText('Minimum payout (USD)') as HTMLInputElement;
    expect(minimum.value).toBe('20');

    await userEvent.clear(minimum);
    await userEvent.type(minimum, '10');
    await userEvent.click(within(schedule).getByRole('button', { name: 'Save schedule' }));
    expect(within(schedule).getByRole('alert').textContent).toBe('The minimum cannot be below $20.00');
    expect(minimum.getAttribute('aria-invalid')).toBe('true');
    expect(sent(requests, 'PUT', '/api/payouts/settings')).toHaveLength(0);

    await userEvent.clear(minimum);
    await userEvent.type(minimum, '50.50');
    await userEvent.click(within(schedule).getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Payout schedule saved'));
    expect(bodyOf(sent(requests, 'PUT', '/api/payouts/settings')[0])).toEqual({
      schedule: 'weekly',
      weekday: 5,
      minimumCents: 5050,
    });
    expect(
      await screen.findByText('Every Friday, your available balance is sent when it is at least $50.50.'),
    ).toBeTruthy();
  });

  it("shows the server's refusal", async () => {
    signInAs({ id: 'u-9' });
    stubPayouts(buildPayoutSettings({ account: gtbank, schedule: 'weekly', weekday: 2 }), {
      'PUT /api/payouts/settings': () =>
        json(400, { message: 'Choose a weekday from 1 (Monday) to 7 (Sunday)', code: 'BAD_REQUEST' }),
    });
    renderPayouts();
    const schedule = await screen.findByRole('region', { name: 'Schedule' });
    expect((within(schedule).getByLabelText('Day of the week') as HTMLSelectElement).value).toBe('2');
    await userEvent.click(within(schedule).getByRole('button', { name: 'Save schedule' }));
    expect((await within(schedule).findByRole('alert')).textContent).toBe(
      'Choose a weekday from 1 (Monday) to 7 (Sunday)',
    );
  });
});

describe('the payout history', () => {
  it('says where each payout stands, why one failed, and loads more', async () => {
    signInAs({ id: 'u-9' });
    const requests = stubPayouts(buildPayoutSettings({ account: gtbank }), {
      'GET /api/payouts': (request) =>
        paramsOf(request).cursor === 'c-2'
          ? page([
              buildPayoutDetail({
                id: 'po-1',
                reference: 'payout_old',
                method: 'manual',
                local: null,
                rate: null,
                account: null,
                note: 'Sent from the business account',
              }),
            ])
          : page(
              [
                buildPayoutDetail({
                  id: 'po-4',
                  reference: 'payout_sending',
                  status: 'pending',
                  paidAt: null,
                  expectedBy: '2026-03-12T10:00:00.000Z',
                }),
                buildPayoutDetail({
                  id: 'po-3',
                  reference: 'payout_failed',
                  status: 'failed',
                  paidAt: null,
                  returnedAt: '2026-03-09T10:00:00.000Z',
                  failureReason: 'The account number is invalid',
                }),
                buildPayoutDetail({
                  id: 'po-2',
                  reference: 'payout_reversed',
                  status: 'reversed',
                  returnedAt: '2026-03-08T10:00:00.000Z',
                  failureReason: 'Account closed.',
                }),
                buildPayoutDetail({
                  id: 'po-5',
                  reference: 'payout_queued',
                  status: 'requested',
                  paidAt: null,
                  initiatedAt: null,
                }),
                buildPayoutDetail({ id: 'po-6', reference: 'payout_otp', status: 'otp', paidAt: null }),
              ],
              'c-2',
            ),
    });
    renderPayouts();
    const list = await screen.findByRole('list', { name: 'Payouts' });
    const rows = within(list).getAllByRole('listitem');
    const [pending, failed, reversed, queued, otp] = rows as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(pending).getByText('On its way')).toBeTruthy();
    expect(within(pending).getByText('$12.00')).toBeTruthy();
    expect(within(pending).getByText('₦18,603.00 at ₦1,550.25 per $1')).toBeTruthy();
    expect(within(pending).getByText('Expected to arrive by 12 March 2026')).toBeTruthy();
    expect(within(pending).getByText('Guaranty Trust Bank •••• 6789')).toBeTruthy();
    expect(within(pending).getByText('payout_sending')).toBeTruthy();

    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(
      within(failed).getByText('The account number is invalid. The money is back in your available balance.'),
    ).toBeTruthy();
    expect(within(failed).queryByText(/Expected to arrive/)).toBeNull();
    expect(within(reversed).getByText('Returned by the bank')).toBeTruthy();
    expect(
      within(reversed).getByText('Account closed. The money is back in your available balance.'),
    ).toBeTruthy();
    expect(within(queued).getByText('Queued')).toBeTruthy();
    expect(within(otp).getByText('Waiting for approval')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const manual = await within(list).findByText('payout_old');
    const row = manual.closest('li') as HTMLElement;
    expect(within(row).getByText('Paid')).toBeTruthy();
    expect(within(row).getByText(/Sent by an admin by hand/)).toBeTruthy();
    expect(within(row).getByText('Sent from the business account')).toBeTruthy();
    expect(paramsOf(sent(requests, 'GET', '/api/payouts').at(-1))).toEqual({ cursor: 'c-2', limit: '20' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when there is no payout yet', async () => {
    signInAs({ id: 'u-9' });
    stubPayouts(buildPayoutSettings());
    renderPayouts();
    expect(await screen.findByRole('heading', { name: 'No payouts yet' })).toBeTruthy();
  });
});
