import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountsTestApp,
  createAccountsTestApp,
  GOOD_PASSWORD,
  post,
  signUp,
  signUpVerified,
  uniqueEmail,
} from '../../test/accounts.ts';

describe('ADMIN_EMAILS', () => {
  const boss = uniqueEmail('boss');
  const ops = uniqueEmail('ops');
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp({ ADMIN_EMAILS: ` ${boss.toUpperCase()}, ${ops}` });
  });
  afterAll(async () => {
    await t.close();
  });

  it('grants admin once the listed email is verified, not before', async () => {
    const { email, code } = await signUp(t, { email: boss });
    const early = await post(t, '/api/auth/signin', { email, password: GOOD_PASSWORD });
    expect(early.json().user.role).toBe('user');
    const verified = await post(t, '/api/auth/verify-email', { email, code });
    expect(verified.json().user.role).toBe('admin');
    const later = await post(t, '/api/auth/signin', { email, password: GOOD_PASSWORD });
    expect(later.json().user.role).toBe('admin');
  });

  it('leaves everyone else a user', async () => {
    const { user } = await signUpVerified(t);
    expect(user.role).toBe('user');
  });
});
