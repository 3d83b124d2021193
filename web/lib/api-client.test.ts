import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '#common/storage-keys.ts';
import { json, stubFetch } from '../test/fetch-stub.ts';
import { ApiError, api, createApiClient, parseBody, toApiError } from './api-client.ts';
import { closeAuthModal, getAuthModalState } from './auth-modal.ts';
import { getSession, reloadSession, signOut } from './session.ts';

const user = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };

function signIn(): void {
  localStorage.setItem(storageKeys.token, 'secret-token');
  localStorage.setItem(storageKeys.user, JSON.stringify(user));
  reloadSession();
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  reloadSession();
  closeAuthModal();
});

describe('parseBody', () => {
  it('treats an empty body as null and parses JSON', () => {
    expect(parseBody('')).toBeNull();
    expect(parseBody('  ')).toBeNull();
    expect(parseBody('{"a":1}')).toEqual({ a: 1 });
    expect(parseBody('plain text')).toBe('plain text');
  });
});

describe('toApiError', () => {
  it("takes the body's message, code and fields", () => {
    const error = toApiError(422, {
      message: 'Username must start with @',
      code: 'VALIDATION_FAILED',
      fields: { username: 'Username must start with @', ignored: 3 },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.message).toBe('Username must start with @');
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual({ username: 'Username must start with @' });
  });

  it('keeps the wait a 429 announces', () => {
    const error = toApiError(429, {
      message: 'Please wait before requesting another code',
      code: 'RATE_LIMITED',
      retryAfterSeconds: 599.2,
    });
    expect(error.retryAfterSeconds).toBe(600);
    expect(toApiError(429, { message: 'x', retryAfterSeconds: 'soon' }).retryAfterSeconds).toBeUndefined();
  });

  it("falls back to 'Request failed' when the body has no message", () => {
    expect(toApiError(500, '<html>Bad gateway</html>').message).toBe('Request failed');
    expect(toApiError(503, null).message).toBe('Request failed');
    expect(toApiError(400, { message: '' }).message).toBe('Request failed');
    expect(toApiError(502, {}).code).toBe('HTTP_502');
  });

  it("always says 'Unauthorized' for a 401", () => {
    expect(toApiError(401, { message: 'token expired', code: 'X' }).message).toBe('Unauthorized');
  });
});

describe('the app client', () => {
  it('calls /api with JSON and the stored bearer token', async () => {
    signIn();
    const requests = stubFetch(() => json(200, { ok: true }));
    await expect(api.post('/things', { name: 'x' })).resolves.toEqual({ ok: true });
    const [request] = requests;
    expect(request?.url).toBe('/api/things');
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('authorization')).toBe('Bearer secret-token');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.body).toBe('{"name":"x"}');
  });

  it('sends no Authorization header when signed out, and adds query parameters', async () => {
    const requests = stubFetch(() => json(200, []));
    await api.get('/creators', { query: { limit: 5, cursor: undefined } });
    expect(requests[0]?.url).toBe('/api/creators?limit=5');
    expect(requests[0]?.headers.has('authorization')).toBe(false);
  });

  it('resolves an empty response body as null', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(api.delete('/things/1')).resolves.toBeNull();
  });

  it('clears token and user on a 401 and throws Unauthorized', async () => {
    signIn();
    expect(getSession()).not.toBeNull();
    stubFetch(() => json(401, { message: 'Session expired', code: 'UNAUTHORIZED' }));
    const failure = api.get('/me');
    await expect(failure).rejects.toThrow('Unauthorized');
    await failure.catch((error: unknown) => expect((error as ApiError).status).toBe(401));
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(localStorage.getItem(storageKeys.user)).toBeNull();
    expect(getSession()).toBeNull();
  });

  it('opens the sign-in dialog when a 401 ends a session', async () => {
    signIn();
    expect(getAuthModalState().open).toBe(false);
    stubFetch(() => json(401, { message: 'Session expired', code: 'UNAUTHORIZED' }));
    await expect(api.get('/auth/profile')).rejects.toThrow('Unauthorized');
    expect(getSession()).toBeNull();
    expect(getAuthModalState()).toEqual({ open: true, mode: 'signin' });
  });

  it('does not open the sign-in dialog for a 401 while signed out', async () => {
    stubFetch(() => json(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }));
    await expect(api.get('/auth/profile')).rejects.toThrow('Unauthorized');
    expect(getAuthModalState().open).toBe(false);
  });

  it('leaves a newer session alone when an older call is answered 401', async () => {
    signIn();
    let answer: (response: Response) => void = () => {};
    const requests = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const slow = api.get('/feed');
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    localStorage.setItem(storageKeys.token, 'newer-token');
    reloadSession();

    answer(json(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }));
    await expect(slow).rejects.toThrow('Unauthorized');
    expect(getSession()?.token).toBe('newer-token');
    expect(getAuthModalState().open).toBe(false);
  });

  it('does not open the sign-in dialog when the user logged out while the call was on its way', async () => {
    signIn();
    let answer: (response: Response) => void = () => {};
    const requests = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const slow = api.get('/feed');
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    signOut();

    answer(json(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }));
    await expect(slow).rejects.toThrow('Unauthorized');
    expect(getAuthModalState().open).toBe(false);
  });

  it('can send a given token, whose 401 leaves the stored session alone', async () => {
    signIn();
    const requests = stubFetch(() => json(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }));
    await expect(api.post('/auth/logout', undefined, { token: 'old-token' })).rejects.toThrow('Unauthorized');
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer old-token');
    expect(getSession()?.token).toBe('secret-token');
    expect(getAuthModalState().open).toBe(false);
  });

  it("throws the server's message for other failures and keeps the session", async () => {
    signIn();
    stubFetch(() =>
      json(409, { message: 'Handle already taken', code: 'CONFLICT', fields: { handle: 'Taken' } }),
    );
    const error = await api.post('/creators', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Handle already taken');
    expect((error as ApiError).code).toBe('CONFLICT');
    expect((error as ApiError).fields).toEqual({ handle: 'Taken' });
    expect(getSession()?.token).toBe('secret-token');
  });

  it('reports an unreachable server as a network ApiError', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const error = await api.get('/config').catch((caught: unknown) => caught);
    expect((error as ApiError).code).toBe('NETWORK_ERROR');
  });

  it('honours a configured base URL', async () => {
    const requests = stubFetch(() => json(200, null));
    await createApiClient({ baseUrl: 'https://api.example.com/v1/' }).get('/health');
    expect(requests[0]?.url).toBe('https://api.example.com/v1/health');
  });
});

