import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountsTestApp,
  bearer,
  createAccountsTestApp,
  GOOD_PASSWORD,
  get,
  signUpVerified,
} from '../../test/accounts.ts';
import { MINUTE } from '../../test/clock.ts';

describe('sessions', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function signInFrom(email: string, userAgent: string, ip: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password: GOOD_PASSWORD },
      headers: { 'user-agent': userAgent },
      remoteAddress: ip,
    });
    return response.json().token as string;
  }

  const revoke = (id: string, token: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${id}`, headers: bearer(token) });

  it("lists the user's sessions with the current one marked, and nothing secret", async () => {
    const { email } = await signUpVerified(t);
    const phone = await signInFrom(email, 'Phone Browser', '10.0.0.2');
    const laptop = await signInFrom(email, 'Laptop Browser', '10.0.0.3');
    const response = await get(t, '/api/auth/sessions', laptop);
    expect(response.statusCode).toBe(200);
    const { items } = response.json();
    expect(items).toHaveLength(3);
    expect(Object.keys(items[0]).sort()).toEqual(
      ['createdAt', 'current', 'id', 'ipAddress', 'lastUsedAt', 'place', 'userAgent'].sort(),
    );
    const current = items.filter((item: { current: boolean }) => item.current);
    expect(current).toEqual([
      expect.objectContaining({ userAgent: 'Laptop Browser', ipAddress: '10.0.0.3' }),
    ]);
    expect(items).toContainEqual(expect.objectContaining({ userAgent: 'Phone Browser', current: false }));
    expect(response.body).not.toContain(phone);
    expect(response.body).not.toMatch(/tokenHash|token_hash/);
  });

  it('revokes one of your own sessions: its token stops working, yours goes on', async () => {
    const { email, token } = await signUpVerified(t);
    const phone = await signInFrom(email, 'Phone Browser', '10.0.0.4');
    const { items } = (await get(t, '/api/auth/sessions', token)).json();
    const phoneSession = items.find((item: { userAgent: string }) => item.userAgent === 'Phone Browser');
    const response = await revoke(phoneSession.id, token);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await get(t, '/api/auth/profile', phone)).statusCode).toBe(401);
    expect((await get(t, '/api/auth/profile', token)).statusCode).toBe(200);
    expect((await get(t, '/api/auth/sessions', token)).json().items).toHaveLength(1);
  });

  it("cannot revoke another user's session (404, and it keeps working)", async () => {
    const alice = await signUpVerified(t);
    const mallory = await signUpVerified(t);
    const [aliceSession] = (await get(t, '/api/auth/sessions', alice.token)).json().items;
    const response = await revoke(aliceSession.id, mallory.token);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Session not found', code: 'NOT_FOUND' });
    expect((await get(t, '/api/auth/profile', alice.token)).statusCode).toBe(200);
  });

  it('records the last use at most once an hour', async () => {
    const { token } = await signUpVerified(t);
    const lastUsed = async () => (await get(t, '/api/auth/sessions', token)).json().items[0].lastUsedAt;
    const first = await lastUsed();
    t.clock.advance(30 * MINUTE);
    expect(await lastUsed()).toBe(first);
    t.clock.advance(31 * MINUTE);
    const later = await lastUsed();
    expect(Date.parse(later) - Date.parse(first)).toBe(61 * MINUTE);
  });

  it('needs a token to list or revoke', async () => {
    expect((await get(t, '/api/auth/sessions')).statusCode).toBe(401);
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/sessions/0190c1f4-0000-7000-8000-000000000000',
    });
    expect(response.statusCode).toBe(401);
  });
});
