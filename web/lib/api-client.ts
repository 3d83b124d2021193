import type { ApiErrorBody } from '#common/errors.ts';
import { endRejectedSession } from './auth-modal.ts';
import { OFFLINE_LOAD_MESSAGE, OFFLINE_MESSAGE, reportReachable, SAVED_ANSWER_HEADER } from './online.ts';
import { requestSecondFactor } from './second-factor.ts';
import { getToken } from './session.ts';

/** An API failure with the server's message, stable code, per-field messages and any wait. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  /** On a 429: how long until asking again can succeed. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, body: Pick<ApiErrorBody, 'message' | 'code' | 'fields' | 'retryAfterSeconds'>) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.fields = body.fields;
    this.retryAfterSeconds = body.retryAfterSeconds;
  }
}

/** Parses a response text: an empty body is null, JSON is parsed, anything else stays text. */
export function parseBody(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** Turns a non-OK response into an ApiError, taking what it can from the `{message, code, fields}` body. */
export function toApiError(status: number, body: unknown): ApiError {
  if (status === 401) return new ApiError(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' });
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message =
    typeof record.message === 'string' && record.message !== '' ? record.message : 'Request failed';
  const code = typeof record.code === 'string' ? record.code : `HTTP_${status}`;
  const wait = record.retryAfterSeconds;
  const retryAfterSeconds =
    typeof wait === 'number' && Number.isFinite(wait) && wait >= 0 ? Math.ceil(wait) : undefined;
  return new ApiError(status, { message, code, fields: stringRecord(record.fields), retryAfterSeconds });
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Plain values are sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /**
   * Sends this bearer token instead of the stored one (logout ends the session it names, even after
   * the device has forgotten it). A 401 then does not sign the stored session out.
   */
  token?: string | null;
}

export interface ApiClientOptions {
  baseUrl: string;
  getToken?: () => string | null;
  /** A 401 on a call made with the stored session; gets the token that call sent (null: none). */
  onUnauthorized?: (rejectedToken: string | null) => void;
  /**
   * A 403 TWO_FACTOR_REQUIRED (a sensitive action): resolves true once the user confirmed a code,
   * and the call is then sent again, once.
   */
  onSecondFactorRequired?: () => Promise<boolean>;
}

function buildUrl(baseUrl: string, path: string, query: RequestOptions['query']): string {
  const url = `${baseUrl.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/** The browser's fetch; the server's page renderer sends the same calls to its own routes instead. */
let transport: typeof fetch = (input, init) => fetch(input, init);

/** Used only by web/entry-server.tsx, which runs in the server process. */
export function setApiTransport(next: typeof fetch): void {
  transport = next;
}

export function createApiClient({
  baseUrl,
  getToken: readToken,
  onUnauthorized,
  onSecondFactorRequired,
}: ApiClientOptions) {
  async function request(path: string, options: RequestOptions = {}, retried = false): Promise<unknown> {
    const headers = new Headers({ accept: 'application/json' });
    const isForm = options.body instanceof FormData;
    if (options.body !== undefined && !isForm) headers.set('content-type', 'application/json');
    const ownToken = options.token !== undefined;
    const token = ownToken ? options.token : readToken?.();
    if (token) headers.set('authorization', `Bearer ${token}`);

    let response: Response;
    try {
      response = await transport(buildUrl(baseUrl, path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body: isForm
          ? (options.body as FormData)
          : options.body === undefined
            ? undefined
            : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      reportReachable(false);
      // Plain words: a change that could not go out says it was not sent (web/lib/query-client.ts).
      const writing = (options.method ?? 'GET') !== 'GET';
      throw new ApiError(0, {
        message: writing
          ? OFFLINE_MESSAGE
          : navigator.onLine === false
            ? OFFLINE_LOAD_MESSAGE
            : 'Could not reach the server. Check your connection.',
        code: 'NETWORK_ERROR',
      });
    }
    // The worker's saved copy (offline) says nothing about whether the server can be reached.
    if (!response.headers?.has(SAVED_ANSWER_HEADER)) reportReachable(true);

    const body = parseBody(await response.text());
    if (response.status === 401 && !ownToken) onUnauthorized?.(token ?? null);
    if (!response.ok) {
      const error = toApiError(response.status, body);
      if (error.code === 'TWO_FACTOR_REQUIRED' && !retried && onSecondFactorRequired) {
        if (await onSecondFactorRequired()) return request(path, options, true);
      }
      throw error;
    }
    return body;
  }

  return {
    request,
    get: (path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request(path, { ...options, method: 'GET' }),
    post: (path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request(path, { ...options, method: 'POST', body }),
    put: (path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request(path, { ...options, method: 'PUT', body }),
    patch: (path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request(path, { ...options, method: 'PATCH', body }),
    delete: (path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request(path, { ...options, method: 'DELETE' }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** Same-origin `/api` unless VITE_API_BASE_URL says otherwise. */
export const apiBaseUrl: string = (import.meta.env.VITE_API_BASE_URL ?? '/api').replace(/\/$/, '');

/** The app's client; a 401 signs out and, when a session was rejected, opens the sign-in dialog. */
export const api = createApiClient({
  baseUrl: apiBaseUrl,
  getToken,
  onUnauthorized: endRejectedSession,
  onSecondFactorRequired: requestSecondFactor,
});