describe('a sensitive action that needs the second step', () => {
  const required = () => json(403, { message: 'Confirm it is you', code: 'TWO_FACTOR_REQUIRED' });

  it('asks for the code, then sends the same call once more', async () => {
    let confirmed = false;
    const requests = stubFetch(() => (confirmed ? json(200, { message: 'done' }) : required()));
    const ask = vi.fn(async () => {
      confirmed = true;
      return true;
    });
    const client = createApiClient({ baseUrl: '/api', onSecondFactorRequired: ask });
    await expect(client.delete('/me/two-factor')).resolves.toEqual({ message: 'done' });
    expect(ask).toHaveBeenCalledTimes(1);
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'DELETE /api/me/two-factor',
      'DELETE /api/me/two-factor',
    ]);
  });

  it('gives up with the refusal when the prompt is dismissed, and never asks twice for one call', async () => {
    const requests = stubFetch(required);
    const dismissed = createApiClient({ baseUrl: '/api', onSecondFactorRequired: async () => false });
    await expect(dismissed.post('/me/delete', { password: 'x' })).rejects.toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
    });
    expect(requests).toHaveLength(1);
    const ask = vi.fn(async () => true);
    const stubborn = createApiClient({ baseUrl: '/api', onSecondFactorRequired: ask });
    await expect(stubborn.post('/wallet/payouts')).rejects.toBeInstanceOf(ApiError);
    expect(ask).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(3);
  });
});
