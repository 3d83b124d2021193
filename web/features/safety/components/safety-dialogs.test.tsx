import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { safetyMessages } from '#common/schemas/safety.ts';
import { toast } from '../../../lib/toast.ts';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { BlockUserDialog } from './block-user-dialog.tsx';
import { ReportDialog } from './report-dialog.tsx';

function ReportHarness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'open' : 'closed'}</p>
      <ReportDialog target={{ type: 'post', id: 'p-1' }} open={open} onOpenChange={setOpen} />
    </>
  );
}

function BlockHarness({ onBlocked }: { onBlocked: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'open' : 'closed'}</p>
      <BlockUserDialog
        user={{ id: 'u-7', name: 'Lena Park' }}
        open={open}
        onOpenChange={setOpen}
        onBlocked={onBlocked}
      />
    </>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('report dialog', () => {
  it('needs a reason, then sends it with the details and thanks the user', async () => {
    signInAs();
    const success = vi.spyOn(toast, 'success');
    const requests = stubFetch(() => json(201, { id: 'r-1', message: safetyMessages.reported }));
    renderRoutes([{ path: '/', Component: ReportHarness }], '/');
    const dialog = await screen.findByRole('dialog', { name: 'Report this post' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await within(dialog).findByText(safetyMessages.reportReasonRequired)).toBeTruthy();
    expect(requests).toHaveLength(0);

    // The reasons are a radio group: keyboard users move through them with the arrow keys.
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Harassment or bullying' }));
    await userEvent.type(within(dialog).getByLabelText('Details (optional)'), 'Keeps sending insults');
    expect(within(dialog).getByText('21/1000')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith(safetyMessages.reported));
    expect(requests[0]?.url).toBe('/api/reports');
    expect(requests[0]?.method).toBe('POST');
    expect(JSON.parse(requests[0]?.body ?? '{}')).toEqual({
      targetType: 'post',
      targetId: 'p-1',
      reason: 'harassment',
      details: 'Keeps sending insults',
    });
    expect(await screen.findByText('closed')).toBeTruthy();
  });

  it('says so when what was reported is gone, and stays open', async () => {
    signInAs();
    const error = vi.spyOn(toast, 'error');
    stubFetch(() => json(404, { message: safetyMessages.reportTargetNotFound, code: 'NOT_FOUND' }));
    renderRoutes([{ path: '/', Component: ReportHarness }], '/');
    const dialog = await screen.findByRole('dialog', { name: 'Report this post' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Spam or scam' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(safetyMessages.reportTargetNotFound));
    expect(screen.getByText('open')).toBeTruthy();
  });
});

describe('block dialog', () => {
  it('blocks after confirmation, then closes and lets the page react', async () => {
    signInAs();
    const success = vi.spyOn(toast, 'success');
    const onBlocked = vi.fn();
    const requests = stubFetch(() => json(200, { message: safetyMessages.blocked }));
    renderRoutes([{ path: '/', element: <BlockHarness onBlocked={onBlocked} /> }], '/');
    const dialog = await screen.findByRole('dialog', { name: 'Block Lena Park?' });
    expect(within(dialog).getByText(/unblock them in Settings/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(onBlocked).toHaveBeenCalled());
    expect(success).toHaveBeenCalledWith(safetyMessages.blocked);
    expect(requests[0]).toMatchObject({ url: '/api/me/blocks', method: 'POST' });
    expect(JSON.parse(requests[0]?.body ?? '{}')).toEqual({ userId: 'u-7' });
    expect(await screen.findByText('closed')).toBeTruthy();
  });

  it('does nothing on Cancel and shows a refusal', async () => {
    signInAs();
    const error = vi.spyOn(toast, 'error');
    const requests = stubFetch(() =>
      json(403, { message: safetyMessages.cannotBlockYourself, code: 'FORBIDDEN' }),
    );
    renderRoutes([{ path: '/', element: <BlockHarness onBlocked={() => {}} /> }], '/');
    const dialog = await screen.findByRole('dialog', { name: 'Block Lena Park?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(safetyMessages.cannotBlockYourself));
    expect(screen.getByText('open')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('closed')).toBeTruthy();
    expect(requests).toHaveLength(1);
  });
});
