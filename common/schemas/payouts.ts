/** What the payout services say to creators and admins (docs/decisions/0037-payouts.md). */
export const payoutMessages = {
  transfersUnavailable:
    'Payouts by bank transfer are not available on this server; an admin sends payouts by hand',
  countryUnsupported: (country: string) =>
    `Payouts to ${country} are not available by transfer: we can pay to Nigeria, Ghana, Kenya and South Africa`,
  currencyUnsupported: (currency: string, country: string) =>
    `Payouts to ${country} are paid in its own currency, not ${currency}`,
  bankUnknown: 'Choose your bank from the list',
  notConfirmed: 'Confirm the change of your payout account first',
  belowMinimum: (minimum: string) => `The smallest payout is ${minimum}`,
  aboveAvailable: (available: string) => `You can be paid at most ${available}, your available balance`,
  payoutOpen: 'You already have a payout in progress',
  noRate: (currency: string) => `Payouts in ${currency} are paused: there is no exchange rate yet`,
  staleRate: (currency: string) =>
    `Payouts in ${currency} are paused until the exchange rate is updated; try again later`,
  badAmount: 'Enter an amount in whole cents',
  badRate: 'Enter the rate as a positive number with at most 6 decimals',
  badWeekday: 'Choose a weekday from 1 (Monday) to 7 (Sunday)',
  minimumTooLow: (minimum: string) => `The minimum cannot be below ${minimum}`,
  payoutNotFound: 'Payout not found',
  notAwaitingOtp: 'This payout is not waiting for an OTP',
} as const;
