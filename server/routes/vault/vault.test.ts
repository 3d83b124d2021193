import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaView } from '../../../common/schemas/media.ts';
import type { PostView } from '../../../common/schemas/posts.ts';
import { type VaultFolder, type VaultPage, vaultMessages } from '../../../common/schemas/vault.ts';
import { type AccountsTestApp, bearer, get, signUpVerified, uniqueEmail } from '../../test/accounts.ts';
import { buildCreator } from '../../test/creators.ts';
import { createMediaTestApp, tusUpload, waitForProcessing } from '../../test/media.ts';
import { jpeg } from '../../test/media-fixtures.ts';

/** The vault: a creator's uploads, filters, folders, where each is used, and deleting only what no post uses. */
describe('the vault', () => {
  let t: AccountsTestApp;
  const adminEmail = uniqueEmail('admin');
  let admin: { token: string };
  beforeAll(async () => {
    t = await createMediaTestApp({ ADMIN_EMAILS: adminEmail }, { runJobs: true });
    admin = await signUpVerified(t, { email: adminEmail });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const vault = async (token: string, query = '') => {
    const response = await get(t, `/api/vault${query}`, token);
    expect(response.statusCode).toBe(200);
    return response.json<VaultPage>();
  };
  const ids = (page: VaultPage) => page.items.map((item) => item.media.id);
  const upload = async (token: string) => {
    const { last } = await tusUpload(t, token, await jpeg(300, 200), { filetype: 'image/jpeg' });
    const id = (JSON.parse(last.body) as MediaView).id;
    await waitForProcessing(t, token, id);
    return id;
  };
  const day = (offsetDays: number) =>
    new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

  it('lists a creator’s uploads newest first, by kind and date, with the posts using each, to them alone', async () => {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const a = await upload(creator.token);
    const b = await upload(creator.token);
    const c = await upload(creator.token);
    expect(ids(await vault(creator.token))).toEqual([c, b, a]);
    expect(ids(await vault(creator.token, '?kind=image'))).toEqual([c, b, a]);
    expect(ids(await vault(creator.token, '?kind=video'))).toEqual([]);
    expect(ids(await vault(creator.token, `?from=${day(0)}&to=${day(0)}`))).toEqual([c, b, a]);
    expect(ids(await vault(creator.token, `?from=${day(1)}`))).toEqual([]);
    expect(ids(await vault(creator.token, `?to=${day(-1)}`))).toEqual([]);
    const paged = await vault(creator.token, '?limit=2');
    expect(ids(paged)).toEqual([c, b]);
    expect(ids(await vault(creator.token, `?limit=2&cursor=${paged.nextCursor}`))).toEqual([a]);

    const post = await call('POST', '/api/posts', creator.token, {
      description: 'Beach day',
      mediaIds: [a, b],
    });
    expect(post.statusCode).toBe(201);
    const postId = post.json<PostView>().id;
    const listed = await vault(creator.token);
    expect(listed.items.find((item) => item.media.id === a)?.usedIn).toEqual([
      { kind: 'post', postId, description: 'Beach day', status: 'published' },
    ]);
    expect(listed.items.find((item) => item.media.id === c)?.usedIn).toEqual([]);

    const other = await buildCreator(t, { approveWith: admin.token });
    expect(ids(await vault(other.token))).toEqual([]);
    expect((await call('DELETE', `/api/vault/items/${c}`, other.token)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/vault/items/${c}/folder`, other.token, { folderId: null })).statusCode,
    ).toBe(404);
    const fan = await signUpVerified(t);
    expect((await get(t, '/api/vault', fan.token)).statusCode).toBe(403);
  });

  it('refuses to delete an item a post uses, naming the post; deletes one no post uses', async () => {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const used = await upload(creator.token);
    const spare = await upload(creator.token);
    await call('POST', '/api/posts', creator.token, { description: 'Sunset over the pier', mediaId: used });
    await call('POST', '/api/posts', creator.token, { description: 'Second look', mediaIds: [spare, used] });
    const refused = await call('DELETE', `/api/vault/items/${used}`, creator.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      vaultMessages.inUse(['"Second look"', '"Sunset over the pier"'], 0),
    );
    expect(refused.json<{ message: string }>().message).toContain('Sunset over the pier');
    expect(ids(await vault(creator.token))).toContain(used);

    const loose = await upload(creator.token);
    expect((await call('DELETE', `/api/vault/items/${loose}`, creator.token)).statusCode).toBe(204);
    expect(ids(await vault(creator.token))).not.toContain(loose);
  });

  it('makes, renames and deletes folders and moves items between them', async () => {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const a = await upload(creator.token);
    const b = await upload(creator.token);
    const made = await call('POST', '/api/vault/folders', creator.token, { name: ' Summer ' });
    expect(made.statusCode).toBe(201);
    const folder = made.json<VaultFolder>();
    expect(folder).toMatchObject({ name: 'Summer', itemCount: 0 });
    const twice = await call('POST', '/api/vault/folders', creator.token, { name: 'summer' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ message: string }>().message).toBe(vaultMessages.folderNameTaken);
    const empty = await call('POST', '/api/vault/folders', creator.token, { name: '  ' });
    expect(empty.json<{ fields: object }>().fields).toEqual({ name: vaultMessages.folderNameRequired });

    const renamed = await call('PATCH', `/api/vault/folders/${folder.id}`, creator.token, {
      name: 'Summer 2026',
    });
    expect(renamed.json<VaultFolder>().name).toBe('Summer 2026');
    expect(
      (await call('PUT', `/api/vault/items/${b}/folder`, creator.token, { folderId: folder.id })).json(),
    ).toEqual({ folderId: folder.id });
    expect(ids(await vault(creator.token, `?folder=${folder.id}`))).toEqual([b]);
    expect(ids(await vault(creator.token, '?folder=none'))).toEqual([a]);
    expect((await get(t, '/api/vault/folders', creator.token)).json()).toEqual({
      items: [{ id: folder.id, name: 'Summer 2026', itemCount: 1 }],
    });

    const other = await buildCreator(t, { approveWith: admin.token });
    expect(
      (await call('PATCH', `/api/vault/folders/${folder.id}`, other.token, { name: 'Mine' })).statusCode,
    ).toBe(404);
    const otherItem = await upload(other.token);
    expect(
      (await call('PUT', `/api/vault/items/${otherItem}/folder`, other.token, { folderId: folder.id }))
        .statusCode,
    ).toBe(404);

    expect((await call('DELETE', `/api/vault/folders/${folder.id}`, creator.token)).statusCode).toBe(204);
    const after = await vault(creator.token);
    expect(ids(after)).toEqual([b, a]);
    expect(after.items.every((item) => item.folderId === null)).toBe(true);
  });
});
