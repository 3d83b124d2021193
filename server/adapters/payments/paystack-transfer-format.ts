import { z } from 'zod';
import type { ProviderEvent, TransferEventName } from './provider.ts';
import type {
  AccountType,
  BalanceLedgerEntry,
  Bank,
  ProviderTransfer,
  Recipient,
  TransferApprovalRequest,
  TransferCountry,
  TransferStatus,
} from './transfers.ts';

/*
 * Paystack's transfer objects, as its OpenAPI description (PaystackOSS/openapi) and documented
 * samples (PaystackOSS/doc-code-snippets) show them. Only the fields we read are required; the rest
 * differ between endpoints (`createdAt` or `created_at`, `recipient` an id or an object). The sandbox
 * speaks the same format, so one reader serves both drivers.
 */

export const paystackRecipientSchema = z.object({
  recipient_code: z.string(),
  name: z.string().nullish(),
  type: z.string().nullish(),
  currency: z.string().nullish(),
  details: z
    .object({
      account_number: z.string().nullish(),
      account_name: z.string().nullish(),
      bank_code: z.string().nullish(),
      bank_name: z.string().nullish(),
    })
    .nullish(),
});

export const paystackTransferSchema = z.object({
  reference: z.string(),
  transfer_code: z.string(),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  recipient: z.union([paystackRecipientSchema, z.number(), z.string()]).nullish(),
  fee_charged: z.number().int().nullish(),
  gateway_response: z.string().nullish(),
  failures: z.unknown(),
  transferred_at: z.string().nullish(),
  createdAt: z.string().nullish(),
  created_at: z.string().nullish(),
});
export type PaystackTransfer = z.infer<typeof paystackTransferSchema>;

const statusOf = (status: string): TransferStatus => {
  if (status === 'success' || status === 'otp' || status === 'reversed') return status;
  if (status === 'failed' || status === 'abandoned' || status === 'blocked' || status === 'rejected')
    return 'failed';
  return 'pending';
};

