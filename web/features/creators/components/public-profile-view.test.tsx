import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as PublicProfilePage } from '../../../app/routes/public-profile.tsx';
import { closeAuthModal, getAuthModalState } from '../../../lib/auth-modal.ts';
import { json, type RecordedRequest, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { buildProfile } from '../test/build-profile.ts';

const renderAt = (path: string) =>
  renderRoutes([{ path: '/public-profile/:id', Component: PublicProfilePage }], path);

const statValue = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).parentElement?.querySelector('dd')?.textContent;

const plans = [
  {
    id: 'monthly',
    name: 'Monthly',
    price: { amount: 999, currency: 'USD' },
    months: 1,
    badge: null,
    features: ['All videos', 'All media', 'Access to all posts'],
  },
  {
    id: 'six_months',
    name: '6 Months',
    price: { amount: 4795, currency: 'USD' },
    months: 6,
    badge: 'Save 20%',
    features: ['All videos', 'All media', 'Access to all posts'],
  },
];
const isSubscriptionState = (request: RecordedRequest) => request.url.endsWith('/subscription');

/** The tabs ask for the creator's posts and the banner for the plans; these tests are about the page around them. */
const stubProfile = (responder: (request: RecordedRequest) => Response | Promise<Response>) =>
  stubFetch((request) => {
    if (request.url.includes('/posts?')) return json(200, { items: [], nextCursor: null });
    if (isSubscriptionState(request))
      return json(200, { plans, subscription: null, canSubscribe: true, reason: null });
    return responder(request);
  });
const profileRequests = (requests: RecordedRequest[]) =>
  requests.filter((request) => !request.url.includes('/posts?') && !isSubscriptionState(request));

afterEach(() => {
  // Unmount first: signing out re-keys the posts queries, which would otherwise ask the real network.
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
  closeAuthModal();
});

