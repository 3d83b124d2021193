import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../../common/schemas/messages.ts';
import { type DataExport, dataExportLimits, safetyMessages } from '../../../common/schemas/safety.ts';
import { REMOVE_EXPIRED_DATA_EXPORTS } from '../../jobs/data-exports.ts';
import { createEntitlementsRepository } from '../../repositories/billing/fan-payments/entitlements.repository.ts';
import { userReferences } from '../../repositories/safety/account-data.repository.ts';
import { type AccountsTestApp, bearer, get, post, signUpVerified, uniqueEmail } from '../../test/accounts.ts';
import { buildCreator, buildPost } from '../../test/creators.ts';
import { downloadExport, exportState, requestExport, settledExport } from '../../test/data-exports.ts';
import { createMediaTestApp, storedFiles } from '../../test/media.ts';
import { unzip } from '../../test/unzip.ts';

/** Tables that may still point at a deleted user, and why (decision 0011). */
const KEPT = new Set(['payments', 'subscriptions', 'media']);
const DAY = 86_400_000;

describe('your data: exports made by a job, and account deletion', () => {
  let t: AccountsTestApp;
  const adminEmail = uniqueEmail('admin');
  let admin: { token: string };
  beforeAll(async () => {
    t = await createMediaTestApp({ ADMIN_EMAILS: adminEmail }, { runJobs: true });
    admin = await signUpVerified(t, { email: adminEmail });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  /** A creator with a little of everything: posts, media, follows, likes, a conversation, a block, a report. */
  async function busyCreator() {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const other = await buildCreator(t, { approveWith: admin.token });
    const fan = await signUpVerified(t);
    const own = await buildPost(t, creator.token, { description: 'My photo' });
    const theirs = await buildPost(t, other.token, { youtube: true });
    await t.app.inject({
      method: 'POST',
      url: `/api/creators/${other.creator.handle}/follow`,
      headers: bearer(creator.token),
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/creators/${creator.creator.handle}/follow`,
      headers: bearer(fan.token),
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/posts/${theirs.id}/like`,
      headers: bearer(creator.token),
    });
    await t.app.inject({ method: 'POST', url: `/api/posts/${own.id}/like`, headers: bearer(fan.token) });
    const conversation = (
      await post(t, '/api/conversations', { userId: fan.user.id }, { token: creator.token })
    ).json<Conversation>();
    await post(
      t,
      `/api/conversations/${conversation.id}/messages`,
      { text: 'thanks for the follow' },
      { token: creator.token },
    );
    await post(
      t,
      '/api/reports',
      { targetType: 'post', targetId: theirs.id, reason: 'spam' },
      { token: creator.token },
    );
    // Comments, a comment like, a bookmark, a list and a notification choice.
    const said = await post(
      t,
      `/api/posts/${theirs.id}/comments`,
      { text: 'Lovely' },
      { token: creator.token },
    );
    const heard = await post(t, `/api/posts/${theirs.id}/comments`, { text: 'Agreed' }, { token: fan.token });
    await post(t, `/api/comments/${heard.json().id}/like`, {}, { token: creator.token });
    await post(
      t,
      `/api/posts/${theirs.id}/comments`,
      { text: 'Me too', parentId: said.json().id },
      { token: fan.token },
    );
    await t.app.inject({
      method: 'PUT',
      url: `/api/posts/${theirs.id}/bookmark`,
      headers: bearer(creator.token),
    });
    const list = await post(t, '/api/lists', { name: 'Friends' }, { token: creator.token });
    await t.app.inject({
      method: 'PUT',
      url: `/api/lists/${list.json().id}/creators/${other.creator.id}`,
      headers: bearer(creator.token),
    });
    await t.app.inject({
      method: 'PUT',
      url: '/api/me/notification-settings',
      headers: bearer(creator.token),
      payload: { kind: 'comment', email: false },
    });
    const stranger = await signUpVerified(t);
    await post(t, '/api/me/blocks', { userId: stranger.user.id }, { token: creator.token });
    const now = t.clock.now();
    const entitlements = createEntitlementsRepository(t.app.services.database.db);
    await entitlements.grantSubscription(
      creator.user.id,
      other.creator.id,
      new Date(now.getTime() + 86_400_000),
      now,
    );
    await entitlements.grantPurchase(creator.user.id, theirs.id, now);
    return { creator, other, fan, own, theirs, conversation };
  }

  it('makes the export in a job, mails that it is ready, and downloads every table that refers to the user, with their media and without secrets', async () => {
    const { creator, own } = await busyCreator();
    expect(await exportState(t, creator.token)).toMatchObject({ status: 'none', id: null });
    const asked = await requestExport(t, creator.token);
    expect(asked.statusCode).toBe(202);
    const waiting = asked.json<DataExport>();
    expect(waiting).toMatchObject({ status: 'waiting', size: null, expiresAt: null, reason: null });

    // The job's signal: the email saying it is ready, with no file and no download link in it.
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(creator.email) && m.subject === 'Your Fanplace data is ready to download',
      60_000,
    );
    expect(mail.text).toContain('/settings?tab=privacy-safety');
    expect(mail.text).not.toContain('/download');
    expect(mail.text).not.toContain(waiting.id as string);
    const ready = await exportState(t, creator.token);
    expect(ready).toMatchObject({ status: 'ready', id: waiting.id, reason: null });
    expect(ready.size).toBeGreaterThan(0);
    expect(new Date(ready.expiresAt as string).getTime()).toBe(t.clock.now().getTime() + 7 * DAY);
    // Stored privately, under the export's own folder.
    expect(storedFiles(t)).toContain(`exports/${waiting.id}/data.zip`);

    const response = await downloadExport(t, creator.token, waiting.id as string);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="fanplace-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(Number(response.headers['content-length'])).toBe(ready.size);
    const files = await unzip(response.rawPayload);
    const data = JSON.parse(files.get('data.json')?.toString() ?? '{}') as {
      tables: Record<string, Record<string, unknown>[]>;
    };

    // Checked against the schema: a table added later that refers to users is exported too.
    for (const { table } of userReferences()) expect(Object.keys(data.tables)).toContain(table);
    for (const table of [
      'users',
      'creator_profiles',
      'follows',
      'post_likes',
      'conversation_members',
      'messages',
      'posts',
      'media',
      'user_blocks',
      'reports',
      'sessions',
      'creator_subscriptions',
      'post_purchases',
      'notifications',
    ]) {
      expect(data.tables[table]?.length, table).toBeGreaterThan(0);
    }
    expect(data.tables.users?.[0]).toMatchObject({ email: creator.email });
    const text = files.get('data.json')?.toString() ?? '';
    expect(text).not.toMatch(/password_hash|token_hash|code_hash|\$argon2/);

    const mediaId = own.media?.id as string;
    const mediaFiles = [...files.keys()].filter((name) => name.startsWith(`media/${mediaId}/`));
    expect(mediaFiles.length).toBeGreaterThan(1);
    expect(files.get(mediaFiles[0] as string)?.length).toBeGreaterThan(0);
  }, 90_000);

  it('answers a second request while one is being made with the same export', async () => {
    const fan = await signUpVerified(t);
    const answers = await Promise.all([1, 2, 3].map(() => requestExport(t, fan.token)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202]);
    const ids = new Set(answers.map((answer) => answer.json<DataExport>().id));
    expect(ids.size).toBe(1);
    expect(await settledExport(t, fan.token)).toMatchObject({ status: 'ready', id: [...ids][0] });
    const rows = (await t.app.services.database.db.execute(
      sql`select count(*)::int as n from data_exports where user_id = ${fan.user.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]?.n).toBe(1);
  }, 60_000);

  it('allows a few exports a day, then says how long to wait', async () => {
    const fan = await signUpVerified(t);
    for (let asked = 0; asked < dataExportLimits.perDay; asked += 1) {
      expect((await requestExport(t, fan.token)).statusCode).toBe(202);
      expect((await settledExport(t, fan.token)).status).toBe('ready');
    }
    const refused = await requestExport(t, fan.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: safetyMessages.tooManyExports });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The ready one is still there to download.
    expect((await exportState(t, fan.token)).status).toBe('ready');
  }, 90_000);

  it('lets only its owner download it', async () => {
    const owner = await signUpVerified(t);
    const stranger = await signUpVerified(t);
    await requestExport(t, owner.token);
    const { id } = await settledExport(t, owner.token);
    expect((await downloadExport(t, stranger.token, id as string)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/me/exports/${id}/download` })).statusCode).toBe(
      401,
    );
    expect((await exportState(t, stranger.token)).status).toBe('none');
    expect((await downloadExport(t, owner.token, id as string)).statusCode).toBe(200);
  }, 60_000);

  it('deletes the account, keeping only the anonymous records the law and the ledger need', async () => {
    const { creator, fan, own, theirs, conversation } = await busyCreator();
    const wrong = await post(t, '/api/me/delete', { password: 'not my password' }, { token: creator.token });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: safetyMessages.passwordIncorrect });

    const mediaId = own.media?.id as string;
    expect(storedFiles(t).some((file) => file.includes(mediaId))).toBe(true);
    await requestExport(t, creator.token);
    const exported = await settledExport(t, creator.token);
    expect(storedFiles(t)).toContain(`exports/${exported.id}/data.zip`);
    const deleted = await post(t, '/api/me/delete', { password: creator.password }, { token: creator.token });
    expect(deleted.json()).toEqual({ message: safetyMessages.accountDeleted });

    const { db } = t.app.services.database;
    const left: Record<string, number> = {};
    for (const { table, columns } of userReferences()) {
      const where = sql.join(
        columns.map((column) => sql`${sql.identifier(column)} = ${creator.user.id}`),
        sql` or `,
      );
      const result = (await db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`,
      )) as unknown as {
        rows: { n: number }[];
      };
      const count = result.rows[0]?.n ?? 0;
      if (count > 0) left[table] = count;
    }
    for (const table of Object.keys(left))
      expect(KEPT.has(table), `${table} still points at the user`).toBe(true);
    // Their comment went with the fan's reply under it; the fan's own comment stays, its like gone.
    const page = (await get(t, `/api/posts/${theirs.id}/comments`, fan.token)).json();
    expect(page).toMatchObject({ count: 1, items: [{ text: 'Agreed', likes: 0, replyCount: 0 }] });
    // Of the media, only the identity document given for the creator review is kept.
    const kinds = (await db.execute(
      sql`select kind from media where owner_id = ${creator.user.id}`,
    )) as unknown as { rows: { kind: string }[] };
    expect(kinds.rows.map((row) => row.kind)).toEqual(['identity_document']);
    const [tombstone] = (
      (await db.execute(
        sql`select email, first_name, password_hash, deleted_at from users where id = ${creator.user.id}`,
      )) as unknown as {
        rows: Record<string, unknown>[];
      }
    ).rows;
    expect(tombstone).toMatchObject({
      email: `deleted-${creator.user.id}@deleted.invalid`,
      first_name: '',
      password_hash: null,
    });
    expect(tombstone?.deleted_at).not.toBeNull();

    expect(storedFiles(t).some((file) => file.includes(mediaId))).toBe(false);
    expect(storedFiles(t).some((file) => file.includes(exported.id as string))).toBe(false);
    expect((await get(t, '/api/auth/profile', creator.token)).statusCode).toBe(401);
    expect(
      (await post(t, '/api/auth/signin', { email: creator.email, password: creator.password })).statusCode,
    ).toBe(401);
    expect((await get(t, `/api/creators/${creator.creator.handle}`)).statusCode).toBe(404);
    expect((await get(t, `/api/conversations/${conversation.id}`, fan.token)).statusCode).toBe(404);
    // The address is free again.
    expect(
      (
        await post(t, '/api/auth/signup', {
          email: creator.email,
          password: 'a-fresh-start-1234',
          firstName: 'New',
          lastName: 'Me',
          acceptTerms: true,
        })
      ).statusCode,
    ).toBe(201);
  });

  it('keeps a ready export 7 days, then stops serving it and a job removes the file', async () => {
    const fan = await signUpVerified(t);
    await requestExport(t, fan.token);
    const { id } = await settledExport(t, fan.token);
    t.clock.advance(7 * DAY - 60_000);
    expect((await exportState(t, fan.token)).status).toBe('ready');
    const { queue } = t.app.services;
    const kept = await queue.send(REMOVE_EXPIRED_DATA_EXPORTS, {});
    expect(await queue.waitFor(REMOVE_EXPIRED_DATA_EXPORTS, kept as string)).toBe('completed');
    expect(storedFiles(t)).toContain(`exports/${id}/data.zip`);

    t.clock.advance(2 * 60_000);
    expect(await exportState(t, fan.token)).toMatchObject({ status: 'none', id: null });
    expect((await downloadExport(t, fan.token, id as string)).statusCode).toBe(404);
    const removed = await queue.send(REMOVE_EXPIRED_DATA_EXPORTS, {});
    expect(await queue.waitFor(REMOVE_EXPIRED_DATA_EXPORTS, removed as string)).toBe('completed');
    expect(storedFiles(t).some((file) => file.startsWith(`exports/${id}/`))).toBe(false);
    // And it can be asked for again.
    expect((await requestExport(t, fan.token)).statusCode).toBe(202);
  }, 60_000);
});
