import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportView } from '#common/schemas/safety.ts';
import { Component as AdminReportsPage } from '../../../app/routes/admin-reports.tsx';
import { toast } from '../../../lib/toast.ts';
import { json, type RecordedRequest, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';

const target = {
  summary: 'You are all idiots',
  link: '/public-profile/lena',
  removed: false,
  owner: { id: 'u-9', email: 'lena@example.com', name: 'Lena Park', suspended: false },
};

function buildReport(overrides: Partial<ReportView> = {}): ReportView {
  return {
    id: 'r-1',
    targetType: 'post',
    targetId: 'p-1',
    reason: 'harassment',
    details: 'Insults in the caption',
    status: 'open',
    resolution: null,
    target,
    reporter: { id: 'u-2', email: 'fan@example.com' },
    ageDays: 2,
    createdAt: '2026-01-05T10:00:00.000Z',
    resolvedAt: null,
    ...overrides,
  };
}

const renderPage = (path = '/admin/reports') =>
  renderRoutes([{ path: '/admin/reports', Component: AdminReportsPage }], path);

function stubReports(
  items: ReportView[],
  onPost: (request: RecordedRequest) => Response = () => json(500, {}),
) {
  return stubFetch((request) =>
    request.method === 'POST' ? onPost(request) : json(200, { items, nextCursor: null }),
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('reports queue', () => {
  it('is for admins only, without asking the server', () => {
    signInAs({ role: 'user' });
    const requests = stubReports([]);
    renderPage();
    expect(screen.getByRole('heading', { name: 'You need to be an admin' })).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('shows the reported content, who owns it, who reported it and the age against the 7-day goal', async () => {
    signInAs({ role: 'admin' });
    const requests = stubReports([
      buildReport(),
      buildReport({
        id: 'r-2',
        targetType: 'message',
        reason: 'spam',
        ageDays: 9,
        target: { ...target, link: null, summary: 'Buy followers' },
      }),
    ]);
    renderPage();
    const first = await screen.findByRole('article', { name: 'Post reported: Harassment or bullying' });
    expect(within(first).getByText('You are all idiots')).toBeTruthy();
    expect(within(first).getByText('Lena Park · lena@example.com')).toBeTruthy();
    expect(within(first).getByText('fan@example.com')).toBeTruthy();
    expect(within(first).getByText('Insults in the caption')).toBeTruthy();
    expect(within(first).getByText('2 days old')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'View the creator page' }).getAttribute('href')).toBe(
      '/public-profile/lena',
    );
    const late = screen.getByRole('article', { name: 'Message reported: Spam or scam' });
    expect(within(late).getByText('9 days old · past the 7-day goal')).toBeTruthy();
    // A message has no page to visit: its text is shown in the card itself.
    expect(within(late).getByText('Buy followers')).toBeTruthy();
    expect(within(late).queryByRole('link')).toBeNull();
    expect(requests[0]?.url).toBe('/api/admin/reports?status=open&limit=20');
  });

  it('suspends the account and resolves with a note, which is required', async () => {
    signInAs({ role: 'admin' });
    const success = vi.spyOn(toast, 'success');
    let resolved = false;
    const requests = stubFetch((request) => {
      if (request.method === 'POST') {
        resolved = true;
        return json(200, buildReport({ status: 'resolved', resolution: 'Suspended' }));
      }
      return json(200, { items: resolved ? [] : [buildReport()], nextCursor: null });
    });
    renderPage();
    const card = await screen.findByRole('article', { name: 'Post reported: Harassment or bullying' });
    await userEvent.click(within(card).getByRole('button', { name: 'Suspend account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve this report' });
    const suspend = within(dialog).getByRole('checkbox', {
      name: /Suspend Lena Park's account/,
    }) as HTMLInputElement;
    const remove = within(dialog).getByRole('checkbox', {
      name: /Remove the reported post/,
    }) as HTMLInputElement;
    expect(suspend.checked).toBe(true);
    expect(remove.checked).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve report' }));
    expect(await within(dialog).findByText('Please say how the report was resolved')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await userEvent.click(remove);
    await userEvent.type(within(dialog).getByLabelText('Resolution'), 'Abusive post; account suspended');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve report' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Report resolved'));
    const sent = requests.find((request) => request.method === 'POST');
    expect(sent?.url).toBe('/api/admin/reports/r-1/resolve');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      resolution: 'Abusive post; account suspended',
      removeContent: true,
      suspendAccount: true,
    });
    expect(await screen.findByRole('heading', { name: 'No open reports' })).toBeTruthy();
  });

  it('lists resolved reports with their resolution, and offers no actions there', async () => {
    signInAs({ role: 'admin' });
    const requests = stubReports([
      buildReport({
        status: 'resolved',
        resolution: 'Within the rules',
        resolvedAt: '2026-01-07T10:00:00.000Z',
        target: { ...target, removed: true, summary: '(removed)' },
      }),
    ]);
    renderPage('/admin/reports?status=resolved');
    const card = await screen.findByRole('article', { name: 'Post reported: Harassment or bullying' });
    expect(within(card).getByText('Within the rules')).toBeTruthy();
    expect(within(card).getByText('Removed')).toBeTruthy();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(screen.getByRole('radio', { name: 'Resolved' }).getAttribute('aria-checked')).toBe('true');
    expect(requests[0]?.url).toBe('/api/admin/reports?status=resolved&limit=20');
    await userEvent.click(screen.getByRole('radio', { name: 'Open' }));
    await waitFor(() => expect(requests.at(-1)?.url).toBe('/api/admin/reports?status=open&limit=20'));
  });
});
