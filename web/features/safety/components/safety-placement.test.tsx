import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { safetyMessages } from '#common/schemas/safety.ts';
import { Component as DiscoverPage } from '../../../app/routes/discover.tsx';
import { Component as PublicProfilePage } from '../../../app/routes/public-profile.tsx';
import { closeAuthModal, getAuthModalState } from '../../../lib/auth-modal.ts';
import { toast } from '../../../lib/toast.ts';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { buildProfile } from '../../creators/test/build-profile.ts';
import { buildPost, postPage } from '../../posts/test/build-post.ts';

const renderProfile = () =>
  renderRoutes([{ path: '/public-profile/:id', Component: PublicProfilePage }], '/public-profile/lena');

async function chooseProfileItem(item: string) {
  await userEvent.click(await screen.findByRole('button', { name: 'More options for Lena Park' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  signOutForTest();
  closeAuthModal();
});

describe('report and block on a creator page', () => {
  it('reports the profile by its creator id', async () => {
    signInAs();
    const success = vi.spyOn(toast, 'success');
    const requests = stubFetch((request) => {
      if (request.method === 'POST') return json(201, { id: 'r-1', message: safetyMessages.reported });
      if (request.url.includes('/posts?')) return json(200, { items: [], nextCursor: null });
      return json(200, buildProfile());
    });
    renderProfile();
    await chooseProfileItem('Report profile');
    const dialog = await screen.findByRole('dialog', { name: 'Report this profile' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Pretending to be someone else' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(safetyMessages.reported));
    const sent = requests.find((request) => request.method === 'POST');
    expect(sent?.url).toBe('/api/reports');
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({ targetType: 'profile', targetId: 'c-1' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Focus goes back to the menu button.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('More options for Lena Park');
  });

  it('blocks the account behind the page, after which the page is gone', async () => {
    signInAs();
    const success = vi.spyOn(toast, 'success');
    let blocked = false;
    const requests = stubFetch((request) => {
      if (request.method === 'POST') {
        blocked = true;
        return json(200, { message: safetyMessages.blocked });
      }
      if (request.url.includes('/posts?')) return json(200, { items: [], nextCursor: null });
      return blocked
        ? json(404, { message: 'Creator not found', code: 'NOT_FOUND' })
        : json(200, buildProfile());
    });
    renderProfile();
    await chooseProfileItem('Block Lena Park');
    const dialog = await screen.findByRole('dialog', { name: 'Block Lena Park?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('heading', { name: 'Creator not found' })).toBeTruthy();
    await waitFor(() => expect(success).toHaveBeenCalledWith(safetyMessages.blocked));
    const sent = requests.find((request) => request.method === 'POST');
    expect(sent?.url).toBe('/api/me/blocks');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ userId: 'u-9' });
  });

  it('asks a visitor to sign in first', async () => {
    const error = vi.spyOn(toast, 'error');
    stubFetch((request) =>
      request.url.includes('/posts?')
        ? json(200, { items: [], nextCursor: null })
        : json(200, buildProfile()),
    );
    renderProfile();
    await chooseProfileItem('Report profile');
    expect(getAuthModalState().open).toBe(true);
    expect(error).toHaveBeenCalledWith('Please sign in to report or block');
    expect(screen.queryByRole('dialog', { name: 'Report this profile' })).toBeNull();
  });

  it('has no such menu on your own page', async () => {
    signInAs({ id: 'u-9' });
    stubFetch((request) =>
      request.url.includes('/posts?')
        ? json(200, { items: [], nextCursor: null })
        : json(200, buildProfile({ viewer: { isOwner: true, isFollowing: false } })),
    );
    renderProfile();
    expect(await screen.findByRole('heading', { name: 'Lena Park' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More options for Lena Park' })).toBeNull();
  });
});

describe('report on a post card', () => {
  const renderDiscover = () => renderRoutes([{ path: '/discover', Component: DiscoverPage }], '/discover');

  it('offers Report (not Delete) to someone else signed in, and sends the post id', async () => {
    signInAs();
    const requests = stubFetch((request) =>
      request.method === 'POST'
        ? json(201, { id: 'r-1', message: safetyMessages.reported })
        : json(200, postPage([buildPost()])),
    );
    renderDiscover();
    await userEvent.click(await screen.findByRole('button', { name: 'Post options' }));
    expect(screen.queryByRole('menuitem', { name: 'Delete post' })).toBeNull();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Report post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this post' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Spam or scam' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = requests.find((request) => request.method === 'POST');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      targetType: 'post',
      targetId: 'p-1',
      reason: 'spam',
      details: '',
    });
  });

  it('gives the owner no Report item, and a visitor no menu', async () => {
    signInAs({ id: 'u-9' });
    stubFetch(() => json(200, postPage([buildPost({ isOwner: true })])));
    const first = renderDiscover();
    await userEvent.click(await screen.findByRole('button', { name: 'Post options' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete post' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Report post' })).toBeNull();
    first.unmount();

    signOutForTest();
    stubFetch(() => json(200, postPage([buildPost()])));
    renderDiscover();
    expect(await screen.findByRole('article')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Post options' })).toBeNull();
  });
});
