import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../../common/schemas/auth.ts';
import {
  type AccountsTestApp,
  bearer,
  get,
  post,
  signUp,
  signUpVerified,
  uniqueEmail,
} from '../../test/accounts.ts';
import { buildCreator, buildPost } from '../../test/creators.ts';
import { createMediaTestApp } from '../../test/media.ts';

describe('a verified email before acting on others', () => {
  let t: AccountsTestApp;
  const adminEmail = uniqueEmail('admin');
  let admin: { token: string };
  beforeAll(async () => {
    t = await createMediaTestApp({ ADMIN_EMAILS: adminEmail });
    admin = await signUpVerified(t, { email: adminEmail });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets an unverified account browse, but not like, follow, open a conversation or report, until verified', async () => {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const postView = await buildPost(t, creator.token, { youtube: true });
    const { email, code } = await signUp(t);
    const signedIn = await post(t, '/api/auth/signin', { email, password: 'correct horse battery staple' });
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json<{ token: string }>().token;

    // Browsing works.
    expect((await get(t, `/api/creators/${creator.creator.handle}`, token)).statusCode).toBe(200);
    expect((await get(t, `/api/posts/${postView.id}`, token)).statusCode).toBe(200);

    const acts = () => [
      t.app.inject({ method: 'POST', url: `/api/posts/${postView.id}/like`, headers: bearer(token) }),
      t.app.inject({
        method: 'POST',
        url: `/api/creators/${creator.creator.handle}/follow`,
        headers: bearer(token),
      }),
      post(t, '/api/conversations', { userId: creator.user.id }, { token }),
      post(t, '/api/reports', { targetType: 'post', targetId: postView.id, reason: 'spam' }, { token }),
    ];
    for (const response of await Promise.all(acts())) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'EMAIL_NOT_VERIFIED',
        message: authMessages.emailNotVerified,
      });
    }
    // Nothing happened: no like, no follow, no conversation.
    const seen = (await get(t, `/api/posts/${postView.id}`, token)).json<{ likes: number; liked: boolean }>();
    expect(seen).toMatchObject({ likes: 0, liked: false });
    expect((await get(t, '/api/conversations', token)).json<{ items: unknown[] }>().items).toEqual([]);

    expect((await post(t, '/api/auth/verify-email', { email, code })).statusCode).toBe(200);
    const statuses = (await Promise.all(acts())).map((response) => response.statusCode);
    expect(statuses.every((status) => status < 300)).toBe(true);
  });
});
