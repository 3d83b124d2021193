import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataExport } from '#common/schemas/safety.ts';
import { Component as SettingsPage } from '../../../app/routes/settings.tsx';
import { toast } from '../../../lib/toast.ts';
import { json } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { DATA_EXPORT_POLL_MS } from '../api/data-export.ts';
import { page, stubSettingsApi } from '../test/settings-api.ts';

const renderPrivacy = () =>
  renderRoutes([{ path: '/settings', Component: SettingsPage }], '/settings?tab=privacy-safety');

const EXPORT_ID = '0195f1a0-0000-7000-8000-0000000000e1';
const none: DataExport = {
  status: 'none',
  id: null,
  requestedAt: null,
  size: null,
  expiresAt: null,
  reason: null,
};
const waiting: DataExport = {
  ...none,
  status: 'waiting',
  id: EXPORT_ID,
  requestedAt: '2026-03-01T10:00:00.000Z',
};
const ready: DataExport = {
  ...waiting,
  status: 'ready',
  size: 2.5 * 1024 * 1024,
  expiresAt: '2026-03-08T10:00:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('Your data: Download my data', () => {
  it('asks for the data, says it is being prepared until the job is done, then downloads it with its size and expiry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    signInAs({}, 'secret-token');
    const clicked: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    let made = false;
    const requests = stubSettingsApi({
      'GET /api/me/blocks': () => page([]),
      'GET /api/me/export': () =>
        json(200, made ? ready : requests.some((r) => r.method === 'POST') ? waiting : none),
      'POST /api/me/export': () => json(202, waiting),
      [`GET /api/me/exports/${EXPORT_ID}/download`]: () =>
        new Response(new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]), {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="fanplace-data-2026-03-01.zip"',
          },
        }),
    });
    renderPrivacy();
    await user.click(await screen.findByRole('button', { name: 'Request my data' }));
    const preparing = await screen.findByRole('button', { name: 'Preparing your data…' });
    expect(preparing.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/We will email you when it is ready/)).toBeTruthy();

    // The job finishes; the next poll finds it ready.
    made = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DATA_EXPORT_POLL_MS);
    });
    const download = await screen.findByRole('button', { name: 'Download (2.5 MB)' });
    expect(screen.getByText('Ready: 2.5 MB, available until 8 March 2026.')).toBeTruthy();

    await user.click(download);
    expect(await screen.findByText('Your archive was downloaded.')).toBeTruthy();
    expect(clicked).toEqual([
      { download: 'fanplace-data-2026-03-01.zip', href: expect.stringMatching(/^blob:/) },
    ]);
    const fetched = requests.find((request) => request.url.endsWith(`/api/me/exports/${EXPORT_ID}/download`));
    expect(fetched?.headers.get('authorization')).toBe('Bearer secret-token');
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('shows an export that is already being made, without asking for another', async () => {
    signInAs();
    const requests = stubSettingsApi({
      'GET /api/me/blocks': () => page([]),
      'GET /api/me/export': () => json(200, waiting),
    });
    renderPrivacy();
    expect(await screen.findByRole('button', { name: 'Preparing your data…' })).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('says in plain words why it failed, and lets you ask again', async () => {
    signInAs();
    stubSettingsApi({
      'GET /api/me/blocks': () => page([]),
      'GET /api/me/export': () =>
        json(200, {
          ...waiting,
          status: 'failed',
          reason: 'Something went wrong while preparing your data. Please ask again',
        }),
      'POST /api/me/export': () => json(202, waiting),
    });
    renderPrivacy();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Something went wrong while preparing your data. Please ask again',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Preparing your data…' })).toBeTruthy();
  });

  it('says how long to wait when the day’s requests are used up', async () => {
    signInAs();
    const error = vi.spyOn(toast, 'error');
    stubSettingsApi({
      'GET /api/me/blocks': () => page([]),
      'GET /api/me/export': () => json(200, none),
      'POST /api/me/export': () =>
        json(429, {
          message: 'You can ask for your data 3 times a day',
          code: 'RATE_LIMITED',
          retryAfterSeconds: 1800,
        }),
    });
    renderPrivacy();
    await userEvent.click(await screen.findByRole('button', { name: 'Request my data' }));
    const text = 'You can ask for your data 3 times a day. Try again in 30 minutes.';
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(text));
    expect(error).toHaveBeenCalledWith(text);
    expect(screen.getByRole('button', { name: 'Request my data' }).hasAttribute('disabled')).toBe(false);
  });
});
