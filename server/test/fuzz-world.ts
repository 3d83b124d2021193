import type { PostView } from '../../common/schemas/posts.ts';
import { bearer, post, signUpVerified, uniqueEmail } from './accounts.ts';
import { buildCreator, buildPost } from './creators.ts';
import type { FuzzContext } from './fuzz.ts';
import { createMediaTestApp, type MediaTestApp } from './media.ts';

/**
 * The app the fuzz suite attacks: attackers (signed out, a fan, a creator, an admin who only
 * reads) and a victim fan and creator whose data no generated request may change.
 */
export async function createFuzzWorld(): Promise<{
  t: MediaTestApp;
  context: FuzzContext;
  victimData: () => Promise<unknown>;
}> {
  const adminEmail = uniqueEmail('admin');
  const t = await createMediaTestApp({ ADMIN_EMAILS: adminEmail }, { runJobs: true });
  const admin = await signUpVerified(t, { email: adminEmail });
  const fan = await signUpVerified(t);
  const creator = await buildCreator(t, { approveWith: admin.token });
  const victimFan = await signUpVerified(t);
  const victim = await buildCreator(t, { approveWith: admin.token });
  const locked = await buildPost(t, victim.token, { visibility: 'subscribers' });
  const open = await buildPost(t, victim.token, { youtube: true });
  const own = await buildPost(t, creator.token, { youtube: true });
  const conversation = await post(
    t,
    '/api/conversations',
    { userId: victim.user.id },
    { token: victimFan.token },
  );
  const conversationId = conversation.json<{ id: string }>().id;
  await post(
    t,
    `/api/conversations/${conversationId}/messages`,
    { text: 'hello' },
    { token: victimFan.token },
  );

  const read = async (token: string, url: string) =>
    (await t.app.inject({ method: 'GET', url, headers: bearer(token) })).json<Record<string, unknown>>();
  /** What belongs to the victims (counts others may move, like likes and followers, left out). */
  async function victimData() {
    const posts = (await read(victim.token, `/api/creators/${victim.creator.handle}/posts?limit=50`)) as {
      items: PostView[];
    };
    const messages = (await read(victimFan.token, `/api/conversations/${conversationId}/messages`)) as {
      items: { id: string; text: string }[];
    };
    const profileOf = (body: Record<string, unknown>) => {
      const user = body.user as Record<string, unknown>;
      return [user.id, user.email, user.firstName, user.lastName, user.role];
    };
    const me = (await read(victim.token, '/api/creators/me')) as Record<string, unknown>;
    return {
      victim: profileOf(await read(victim.token, '/api/auth/profile')),
      victimFan: profileOf(await read(victimFan.token, '/api/auth/profile')),
      creator: [
        me.displayName,
        me.handle,
        me.bio,
        me.status,
        JSON.stringify(me.prices ?? me.monthlyPrice ?? null),
      ],
      posts: posts.items.map((p) => [p.id, p.description, p.visibility, JSON.stringify(p.price ?? null)]),
      messages: messages.items.map((m) => [m.id, m.text]),
      sessions: ((await read(victim.token, '/api/auth/sessions')) as { items: unknown[] }).items.length,
    };
  }

  const context: FuzzContext = {
    ids: [
      victim.user.id,
      victim.creator.id,
      victim.creator.handle,
      victimFan.user.id,
      locked.id,
      open.id,
      own.id,
      (locked.media as { id: string } | null)?.id ?? locked.id,
      conversationId,
      fan.user.id,
      creator.creator.handle,
    ],
    actors: [
      { name: 'visitor', token: null },
      { name: 'fan', token: fan.token },
      { name: 'creator', token: creator.token },
      { name: 'admin', token: admin.token, readOnly: true },
    ],
    // Ending one's own session, deleting one's account or opening the event stream (which stays
    // open) would stop the rest of the run: signed out only.
    visitorOnly: [
      'POST /api/auth/logout',
      'POST /api/me/delete',
      'GET /api/events',
      'DELETE /api/auth/sessions/{id}',
    ],
    // Checked in server/routes/engagement/comments.test.ts.
    notCalled: ['GET /api/comments/live'],
  };
  return { t, context, victimData };
}
