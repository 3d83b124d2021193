import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountsTestApp,
  createAccountsTestApp,
  get,
  post,
  signUpVerified,
} from '../../test/accounts.ts';

describe('profile', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const update = (token: string, body: object) => post(t, '/api/auth/update-profile', body, { token });

  it('GET /api/auth/profile answers the signed-in user', async () => {
    const { token, user } = await signUpVerified(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const response = await get(t, '/api/auth/profile', token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user });
    expect(user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', role: 'user' });
  });

  it('updates the names and the picture, and only the fields sent', async () => {
    const { token } = await signUpVerified(t);
    const response = await update(token, {
      firstName: '  Augusta ',
      profileImage: 'https://cdn.example/avatars/ada.png',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      profileImage: 'https://cdn.example/avatars/ada.png',
    });
    const removed = await update(token, { profileImage: null });
    expect(removed.json().user).toMatchObject({ firstName: 'Augusta', profileImage: null });
    expect((await get(t, '/api/auth/profile', token)).json().user.profileImage).toBeNull();
  });

  it('ignores fields it does not own (role, email, verification)', async () => {
    const { token, email } = await signUpVerified(t);
    const response = await update(token, { role: 'admin', email: 'x@example.com', isEmailVerified: false });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ role: 'user', email, isEmailVerified: true });
  });

  it.each([
    [{ profileImage: 'javascript:alert(1)' }, 'profileImage', 'Invalid image URL'],
    [{ profileImage: 'not a url' }, 'profileImage', 'Invalid image URL'],
    [{ profileImage: `https://cdn.example/${'a'.repeat(2100)}` }, 'profileImage', 'Invalid image URL'],
    [{ firstName: '' }, 'firstName', 'Please fill in all fields'],
    [{ lastName: 'x'.repeat(51) }, 'lastName', 'Names must be at most 50 characters'],
  ])('refuses %j', async (body, field, message) => {
    const { token } = await signUpVerified(t);
    const response = await update(token, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('needs a token', async () => {
    expect((await post(t, '/api/auth/update-profile', { firstName: 'X' })).statusCode).toBe(401);
  });
});
