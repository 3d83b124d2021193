import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as PrivateProfilePage } from '../../../app/routes/private-profile.tsx';
import { json } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { stubApi } from '../../fan-payments/test/fan-payments-api.ts';
import { buildPost, postPage } from '../test/build-post.ts';

const renderProfile = () =>
  renderRoutes([{ path: '/private-profile', Component: PrivateProfilePage }], '/private-profile');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('Purchased tab', () => {
  it('lists the posts the viewer unlocked, with their media', async () => {
    signInAs({ id: 'u-2' });
    const bought = buildPost({
      visibility: 'pay_per_view',
      price: { amount: 250, currency: 'USD' },
      description: 'Night market',
    });
    const requests = stubApi({
      'GET /api/creators/me': () =>
        json(200, { creator: null, counts: { liked: 0, purchased: 1, purchasedMessages: 0 } }),
      'GET /api/me/purchases': () => json(200, postPage([bought])),
    });
    renderProfile();
    expect(await screen.findByRole('tab', { name: 'Purchased (1)' })).toBeTruthy();
    const feed = await screen.findByRole('feed', { name: 'Posts you purchased' });
    const card = within(feed).getByRole('article');
    expect(within(card).getByText('Night market')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Open photo by Lena Park' })).toBeTruthy();
    const purchases = requests.find((request) => request.url.startsWith('/api/me/purchases'));
    expect(purchases?.url).toBe('/api/me/purchases?limit=10');
  });

  it('says there is nothing yet without asking the server', async () => {
    signInAs({ id: 'u-2' });
    const requests = stubApi({
      'GET /api/creators/me': () =>
        json(200, { creator: null, counts: { liked: 0, purchased: 0, purchasedMessages: 0 } }),
    });
    renderProfile();
    expect(await screen.findByRole('heading', { name: 'No purchases yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Discover creators' }).getAttribute('href')).toBe('/discover');
    expect(requests.map((request) => request.url)).toEqual(['/api/creators/me']);
  });
});
