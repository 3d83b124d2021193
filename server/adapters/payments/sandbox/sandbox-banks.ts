import type { Bank } from '../transfers.ts';

/**
 * The sandbox's banks and wallets: a few per country, with the codes Paystack uses where its public
 * samples show them (Nigerian bank codes, Ghana's telcos, South African branch codes).
 */
export const sandboxBanks: readonly Bank[] = [
  { name: 'Access Bank', code: '044', type: 'nuban', currency: 'NGN', country: 'NG' },
  { name: 'First Bank of Nigeria', code: '011', type: 'nuban', currency: 'NGN', country: 'NG' },
  { name: 'Guaranty Trust Bank', code: '058', type: 'nuban', currency: 'NGN', country: 'NG' },
  { name: 'Zenith Bank', code: '057', type: 'nuban', currency: 'NGN', country: 'NG' },
  { name: 'GCB Bank', code: '040100', type: 'ghipss', currency: 'GHS', country: 'GH' },
  { name: 'Ecobank Ghana', code: '130100', type: 'ghipss', currency: 'GHS', country: 'GH' },
  { name: 'MTN', code: 'MTN', type: 'mobile_money', currency: 'GHS', country: 'GH' },
  { name: 'Vodafone', code: 'VOD', type: 'mobile_money', currency: 'GHS', country: 'GH' },
  { name: 'AirtelTigo', code: 'ATL', type: 'mobile_money', currency: 'GHS', country: 'GH' },
  { name: 'KCB Bank', code: '01', type: 'kepss', currency: 'KES', country: 'KE' },
  { name: 'Equity Bank', code: '68', type: 'kepss', currency: 'KES', country: 'KE' },
  { name: 'M-PESA', code: 'MPESA', type: 'mobile_money', currency: 'KES', country: 'KE' },
  { name: 'Absa Bank', code: '632005', type: 'basa', currency: 'ZAR', country: 'ZA' },
  { name: 'Capitec Bank', code: '470010', type: 'basa', currency: 'ZAR', country: 'ZA' },
  { name: 'First National Bank', code: '250655', type: 'basa', currency: 'ZAR', country: 'ZA' },
  { name: 'Standard Bank', code: '051001', type: 'basa', currency: 'ZAR', country: 'ZA' },
];
