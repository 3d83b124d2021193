import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast as sonner } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { getSession } from '../../../lib/session.ts';
import { onToasterReady } from '../../../lib/toast.ts';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { renderWithApp } from '../test/render.tsx';
import { useUpdateProfile } from './update-profile.ts';

/** The smallest screen that saves a name through the hook, with the app's real toaster. */
function SaveName() {
  const update = useUpdateProfile();
  return (
    <>
      <button type="button" onClick={() => update.mutate({ firstName: 'Augusta', lastName: 'King' })}>
        Save name
      </button>
      {update.isSuccess ? <p>Saved</p> : null}
      {update.isError ? <p>Not saved</p> : null}
      <Toaster theme="light" onReady={onToasterReady} />
    </>
  );
}

afterEach(() => {
  // Sonner replays toasts still active to the next toaster that mounts.
  sonner.dismiss();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('useUpdateProfile', () => {
  it("shows 'Failed to update profile' when the server refuses", async () => {
    signInAs();
    const requests = stubFetch(() => json(500, { message: 'Internal error', code: 'INTERNAL' }));
    renderWithApp(<SaveName />);
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));

    expect(await screen.findByText('Failed to update profile')).toBeTruthy();
    expect(screen.getByText('Not saved')).toBeTruthy();
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /api/auth/update-profile',
    ]);
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ firstName: 'Augusta', lastName: 'King' });
    expect(getSession()?.user.firstName).toBe('Ada');
  });

  it("shows 'Failed to update profile' when the server cannot be reached", async () => {
    signInAs();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    renderWithApp(<SaveName />);
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Failed to update profile')).toBeTruthy();
  });

  it('stores the saved user in the session, without an error toast', async () => {
    const user = signInAs();
    stubFetch(() => json(200, { user: { ...user, firstName: 'Augusta', lastName: 'King' } }));
    renderWithApp(<SaveName />);
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));

    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(getSession()?.user).toMatchObject({ id: user.id, firstName: 'Augusta', lastName: 'King' });
    expect(screen.queryByText('Failed to update profile')).toBeNull();
  });
});
