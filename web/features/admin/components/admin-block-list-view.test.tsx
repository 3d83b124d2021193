import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BlockListEntry, blockListMessages } from '#common/schemas/block-list.ts';
import { Component as AdminBlockListPage } from '../../../app/routes/admin-block-list.tsx';
import { toast } from '../../../lib/toast.ts';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';

const HASH = 'd8f8f0cce0f4a84f0e370a22028f67f0b36e2ed596623e1d33e6b39c4e9c9b22';

function buildEntry(overrides: Partial<BlockListEntry> = {}): BlockListEntry {
  return {
    id: 'e-1',
    source: 'moderation',
    note: 'Leaked set',
    mediaId: 'm-1',
    ownerEmail: 'lena@example.com',
    createdByEmail: 'admin@example.com',
    hashes: [HASH],
    refusals: 2,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

const renderPage = (path = '/admin/block-list') =>
  renderRoutes([{ path: '/admin/block-list', Component: AdminBlockListPage }], path);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('block list', () => {
  it('is for admins only, without asking the server', () => {
    signInAs({ role: 'user' });
    const requests = stubFetch(() => json(200, { items: [], nextCursor: null }));
    renderPage();
    expect(screen.getByRole('heading', { name: 'You need to be an admin' })).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('shows a loading state, then says when the list is empty', async () => {
    signInAs({ role: 'admin' });
    let answer: (response: Response) => void = () => {};
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderPage();
    expect(screen.getByText('Loading the block list…')).toBeTruthy();
    answer(json(200, { items: [], nextCursor: null }));
    expect(await screen.findByRole('heading', { name: 'The block list is empty' })).toBeTruthy();
  });

  it('lists entries and removes one', async () => {
    signInAs({ role: 'admin' });
    const success = vi.spyOn(toast, 'success');
    let removed = false;
    const requests = stubFetch((request) => {
      if (request.method === 'DELETE') {
        removed = true;
        return new Response(null, { status: 204 });
      }
      return json(200, { items: removed ? [] : [buildEntry()], nextCursor: null });
    });
    renderPage();
    const card = await screen.findByRole('article', { name: 'Removed by moderation' });
    expect(within(card).getByText('Leaked set')).toBeTruthy();
    expect(within(card).getByText('lena@example.com')).toBeTruthy();
    expect(within(card).getByText('2 uploads refused')).toBeTruthy();
    expect(within(card).getByText(HASH)).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Remove from block list' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Removed from the block list'));
    expect(requests.find((request) => request.method === 'DELETE')?.url).toBe('/api/admin/block-list/e-1');
    expect(await screen.findByRole('heading', { name: 'The block list is empty' })).toBeTruthy();
  });

  it('adds a pasted hash, and says in words when it is not one', async () => {
    signInAs({ role: 'admin' });
    const requests = stubFetch((request) =>
      request.method === 'POST'
        ? json(201, buildEntry({ source: 'admin', note: 'From a hash list' }))
        : json(200, { items: [], nextCursor: null }),
    );
    renderPage();
    const form = await screen.findByRole('form', { name: 'Add a hash' });
    await userEvent.type(within(form).getByLabelText('PDQ hash'), 'not a hash');
    await userEvent.click(within(form).getByRole('button', { name: 'Add to block list' }));
    expect(await within(form).findByText(blockListMessages.hashInvalid)).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await userEvent.clear(within(form).getByLabelText('PDQ hash'));
    await userEvent.type(within(form).getByLabelText('PDQ hash'), HASH.toUpperCase());
    await userEvent.type(within(form).getByLabelText('Note'), 'From a hash list');
    await userEvent.click(within(form).getByRole('button', { name: 'Add to block list' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    expect(JSON.parse(requests.find((request) => request.method === 'POST')?.body ?? '{}')).toEqual({
      hash: HASH.toUpperCase(),
      note: 'From a hash list',
    });
  });

  it('lists refused uploads on their own tab', async () => {
    signInAs({ role: 'admin' });
    stubFetch((request) =>
      request.url.includes('/refusals')
        ? json(200, {
            items: [
              {
                id: 'r-1',
                userEmail: 'copycat@example.com',
                mediaId: 'm-2',
                entryId: 'e-1',
                source: 'takedown',
                note: 'Copyright notice 42',
                kind: 'video_frame',
                distance: 6,
                createdAt: '2026-01-06T10:00:00.000Z',
              },
            ],
            nextCursor: null,
          })
        : json(200, { items: [], nextCursor: null }),
    );
    renderPage('/admin/block-list?show=refusals');
    expect(await screen.findByText('copycat@example.com tried to upload a video')).toBeTruthy();
    expect(
      screen.getByText(/matched media taken down \(“Copyright notice 42”\) · 6 of 256 bits differ/),
    ).toBeTruthy();
  });
});