const dateOf = (value: string | null | undefined) => {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

/** Paystack's `failures` is undocumented beyond "nullable": take a message from it when there is one. */
function failureText(failures: unknown): string | null {
  if (typeof failures === 'string') return failures || null;
  if (Array.isArray(failures)) return failureText(failures[0]);
  if (failures && typeof failures === 'object') {
    const { message, reason } = failures as { message?: unknown; reason?: unknown };
    if (typeof message === 'string') return message;
    if (typeof reason === 'string') return reason;
  }
  return null;
}

export function toProviderTransfer(data: PaystackTransfer): ProviderTransfer {
  const status = statusOf(data.status);
  const recipient = typeof data.recipient === 'object' ? data.recipient : null;
  const ended = status === 'failed' || status === 'reversed';
  return {
    reference: data.reference,
    transferCode: data.transfer_code,
    status,
    amount: data.amount,
    currency: data.currency,
    recipientCode: recipient?.recipient_code ?? null,
    fee: data.fee_charged ?? null,
    // `reason` is our own narration, not why it failed.
    failureReason: ended ? (data.gateway_response ?? failureText(data.failures) ?? data.status) : null,
    providerStatus: data.status,
    createdAt: dateOf(data.createdAt ?? data.created_at),
    transferredAt: dateOf(data.transferred_at),
  };
}

const countries: Record<string, TransferCountry> = {
  nigeria: 'NG',
  ghana: 'GH',
  kenya: 'KE',
  'south africa': 'ZA',
};

/** The `country` query parameter Paystack's bank list takes. */
export const paystackCountryName = (country: TransferCountry): string =>
  Object.entries(countries).find(([, code]) => code === country)?.[0] ?? country;

/** The bank list's `type` words; Paystack's own description spells GhIPSS both ways. */
const bankTypes: Record<string, AccountType> = {
  nuban: 'nuban',
  ghipss: 'ghipss',
  ghipps: 'ghipss',
  kepss: 'kepss',
  basa: 'basa',
  mobile_money: 'mobile_money',
};

export const paystackBankSchema = z.object({
  name: z.string(),
  code: z.string(),
  type: z.string(),
  currency: z.string(),
  country: z.string(),
  active: z.boolean().nullish(),
  is_deleted: z.boolean().nullish(),
});

/** Null for a bank we cannot pay to (inactive, deleted, or of a kind we do not send to). */
export function toBank(data: z.infer<typeof paystackBankSchema>, asked: TransferCountry): Bank | null {
  const type = bankTypes[data.type];
  if (!type || data.active === false || data.is_deleted === true) return null;
  const country = countries[data.country.toLowerCase()] ?? asked;
  return { name: data.name, code: data.code, type, currency: data.currency, country };
}

export const paystackResolvedAccountSchema = z.object({
  account_number: z.string(),
  account_name: z.string(),
});

export function toRecipient(data: z.infer<typeof paystackRecipientSchema>): Recipient {
  const number = data.details?.account_number ?? '';
  return {
    recipientCode: data.recipient_code,
    bankName: data.details?.bank_name ?? '',
    last4: number.slice(-4),
    accountName: data.details?.account_name ?? data.name ?? null,
  };
}

export const paystackBalanceSchema = z.array(z.object({ currency: z.string(), balance: z.number().int() }));

export const paystackLedgerEntrySchema = z.object({
  id: z.union([z.number(), z.string()]),
  currency: z.string(),
  balance: z.number().int(),
  difference: z.number().int(),
  reason: z.string().nullish(),
  model_responsible: z.string().nullish(),
  model_row: z.union([z.number(), z.string()]).nullish(),
  createdAt: z.string(),
});

export function toLedgerEntry(data: z.infer<typeof paystackLedgerEntrySchema>): BalanceLedgerEntry {
  return {
    id: String(data.id),
    at: new Date(data.createdAt),
    currency: data.currency,
    change: data.difference,
    balance: data.balance,
    source: data.model_responsible ?? '',
    sourceId: data.model_row === null || data.model_row === undefined ? '' : String(data.model_row),
    reason: data.reason ?? '',
  };
}

/** Paystack's list `meta`; missing or odd, the answer is read as one page. */
export function pageOf(meta: unknown, asked: number | undefined): { page: number; pageCount: number } {
  const parsed = z
    .object({ page: z.coerce.number().int(), pageCount: z.coerce.number().int() })
    .safeParse(meta);
  if (!parsed.success) return { page: asked ?? 1, pageCount: asked ?? 1 };
  return { page: parsed.data.page, pageCount: parsed.data.pageCount };
}

const isTransferEvent = (event: string): event is TransferEventName =>
  event === 'transfer.success' || event === 'transfer.failed' || event === 'transfer.reversed';

/** A `transfer.*` webhook in provider-neutral words; null when it is not one we can read. */
export function toTransferEvent(event: string, data: unknown, body: unknown): ProviderEvent | null {
  if (!isTransferEvent(event)) return null;
  const parsed = paystackTransferSchema.safeParse(data);
  if (!parsed.success) return null;
  const { reference } = parsed.data;
  return {
    key: `${event}:${reference}`,
    type: event,
    name: event,
    reference,
    transfer: toProviderTransfer(parsed.data),
    payload: body,
  };
}

/**
 * The body of Paystack's transfer approval request. Paystack's public descriptions show no sample
 * of it, so this takes the transfer object it carries either bare or under `data`; anything else
 * (a bulk batch, an unreadable body) is null, and so rejected.
 */
export function toTransferApproval(rawBody: Buffer): TransferApprovalRequest | null {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
  const inner = (body as { data?: unknown } | null)?.data;
  const candidate = inner && typeof inner === 'object' && !Array.isArray(inner) ? inner : body;
  const parsed = paystackTransferSchema
    .pick({ reference: true, amount: true, currency: true, recipient: true })
    .extend({ transfer_code: z.string().nullish() })
    .safeParse(candidate);
  if (!parsed.success) return null;
  const { recipient } = parsed.data;
  return {
    reference: parsed.data.reference,
    transferCode: parsed.data.transfer_code ?? null,
    amount: parsed.data.amount,
    currency: parsed.data.currency,
    recipientCode:
      typeof recipient === 'object' && recipient !== null
        ? recipient.recipient_code
        : typeof recipient === 'string' && recipient.startsWith('RCP_')
          ? recipient
          : null,
  };
}
