import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leakMessages, type TraceResult } from '#common/schemas/leaks.ts';
import { Component as TraceLeakPage } from '../../../app/routes/trace-leak.tsx';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';

const found: TraceResult = {
  outcome: 'found',
  message: 'This copy was delivered to Lee Kerr on November 27, 2026.',
  media: { id: 'm-1', thumbnailUrl: '/api/media/m-1/w320?expires=1&sig=x' },
  delivery: {
    id: 'd-1',
    deliveredAt: '2026-11-27T10:00:00.000Z',
    viewer: { id: 'u-9', name: 'Lee Kerr', handle: null, suspended: false },
    confidence: 31.4,
  },
};

const renderPage = () => renderRoutes([{ path: '/trace-leak', Component: TraceLeakPage }], '/trace-leak');
const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'found.jpg', { type: 'image/jpeg' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('Trace a leak', () => {
  it('sends the chosen copy and says whom it was delivered to', async () => {
    signInAs({ id: 'creator-1' });
    const requests = stubFetch((request) =>
      request.method === 'GET' ? json(200, { items: [] }) : json(200, found),
    );
    renderPage();
    await userEvent.upload(screen.getByLabelText('The copy you found'), photo());
    await userEvent.click(screen.getByRole('button', { name: 'Trace this copy' }));
    await screen.findByText('This copy was delivered to Lee Kerr on November 27, 2026.');
    expect(screen.getByRole('region', { name: 'What the trace found' }).textContent).toContain('Lee Kerr');
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/takedowns',
      'POST /api/leaks/trace',
    ]);
    // From the answer, a takedown can be opened: it asks where the copy was found.
    expect(screen.getByLabelText('Where did you find it?')).toBeTruthy();
    await screen.findByText('None yet. Trace a copy above to open one.');
  });

  it('asks for a file first, and shows the server’s reason when it refuses', async () => {
    signInAs({ id: 'fan-1' });
    const requests = stubFetch((request) =>
      request.method === 'GET'
        ? json(200, { items: [] })
        : json(403, { message: leakMessages.onlyCreators, code: 'FORBIDDEN' }),
    );
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Trace this copy' }));
    expect((await screen.findByRole('alert')).textContent).toBe(leakMessages.fileRequired);
    expect(document.activeElement).toBe(screen.getByLabelText('The copy you found'));
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
    await userEvent.upload(screen.getByLabelText('The copy you found'), photo());
    await userEvent.click(screen.getByRole('button', { name: 'Trace this copy' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(leakMessages.onlyCreators));
  });
});

describe('Trace a leak, signed out', () => {
  it('asks to sign in and asks the server nothing', async () => {
    const requests = stubFetch(() => json(401, { message: 'Sign in', code: 'UNAUTHORIZED' }));
    renderPage();
    expect(await screen.findByText('Sign in with your creator account to trace a copy.')).toBeTruthy();
    expect(screen.queryByLabelText('The copy you found')).toBeNull();
    expect(requests).toEqual([]);
  });
});
