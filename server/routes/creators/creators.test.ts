import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatorListResponse } from '../../../common/schemas/creators.ts';
import { creatorProfiles, users } from '../../db/schema/index.ts';
import { type AccountsTestApp, createAccountsTestApp, get, signUpVerified } from '../../test/accounts.ts';

async function addCreator(
  t: AccountsTestApp,
  handle: string,
  status: 'approved' | 'pending_review',
  userId?: string,
) {
  const { db } = t.app.services.database;
  const ownerId =
    userId ??
    (
      await db
        .insert(users)
        .values({ email: `${handle}@example.com` })
        .returning()
    )[0]?.id;
  if (!ownerId) throw new Error('no user');
  await db
    .insert(creatorProfiles)
    .values({ userId: ownerId, handle, displayName: `Creator ${handle}`, status });
}

describe('GET /api/creators', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers an empty page when no creator is approved yet', async () => {
    const response = await get(t, '/api/creators?limit=5');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ items: [], nextCursor: null });
  });

  it('lists only approved creators, newest first, in keyset pages without gaps or repeats', async () => {
    for (let i = 0; i < 12; i += 1) await addCreator(t, `maker${String(i).padStart(2, '0')}`, 'approved');
    await addCreator(t, 'waiting', 'pending_review');

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/creators?limit=5${cursor ? `&cursor=${cursor}` : ''}`;
      const body: CreatorListResponse = (await get(t, url)).json();
      seen.push(...body.items.map((item) => item.handle));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor);

    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => `maker${String(11 - i).padStart(2, '0')}`));
    expect(seen).not.toContain('waiting');
  });

  it('never suggests the signed-in viewer to themselves', async () => {
    const viewer = await signUpVerified(t);
    await addCreator(t, 'myself', 'approved', viewer.user.id);
    const anonymous: CreatorListResponse = (await get(t, '/api/creators?limit=100')).json();
    expect(anonymous.items.map((item) => item.handle)).toContain('myself');
    const signedIn: CreatorListResponse = (await get(t, '/api/creators?limit=100', viewer.token)).json();
    expect(signedIn.items.map((item) => item.handle)).not.toContain('myself');
  });

  it('refuses a tampered cursor and an out-of-range limit with a 400', async () => {
    const tampered = await get(t, '/api/creators?cursor=not-a-cursor');
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json()).toMatchObject({ message: 'Invalid cursor', code: 'BAD_REQUEST' });
    expect((await get(t, '/api/creators?limit=0')).statusCode).toBe(400);
    expect((await get(t, '/api/creators?limit=1000')).statusCode).toBe(400);
  });
});
