import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreatorReview } from '#common/schemas/creators.ts';
import { Component as AdminCreatorsPage } from '../../../app/routes/admin-creators.tsx';
import { toast } from '../../../lib/toast.ts';
import { json, type RecordedRequest, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';

const review: CreatorReview = {
  creator: {
    id: 'c-1',
    userId: 'u-9',
    handle: 'lena',
    displayName: 'Lena Park',
    avatarUrl: null,
    bannerUrl: null,
    bio: '',
    status: 'pending_review',
    rejectionReason: null,
    price: { monthly: { amount: 999, currency: 'USD' }, sixMonths: { amount: 4795, currency: 'USD' } },
    counts: { photos: 0, videos: 0, posts: 0, likes: 0, followers: 0 },
    viewer: { isOwner: false, isFollowing: false },
    canEdit: false,
    canMessage: true,
    canFollow: false,
    canSubscribe: false,
    canTip: false,
    canReport: true,
    createdAt: '2026-01-05T10:00:00.000Z',
  },
  account: { id: 'u-9', email: 'lena@example.com', firstName: 'Lena', lastName: 'Park' },
  country: 'South Korea',
  identity: 'Female',
  document: null,
  submittedAt: '2026-01-05T10:00:00.000Z',
  reviewedAt: null,
};

const renderPage = (path = '/admin/creators') =>
  renderRoutes([{ path: '/admin/creators', Component: AdminCreatorsPage }], path);

function stubAdminApi(onPost: (request: RecordedRequest) => Response) {
  return stubFetch((request) =>
    request.method === 'POST' ? onPost(request) : json(200, { items: [review], nextCursor: null }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('creator review', () => {
  it('tells a signed-in user who is not an admin, without asking the server', () => {
    signInAs({ role: 'user' });
    const requests = stubFetch(() => json(200, { items: [], nextCursor: null }));
    renderPage();
    expect(screen.getByRole('heading', { name: 'You need to be an admin' })).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('lists pending applications by default with the details to decide on', async () => {
    signInAs({ role: 'admin' });
    const requests = stubAdminApi(() => json(500, {}));
    renderPage();
    const card = await screen.findByRole('article', { name: 'Lena Park' });
    expect(within(card).getByText('Lena Park · lena@example.com')).toBeTruthy();
    expect(within(card).getByText('South Korea')).toBeTruthy();
    expect(within(card).getByText('No document')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Pending review' }).getAttribute('aria-checked')).toBe('true');
    expect(requests[0]?.url).toBe('/api/admin/creators?status=pending_review&limit=20');
  });

  it('needs a reason to reject, then sends it and refreshes the list', async () => {
    signInAs({ role: 'admin' });
    const success = vi.spyOn(toast, 'success');
    const requests = stubAdminApi(() =>
      json(200, { ...review.creator, status: 'rejected', rejectionReason: 'Blurry document' }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Reject Lena Park' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Lena Park?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please give the creator a reason')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Blurry document');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const reject = requests.find((request) => request.method === 'POST');
    expect(reject?.url).toBe('/api/admin/creators/c-1/reject');
    expect(JSON.parse(reject?.body ?? '')).toEqual({ reason: 'Blurry document' });
    expect(success).toHaveBeenCalledWith('Lena Park was rejected');
    expect(requests.filter((request) => request.url.startsWith('/api/admin/creators?'))).toHaveLength(2);
  });

  it('approves with one click', async () => {
    signInAs({ role: 'admin' });
    const requests = stubAdminApi(() => json(200, { ...review.creator, status: 'approved' }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Lena Park' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.url).toBe(
        '/api/admin/creators/c-1/approve',
      ),
    );
  });

  it('fetches the identity document with the bearer token, never in the URL', async () => {
    signInAs({ role: 'admin' }, 'admin-token');
    const url = 'http://localhost/api/media/m-1/document';
    const requests = stubFetch((request) =>
      request.url === url
        ? new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
            headers: { 'content-disposition': 'attachment; filename="m-1-document.pdf"' },
          })
        : json(200, { items: [{ ...review, document: documentView(url) }], nextCursor: null }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'View document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Identity document' });
    expect(within(dialog).getByRole('link', { name: 'Download' }).getAttribute('download')).toBe(
      'm-1-document.pdf',
    );
    const fetched = requests.find((request) => request.url === url);
    expect(fetched?.headers.get('authorization')).toBe('Bearer admin-token');
  });
});

function documentView(url: string): CreatorReview['document'] {
  return {
    id: 'm-1',
    kind: 'identity_document',
    purpose: 'identity',
    status: 'ready',
    failureReason: null,
    width: null,
    height: null,
    duration: null,
    thumbhash: null,
    placeholder: null,
    locked: false,
    url: null,
    urls: { preview: null, sources: [], poster: null, video: null, hls: null, document: url },
    urlsExpireAt: null,
  };
}
