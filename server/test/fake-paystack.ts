import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeTransfers, type FakeTransfers } from './fake-paystack-transfers.ts';

/** A webhook the fake sends: exact bytes plus Paystack's signature header. */
export interface FakeWebhook {
  rawBody: string;
  headers: Record<string, string>;
}

interface FakeTransaction {
  id: number;
  reference: string;
  amount: number;
  currency: string;
  email: string;
  status: 'pending' | 'success' | 'failed' | 'abandoned';
  paidAt: string | null;
  callbackUrl: string | null;
  metadata: unknown;
  authorizationCode: string | null;
  customerCode: string;
  refunded: number;
  /** What verify and webhooks report instead of the truth (a tampered or buggy checkout). */
  reported: { amount?: number; currency?: string };
}

interface FakeAuthorization {
  code: string;
  email: string;
  customerCode: string;
  failCharges: boolean;
  active: boolean;
}

export interface FakePaystack {
  url: string;
  secretKey: string;
  /** Every API call received, as `METHOD /path`. */
  calls: string[];
  /** Where webhooks go (the tests point it at the app through inject). */
  onWebhook(send: (webhook: FakeWebhook) => Promise<unknown>): void;
  /** Paystack Transfers: payouts, their outcomes, webhooks and the approval URL. */
  transfers: FakeTransfers;
  /**
   * The next call to `route` (e.g. 'POST /transfer') is carried out but never answered, like a
   * Paystack that is slower than the client's timeout.
   */
  stallNext(route: string): void;
  /** The next call to `route` is carried out, then answered with `status` and a proxy's HTML error page. */
  breakNext(route: string, status: number): void;
  /** The buyer pays on Paystack's page; a signed charge.success webhook follows, as Paystack sends it. */
  pay(reference: string, options?: { failRenewals?: boolean }): void;
  decline(reference: string): void;
  tamper(reference: string, reported: { amount?: number; currency?: string }): void;
  webhookFor(reference: string): FakeWebhook;
  refundedAmount(reference: string): number;
  isAuthorizationActive(code: string): boolean;
  /** Resolves when every webhook sent so far has been handled. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const writeJson = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/**
 * A real HTTP server on 127.0.0.1 speaking the part of Paystack's API the app uses, with in-memory
 * state, Bearer-key checks, amounts in kobo and HMAC-SHA512-signed webhooks.
 */
export async function startFakePaystack(
  secretKey = `sk_test_${randomBytes(16).toString('hex')}`,
): Promise<FakePaystack> {
  const transactions = new Map<string, FakeTransaction>();
  const authorizations = new Map<string, FakeAuthorization>();
  const calls: string[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let sendWebhook: ((webhook: FakeWebhook) => Promise<unknown>) | null = null;
  let url = '';
  /** Calls whose answer is replaced: never sent (`stallNext`) or a gateway error (`breakNext`). */
  const mishaps: { route: string; status: number | null }[] = [];
  const replaced = new WeakMap<ServerResponse, number | null>();
  const json = (response: ServerResponse, status: number, body: unknown) => {
    const instead = replaced.get(response);
    if (instead === undefined) return writeJson(response, status, body);
    if (instead === null) return;
    response.writeHead(instead, { 'content-type': 'text/html' });
    response.end(`<html><body><h1>${instead} Bad Gateway</h1></body></html>`);
  };

  const transactionData = (tx: FakeTransaction) => {
    const auth = tx.authorizationCode ? authorizations.get(tx.authorizationCode) : undefined;
    return {
      id: tx.id,
      domain: 'test',
      status: tx.status,
      reference: tx.reference,
      amount: tx.reported.amount ?? tx.amount,
      currency: tx.reported.currency ?? tx.currency,
      paid_at: tx.paidAt,
      gateway_response:
        tx.status === 'success' ? 'Successful' : tx.status === 'failed' ? 'Declined' : 'Pending',
      channel: 'card',
      metadata: tx.metadata,
      authorization: auth
        ? {
            authorization_code: auth.code,
            bin: '408408',
            last4: auth.failCharges ? '0002' : '4081',
            exp_month: '12',
            exp_year: '2030',
            card_type: 'visa ',
            brand: 'visa',
            reusable: true,
            signature: `SIG_${auth.code}`,
          }
        : {},
      customer: { id: 1, email: tx.email, customer_code: tx.customerCode },
    };
  };

  const sign = (rawBody: string) => createHmac('sha512', secretKey).update(rawBody).digest('hex');

  function webhookFor(reference: string): FakeWebhook {
    const tx = transactions.get(reference);
    if (!tx) throw new Error(`fake paystack: no transaction ${reference}`);
    const rawBody = JSON.stringify({ event: 'charge.success', data: transactionData(tx) });
    return {
      rawBody,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': sign(rawBody) },
    };
  }

  /** Work `idle()` waits for, started after the current request, as Paystack's calls to us are. */
  function background(task: () => Promise<unknown>): void {
    const running = new Promise((resolve) => setImmediate(resolve))
      .then(task)
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
  }

  function emitWebhook(webhook: () => FakeWebhook): void {
    const send = sendWebhook;
    if (send) background(() => send(webhook()));
  }

  const emit = (reference: string) => emitWebhook(() => webhookFor(reference));

  const transfers = createFakeTransfers({
    sign,
    emit: (webhook) => emitWebhook(() => webhook),
    background,
  });

  function newTransaction(
    fields: Partial<FakeTransaction> & Pick<FakeTransaction, 'reference' | 'amount' | 'currency' | 'email'>,
  ): FakeTransaction {
    const tx: FakeTransaction = {
      id: randomInt(1_000_000, 9_999_999),
      status: 'pending',
      paidAt: null,
      callbackUrl: null,
      metadata: {},
      authorizationCode: null,
      customerCode: `CUS_${randomBytes(6).toString('hex')}`,
      refunded: 0,
      reported: {},
      ...fields,
    };
    transactions.set(tx.reference, tx);
    return tx;
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const requestUrl = new URL(request.url ?? '/', 'http://fake');
    const path = requestUrl.pathname;
    calls.push(`${request.method} ${path}`);
    const mishap = mishaps.findIndex((row) => row.route === `${request.method} ${path}`);
    if (mishap >= 0) replaced.set(response, mishaps.splice(mishap, 1)[0]?.status ?? null);
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return json(response, 401, { status: false, message: 'Invalid key' });
    }
    const body = request.method === 'POST' ? await readJson(request) : {};

    const transferAnswer = transfers.route(request.method ?? '', path, requestUrl.searchParams, body);
    if (transferAnswer) return json(response, transferAnswer.status, transferAnswer.body);

    if (request.method === 'POST' && path === '/transaction/initialize') {
      const reference = String(body.reference);
      if (transactions.has(reference))
        return json(response, 400, { status: false, message: 'Duplicate Transaction Reference' });
      newTransaction({
        reference,
        amount: Number(body.amount),
        currency: String(body.currency ?? 'NGN'),
        email: String(body.email),
        callbackUrl: String(body.callback_url),
        metadata: body.metadata ?? {},
      });
      return json(response, 200, {
        status: true,
        message: 'Authorization URL created',
        data: {
          authorization_url: `${url}/checkout/${reference}`,
          access_code: randomBytes(8).toString('hex'),
          reference,
        },
      });
    }

    const verify = /^\/transaction\/verify\/(.+)$/.exec(path);
    if (request.method === 'GET' && verify?.[1]) {
      const tx = transactions.get(decodeURIComponent(verify[1]));
      if (!tx) return json(response, 400, { status: false, message: 'Transaction reference not found' });
      return json(response, 200, {
        status: true,
        message: 'Verification successful',
        data: transactionData(tx),
      });
    }

    if (request.method === 'POST' && path === '/transaction/charge_authorization') {
      const auth = authorizations.get(String(body.authorization_code));
      if (!auth) return json(response, 400, { status: false, message: 'Invalid authorization code' });
      const reference = String(body.reference);
      const existing = transactions.get(reference);
      if (existing) return json(response, 400, { status: false, message: 'Duplicate Transaction Reference' });
      const approved = auth.active && !auth.failCharges;
      const tx = newTransaction({
        reference,
        amount: Number(body.amount),
        currency: String(body.currency ?? 'NGN'),
        email: String(body.email),
        metadata: body.metadata ?? {},
        status: approved ? 'success' : 'failed',
        paidAt: approved ? new Date().toISOString() : null,
        authorizationCode: auth.code,
        customerCode: auth.customerCode,
      });
      if (approved) emit(reference);
      return json(response, 200, { status: true, message: 'Charge attempted', data: transactionData(tx) });
    }

    if (request.method === 'POST' && path === '/refund') {
      const tx = transactions.get(String(body.transaction));
      if (tx?.status !== 'success')
        return json(response, 400, { status: false, message: 'Transaction not found' });
      const amount = body.amount === undefined ? tx.amount - tx.refunded : Number(body.amount);
      if (amount <= 0 || tx.refunded + amount > tx.amount) {
        return json(response, 400, { status: false, message: 'Transaction has been fully reversed' });
      }
      tx.refunded += amount;
      return json(response, 200, {
        status: true,
        message: 'Refund has been queued for processing',
        data: {
          transaction: { id: tx.id, reference: tx.reference },
          amount,
          currency: tx.currency,
          status: 'pending',
        },
      });
    }

    if (request.method === 'POST' && path === '/customer/deactivate_authorization') {
      const auth = authorizations.get(String(body.authorization_code));
      if (!auth) return json(response, 400, { status: false, message: 'Authorization not found' });
      auth.active = false;
      return json(response, 200, { status: true, message: 'Authorization has been deactivated' });
    }

    return json(response, 404, { status: false, message: `No route ${request.method} ${path}` });
  }

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) =>
      json(response, 500, { status: false, message: String(error) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const pending = (reference: string) => {
    const tx = transactions.get(reference);
    if (!tx) throw new Error(`fake paystack: no transaction ${reference}`);
    return tx;
  };

  return {
    url,
    secretKey,
    calls,
    onWebhook(send) {
      sendWebhook = send;
    },
    transfers,
    stallNext(route) {
      mishaps.push({ route, status: null });
    },
    breakNext(route, status) {
      mishaps.push({ route, status });
    },
    pay(reference, options = {}) {
      const tx = pending(reference);
      if (tx.status !== 'pending') return;
      const code = `AUTH_${randomBytes(6).toString('hex')}`;
      authorizations.set(code, {
        code,
        email: tx.email,
        customerCode: tx.customerCode,
        failCharges: options.failRenewals ?? false,
        active: true,
      });
      Object.assign(tx, { status: 'success', paidAt: new Date().toISOString(), authorizationCode: code });
      emit(reference);
    },
    decline(reference) {
      const tx = pending(reference);
      if (tx.status === 'pending') tx.status = 'failed';
    },
    tamper(reference, reported) {
      pending(reference).reported = reported;
    },
    webhookFor,
    refundedAmount: (reference) => transactions.get(reference)?.refunded ?? 0,
    isAuthorizationActive: (code) => authorizations.get(code)?.active ?? false,
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
