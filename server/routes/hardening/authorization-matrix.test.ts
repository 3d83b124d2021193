import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaView } from '../../../common/schemas/media.ts';
import { users } from '../../db/schema/users.ts';
import {
  bearer,
  GOOD_PASSWORD,
  post,
  signUp,
  signUpVerified,
  uniqueEmail,
  uniqueIp,
} from '../../test/accounts.ts';
import { buildCreator, buildPost, uploaded } from '../../test/creators.ts';
import { createMediaTestApp, type MediaTestApp, tusCreate } from '../../test/media.ts';
import { ACTORS, type Actor, accessMatrix, type MatrixEntry, type World } from './access-matrix.ts';

interface Account {
  token: string | null;
  email: string | null;
  userId: string | null;
}

/** Every route of the app's own route table, as every actor, on objects the actor does not own. */
describe('authorization matrix', () => {
  let t: MediaTestApp;
  let world: World;
  const accounts = {} as Record<Actor, Account>;
  const adminEmail = uniqueEmail('admin');
  let routes: string[];

  beforeAll(async () => {
    t = await createMediaTestApp({ ADMIN_EMAILS: adminEmail }, { runJobs: true });
    routes = tableOf(t.app.routeTable);
    const admin = await signUpVerified(t, { email: adminEmail });
    const fan = await signUpVerified(t);
    const fan2 = await signUpVerified(t);
    const creator = await buildCreator(t, { approveWith: admin.token });
    const creator2 = await buildCreator(t, { approveWith: admin.token });
    const unverifiedSignup = await signUp(t);
    const unverified = await post(t, '/api/auth/signin', {
      email: unverifiedSignup.email,
      password: GOOD_PASSWORD,
    });
    const suspended = await signUpVerified(t);
    await t.app.services.database.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.id, suspended.user.id));
    const account = (a: { token: string; email: string; user: { id: string } }): Account => ({
      token: a.token,
      email: a.email,
      userId: a.user.id,
    });
    Object.assign(accounts, {
      visitor: { token: null, email: null, userId: null },
      unverified: {
        token: unverified.json().token,
        email: unverifiedSignup.email,
        userId: unverified.json().user.id,
      },
      fan: account(fan),
      fan2: account(fan2),
      creator: account(creator),
      creator2: account(creator2),
      admin: account(admin),
      suspended: account(suspended),
    });

    const locked = await buildPost(t, creator.token, { visibility: 'subscribers' });
    const open = await buildPost(t, creator.token, { visibility: 'public' });
    const document = await uploaded(t, creator.token, 'identity-document');
    const conversation = await post(
      t,
      '/api/conversations',
      { userId: creator.user.id },
      { token: fan.token },
    );
    const pricedMessage = await post(
      t,
      `/api/conversations/${conversation.json().id}/messages`,
      { text: 'For you', mediaIds: [(locked.media as MediaView | null)?.id], price: '3.00' },
      { token: creator.token },
    );
    const fanList = await post(t, '/api/fan-lists', { name: 'Regulars' }, { token: creator.token });
    const offer = await post(
      t,
      '/api/creators/me/offers',
      { kind: 'trial', trialDays: 7 },
      { token: creator.token },
    );
    const sessions = await t.app.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: bearer(fan.token),
    });
    const ticket = await post(
      t,
      '/api/support',
      { name: 'Fan', email: fan.email, category: 'other', subject: 'Help', message: 'A real question' },
      { token: fan.token },
    );
    const report = await post(
      t,
      '/api/reports',
      { targetType: 'profile', targetId: creator2.creator.id, reason: 'spam' },
      { token: fan.token },
    );
    const upload = await tusCreate(t, creator.token, 1000, { filetype: 'image/jpeg' });
    const comment = await post(
      t,
      `/api/posts/${open.id}/comments`,
      { text: 'A comment' },
      { token: fan.token },
    );
    const list = await post(t, '/api/lists', { name: 'Fan list' }, { token: fan.token });
    const dataExport = await post(t, '/api/me/export', {}, { token: fan.token });
    await t.app.inject({
      method: 'PUT',
      url: `/api/lists/${list.json().id}/creators/${creator.creator.id}`,
      headers: bearer(fan.token),
    });
    for (const [name, response, status] of [
      ['conversation', conversation, 200],
      ['priced message', pricedMessage, 201],
      ['fan list', fanList, 201],
      ['offer', offer, 201],
      ['sessions', sessions, 200],
      ['ticket', ticket, 201],
      ['report', report, 201],
      ['upload', upload, 201],
      ['comment', comment, 201],
      ['list', list, 201],
      ['data export', dataExport, 202],
    ] as const) {
      if (response.statusCode !== status) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
    }
    world = {
      creatorHandle: creator.creator.handle,
      creatorId: creator.creator.id,
      creator2Id: creator2.creator.id,
      creatorUserId: creator.user.id,
      fanUserId: fan.user.id,
      lockedPostId: locked.id,
      lockedMediaId: (locked.media as MediaView | null)?.id ?? '',
      publicPostId: open.id,
      identityDocumentId: document.id,
      conversationId: conversation.json().id,
      pricedMessageId: pricedMessage.json().id,
      fanListId: fanList.json().id,
      offerId: offer.json().id,
      offerCode: offer.json().code,
      fanSessionId: sessions.json().items[0].id,
      ticketId: ticket.json().id,
      reportId: report.json().id,
      commentOfFanId: comment.json().id,
      listOfFanId: list.json().id,
      uploadId: String(upload.headers.location).split('/').pop() ?? '',
      dataExportOfFanId: dataExport.json().id,
      unknownId: '01890000-0000-7000-8000-000000000000',
    };
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('has an entry for every route in the app, and no entry for a route that is gone', () => {
    const missing = routes.filter((route) => !(route in accessMatrix));
    expect(missing, `add to server/routes/hardening/access-matrix.ts: ${missing.join(', ')}`).toEqual([]);
    const stale = Object.entries(accessMatrix)
      .filter(([route, rule]) => !rule.optional && !routes.includes(route))
      .map(([route]) => route);
    expect(stale).toEqual([]);
  });

  it('answers every route as every actor as the matrix says, with no 5xx and no leak', async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const rule = accessMatrix[route];
      if (!rule) continue;
      for (const actor of ACTORS) {
        const expected = expectation(route, rule, actor);
        if (expected === 'skip') continue;
        const response = await call(route, rule, actor);
        calls += 1;
        const verdict = judge(expected, response.statusCode);
        if (verdict) failures.push(`${route} as ${actor}: ${verdict} (${response.body.slice(0, 160)})`);
        const leak = leakIn(actor, response);
        if (leak) failures.push(`${route} as ${actor}: leaks ${leak}`);
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(routes.length * 3);
  }, 300_000);

  function call(route: string, rule: MatrixEntry, actor: Actor): Promise<LightMyRequestResponse> {
    const [method, url] = route.split(' ') as [InjectOptions['method'], string];
    const target = rule.url ? rule.url(world) : url;
    const token = accounts[actor].token;
    const body = typeof rule.body === 'function' ? rule.body(world) : rule.body;
    return t.app.inject({
      method,
      url: target,
      remoteAddress: uniqueIp(),
      headers: { ...rule.raw?.headers, ...(token ? bearer(token) : {}) },
      ...(rule.raw?.payload !== undefined ? { payload: rule.raw.payload } : body ? { payload: body } : {}),
    });
  }

  /**
   * What an actor must get: a set of statuses, 'allowed' (neither refused nor a 5xx), 'any' (no
   * 5xx), or 'skip' (an allowed caller of a route that changes the caller's own account or keeps
   * a stream open: calling it would prove nothing about access and change the actors).
   */
  function expectation(
    route: string,
    rule: MatrixEntry,
    actor: Actor,
  ): number[] | 'allowed' | 'any' | 'skip' {
    const allowed = route.startsWith('GET ') && !rule.stream ? 'allowed' : 'skip';
    const signedOut = actor === 'visitor' || actor === 'suspended';
    switch (rule.who) {
      case 'anyone':
        return rule.stream ? 'skip' : 'any';
      case 'provider':
        return [400, 401, 403, 404];
      case 'signed-in':
      case 'verified':
      case 'creator':
        if (signedOut) return [401];
        if (actor === 'unverified' && rule.who !== 'signed-in')
          return rule.who === 'creator' ? [403, 404] : [403];
        // Creator routes may answer 404 ("Become a creator first") to an account that is not one.
        if (rule.who === 'creator' && !actor.startsWith('creator')) return [403, 404];
        return allowed;
      case 'admin':
        if (signedOut) return [401];
        return actor === 'admin' ? allowed : [403];
      case 'owner':
        if (signedOut) return [401];
        if (rule.owners?.includes(actor) || (rule.adminMay && actor === 'admin')) return allowed;
        return [403, 404];
    }
  }

  function judge(expected: number[] | 'allowed' | 'any', status: number): string | null {
    if (status >= 500) return `server error ${status}`;
    if (expected === 'any') return null;
    if (expected === 'allowed') return status === 401 || status === 403 ? `refused with ${status}` : null;
    return expected.includes(status) ? null : `expected ${expected.join(' or ')}, got ${status}`;
  }

  /** Another user's email, a password hash, another user's token, or a locked original's URL. */
  function leakIn(actor: Actor, response: LightMyRequestResponse): string | null {
    const body = response.body;
    if (/\$argon2/.test(body)) return 'a password hash';
    for (const other of ACTORS) {
      if (other === actor) continue;
      const { email, token } = accounts[other];
      if (token && body.includes(token)) return `${other}'s token`;
      if (email && actor !== 'admin' && body.toLowerCase().includes(email)) return `${other}'s email`;
    }
    const entitled = actor === 'creator' || actor === 'admin';
    if (!entitled && world.lockedMediaId && new RegExp(`${world.lockedMediaId}/(?!preview)`).test(body)) {
      return 'the URL of a locked original';
    }
    return null;
  }
});

/** `METHOD /url` of every route, leaving out HEAD routes Fastify adds beside each GET. */
function tableOf(table: string[]): string[] {
  const set = new Set(table);
  return [...set].filter((route) => {
    const [method, url] = route.split(' ');
    return !(method === 'HEAD' && set.has(`GET ${url}`));
  });
}