describe('public profile', () => {
  it('replaces an old handle or an id in the URL with the current handle, asking once', async () => {
    const requests = stubProfile(() => json(200, buildProfile({ handle: 'lena' })));
    const { router } = renderAt('/public-profile/lena_old');
    expect(await screen.findByRole('heading', { name: 'Lena Park' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/public-profile/lena'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(profileRequests(requests).map((request) => request.url)).toEqual(['/api/creators/lena_old']);
  });

  it('shows the header, the price and the plans', async () => {
    stubProfile(() => json(200, buildProfile()));
    renderAt('/public-profile/lena');
    expect(await screen.findByText('@lena')).toBeTruthy();
    expect(statValue('Likes')).toBe('120');
    expect(screen.getByRole('link', { name: 'Message Lena Park' }).getAttribute('href')).toBe(
      '/message?user=u-9',
    );
    await userEvent.click(screen.getByRole('button', { name: /Subscribe Now.*\$9\.99\/month/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Select plan' });
    expect(within(dialog).getByRole('radio', { name: 'Monthly, $9.99/month' })).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: '6 Months, $47.95/6 months' })).toBeTruthy();
    expect(within(dialog).getByText('Save 20%')).toBeTruthy();
    expect(within(dialog).getAllByText('Everything Lena Park posts for subscribers')).toHaveLength(2);
  });

  it('promises only what a subscription gives, to a creator with no videos', async () => {
    const noVideos = buildProfile();
    stubProfile(() => json(200, { ...noVideos, counts: { ...noVideos.counts, videos: 0 } }));
    renderAt('/public-profile/lena');
    await userEvent.click(await screen.findByRole('button', { name: /Subscribe Now.*\$9\.99\/month/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Select plan' });
    expect(within(dialog).queryByText(/All videos|All media|Access to all posts/)).toBeNull();
    expect(within(dialog).getAllByText('Everything Lena Park posts for subscribers')).toHaveLength(2);
    expect(within(dialog).getByRole('button', { name: 'Subscribe for $9.99' })).toBeTruthy();
  });

  it('follows and unfollows, taking the follower count from each answer', async () => {
    signInAs();
    let releaseRefetch: () => void = () => {};
    let gets = 0;
    const requests = stubProfile((request) => {
      if (request.method === 'POST') return json(200, { following: true, followers: 11 });
      if (request.method === 'DELETE') return json(200, { following: false, followers: 10 });
      gets += 1;
      if (gets === 1) return json(200, buildProfile());
      // The refetch after following waits, so what shows meanwhile can only come from the answer.
      return new Promise((resolve) => {
        releaseRefetch = () =>
          resolve(
            json(
              200,
              buildProfile({
                counts: { ...buildProfile().counts, followers: 11 },
                viewer: { isOwner: false, isFollowing: true },
              }),
            ),
          );
      });
    });
    renderAt('/public-profile/lena');
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeTruthy();
    expect(statValue('Followers')).toBe('11');
    const follow = requests.find((request) => request.method === 'POST');
    expect(follow?.url).toBe('/api/creators/lena/follow');
    expect(follow?.headers.get('authorization')).toBe('Bearer token-1');

    releaseRefetch();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Unfollow' }).hasAttribute('disabled')).toBe(false),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Unfollow' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(
      requests.some((request) => request.method === 'DELETE' && request.url === '/api/creators/lena/follow'),
    ).toBe(true);
  });

  it('opens the sign-in dialog instead of following when signed out', async () => {
    const requests = stubProfile(() => json(200, buildProfile()));
    renderAt('/public-profile/lena');
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(getAuthModalState()).toEqual({ open: true, mode: 'signin' });
    expect(requests.every((request) => request.method === 'GET')).toBe(true);
  });

  it('gives the owner Edit Profile and the review status instead of Follow', async () => {
    signInAs({ id: 'u-9' });
    stubProfile(() =>
      json(
        200,
        buildProfile({
          status: 'rejected',
          rejectionReason: 'The document is blurry.',
          viewer: { isOwner: true, isFollowing: false },
        }),
      ),
    );
    renderAt('/public-profile/lena');
    const edit = await screen.findByRole('link', { name: 'Edit Profile' });
    expect(edit.getAttribute('href')).toBe('/edit-profile/c-1');
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('The document is blurry.');
  });

  it("shows the actions the server's abilities allow, not what the page would guess", async () => {
    // Signed in, someone else's approved page: the server still says no follow, tip, subscription or
    // report here (server/policies/creators.ts, tips.ts, fan-payments.ts decide).
    signInAs({ id: 'u-1' });
    const requests = stubProfile(() =>
      json(
        200,
        buildProfile({
          canFollow: false,
          canTip: false,
          canSubscribe: false,
          canReport: false,
          canMessage: false,
        }),
      ),
    );
    renderAt('/public-profile/lena');
    const subscribe = await screen.findByRole('button', { name: /Subscribe Now/ });
    expect((subscribe as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Tip Lena Park' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'More options for Lena Park' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Message Lena Park' })).toBeNull();
    // Not allowed to subscribe: the page does not ask for the subscription state either.
    expect(requests.some(isSubscriptionState)).toBe(false);
  });

  it('offers follow, tip, subscribe, report and message when the server allows them', async () => {
    signInAs({ id: 'u-1' });
    stubProfile(() => json(200, buildProfile()));
    renderAt('/public-profile/lena');
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tip Lena Park' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'More options for Lena Park' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Message Lena Park' })).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: /Subscribe Now/ }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
  });

  it('says a creator was not found and points to Discover', async () => {
    stubProfile(() => json(404, { message: 'Creator not found', code: 'NOT_FOUND' }));
    renderAt('/public-profile/nobody');
    expect(await screen.findByRole('heading', { name: 'Creator not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Discover creators' }).getAttribute('href')).toBe('/discover');
  });

  it('says you blocked this creator and unblocks right there, then shows the page', async () => {
    signInAs({ id: 'u-1' });
    let blocked = true;
    const requests = stubProfile((request) => {
      if (request.method === 'DELETE') {
        blocked = false;
        return json(200, { message: 'User unblocked' });
      }
      return blocked
        ? json(403, {
            message: 'You blocked Lena Park',
            code: 'BLOCKED_BY_YOU',
            fields: { userId: 'u-lena' },
          })
        : json(200, buildProfile());
    });
    renderAt('/public-profile/lena');
    expect(await screen.findByRole('heading', { name: 'You blocked Lena Park' })).toBeTruthy();
    expect(screen.queryByText('Creator not found')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByRole('heading', { name: 'Lena Park', level: 1 })).toBeTruthy();
    expect(
      requests.some((request) => request.method === 'DELETE' && request.url === '/api/me/blocks/u-lena'),
    ).toBe(true);
  });
});
