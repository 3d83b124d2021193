import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as SettingsPage } from '../../../app/routes/settings.tsx';
import { getSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { json } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { stubXhr } from '../../onboarding/test/fake-xhr.ts';
import { buildSession, stubSettingsApi } from '../test/settings-api.ts';

const renderAccount = () =>
  renderRoutes([{ path: '/settings', Component: SettingsPage }], '/settings?tab=account');

const sessions = () => json(200, { items: [buildSession()] });
const noEmailChange = () => json(200, { email: 'ada@example.com', pending: null });
const passwordSection = () => screen.getByRole('region', { name: 'Change Password' });

afterEach(() => {
  // Unmounted first, so no refetch can start once fetch is real again.
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('Personal Info', () => {
  it('shows the email and the date joined read-only, and saves the name', async () => {
    signInAs({ email: 'ada@example.com', createdAt: '2026-01-02T10:00:00.000Z' });
    const requests = stubSettingsApi({
      'GET /api/auth/sessions': sessions,
      'GET /api/me/email': noEmailChange,
      'POST /api/auth/update-profile': (request) =>
        json(200, {
          user: {
            id: 'u-1',
            email: 'ada@example.com',
            ...JSON.parse(request.body ?? '{}'),
            profileImage: null,
            isEmailVerified: true,
            role: 'user',
            createdAt: '2026-01-02T10:00:00.000Z',
          },
        }),
    });
    renderAccount();
    const info = screen.getByRole('region', { name: 'Personal Info' });
    const email = within(info).getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect(email.readOnly).toBe(true);
    const joined = within(info).getByLabelText('Date joined') as HTMLInputElement;
    expect(joined.value).toBe('2 January 2026');
    expect(joined.readOnly).toBe(true);

    const save = within(info).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    const first = within(info).getByLabelText('First name');
    await userEvent.clear(first);
    await userEvent.click(save);
    expect(await within(info).findByText('Please fill in all fields')).toBeTruthy();
    await userEvent.type(first, 'Augusta');
    await userEvent.click(save);
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.body).toBe(
        JSON.stringify({ firstName: 'Augusta', lastName: 'Lovelace' }),
      ),
    );
  });
});

describe('Change Email', () => {
  const section = () => screen.getByRole('region', { name: 'Change Email' });
  const expiresAt = new Date(Date.now() + 10 * 60_000).toISOString();

  it('needs a valid address and the current password before asking the server', async () => {
    signInAs();
    const requests = stubSettingsApi({
      'GET /api/auth/sessions': sessions,
      'GET /api/me/email': noEmailChange,
    });
    renderAccount();
    const send = await within(section()).findByRole('button', { name: 'Send code' });
    await userEvent.click(send);
    expect(await within(section()).findByText('Email is required')).toBeTruthy();
    expect(within(section()).getByText('Current password is required')).toBeTruthy();
    await userEvent.type(within(section()).getByLabelText('New email'), 'nope');
    await userEvent.click(send);
    expect(await within(section()).findByText('Invalid email address')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('sends a code to the new address, then confirms it and shows the new email', async () => {
    signInAs({ email: 'ada@example.com' });
    let state: { email: string; pending: { newEmail: string; expiresAt: string } | null } = {
      email: 'ada@example.com',
      pending: null,
    };
    const requests = stubSettingsApi({
      'GET /api/auth/sessions': sessions,
      'GET /api/me/email': () => json(200, state),
      'POST /api/me/email': (request) => {
        const body = JSON.parse(request.body ?? '{}');
        if (body.currentPassword !== 'right-password')
          return json(400, {
            message: 'Current password is incorrect',
            code: 'BAD_REQUEST',
            fields: { currentPassword: 'Current password is incorrect' },
          });
        state = { ...state, pending: { newEmail: body.newEmail, expiresAt } };
        return json(200, { message: 'We sent a code to your new email address', ...state });
      },
      'POST /api/me/email/confirm': (request) => {
        if (JSON.parse(request.body ?? '{}').code !== '123456')
          return json(400, {
            message: 'Incorrect verification code',
            code: 'BAD_REQUEST',
            fields: { code: 'Incorrect verification code' },
          });
        state = { email: 'ada@new.example', pending: null };
        return json(200, { message: 'Your email address was changed', ...state });
      },
    });
    renderAccount();
    await userEvent.type(await within(section()).findByLabelText('New email'), 'Ada@New.example');
    await userEvent.type(within(section()).getByLabelText('Current password'), 'wrong-password');
    await userEvent.click(within(section()).getByRole('button', { name: 'Send code' }));
    expect(await within(section()).findByText('Current password is incorrect')).toBeTruthy();

    await userEvent.clear(within(section()).getByLabelText('Current password'));
    await userEvent.type(within(section()).getByLabelText('Current password'), 'right-password');
    await userEvent.click(within(section()).getByRole('button', { name: 'Send code' }));
    expect(await within(section()).findByText('ada@new.example')).toBeTruthy();
    const sent = requests.filter((request) => request.url === '/api/me/email' && request.method === 'POST');
    expect(JSON.parse(sent.at(-1)?.body ?? '')).toEqual({
      newEmail: 'ada@new.example',
      currentPassword: 'right-password',
    });
    // Nothing has changed yet.
    const info = screen.getByRole('region', { name: 'Personal Info' });
    expect((within(info).getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');

    await userEvent.type(within(section()).getByLabelText('Verification code'), '000000');
    await userEvent.click(within(section()).getByRole('button', { name: 'Confirm email' }));
    expect(await within(section()).findByText('Incorrect verification code')).toBeTruthy();
    await userEvent.clear(within(section()).getByLabelText('Verification code'));
    await userEvent.type(within(section()).getByLabelText('Verification code'), '123456');
    await userEvent.click(within(section()).getByRole('button', { name: 'Confirm email' }));
    await waitFor(() =>
      expect((within(info).getByLabelText('Email') as HTMLInputElement).value).toBe('ada@new.example'),
    );
    expect(getSession()?.user.email).toBe('ada@new.example');
    expect(within(section()).getByRole('button', { name: 'Send code' })).toBeTruthy();
  });

  it('remembers a change waiting for its code, and offers another address', async () => {
    signInAs();
    stubSettingsApi({
      'GET /api/auth/sessions': sessions,
      'GET /api/me/email': () =>
        json(200, { email: 'ada@example.com', pending: { newEmail: 'ada@later.example', expiresAt } }),
    });
    renderAccount();
    expect(await within(section()).findByText('ada@later.example')).toBeTruthy();
    expect(within(section()).getByLabelText('Verification code')).toBeTruthy();
    await userEvent.click(within(section()).getByRole('button', { name: 'Use a different address' }));
    expect(within(section()).getByLabelText('New email')).toBeTruthy();
  });
});

describe('Change Password', () => {
  it("says what is missing in the spec's words and sends nothing", async () => {
    signInAs();
    const requests = stubSettingsApi({
      'GET /api/auth/sessions': sessions,
      'GET /api/me/email': noEmailChange,
    });
    renderAccount();
    const section = passwordSection();
    await userEvent.click(within(section).getByRole('button', { name: 'Update Password' }));
    expect(await within(section).findByText('Current password is required')).toBeTruthy();
    expect(within(section).getByText('New password is required')).toBeTruthy();
    expect(within(section).getByText('Confirm password is required')).toBeTruthy();

    await userEvent.type(within(section).getByLabelText('New password'), 'short');
    await userEvent.type(within(section).getByLabelText('Confirm password'), 'other');
    await userEvent.click(within(section).getByRole('button', { name: 'Update Password' }));
    expect(await within(section).findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(within(section).getByText('Passwords do not match')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('changes the password and says the other devices were signed out', async () => {
    signInAs();
    const success = vi.spyOn(toast, 'success');
    const requests = stubSettingsApi({
      'GET /api/auth/sessions': sessions,
      'GET /api/me/email': noEmailChange,
      'POST /api/auth/change-password': () => json(200, { message: 'Password changed successfully' }),
    });
    renderAccount();
    const section = passwordSection();
    await userEvent.type(within(section).getByLabelText('Current password'), 'old-password-1');
    await userEvent.type(within(section).getByLabelText('New password'), 'new-password-22');
    await userEvent.type(within(section).getByLabelText('Confirm password'), 'new-password-22');
    await userEvent.click(within(section).getByRole('button', { name: 'Update Password' }));
    expect(await within(section).findByText(/Your other devices were signed out/)).toBeTruthy();
    const change = requests.find((request) => request.url === '/api/auth/change-password');
    expect(JSON.parse(change?.body ?? '')).toEqual({
      currentPassword: 'old-password-1',
      newPassword: 'new-password-22',
    });
    expect(success).toHaveBeenCalledWith('Password changed successfully');
    expect((within(section).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
    // The sessions list is asked again: the others are gone now.
    await waitFor(() =>
      expect(requests.filter((request) => request.url === '/api/auth/sessions')).toHaveLength(2),
    );
  });

  it("shows the server's answer under the current password", async () => {
    signInAs();
    stubSettingsApi({
      'GET /api/auth/sessions': sessions,
      'GET /api/me/email': noEmailChange,
      'POST /api/auth/change-password': () =>
        json(400, {
          message: 'Current password is incorrect',
          code: 'BAD_REQUEST',
          fields: { currentPassword: 'Current password is incorrect' },
        }),
    });
    renderAccount();
    const section = passwordSection();
    await userEvent.type(within(section).getByLabelText('Current password'), 'wrong-password');
    await userEvent.type(within(section).getByLabelText('New password'), 'new-password-22');
    await userEvent.type(within(section).getByLabelText('Confirm password'), 'new-password-22');
    await userEvent.click(within(section).getByRole('button', { name: 'Update Password' }));
    const current = within(section).getByLabelText('Current password');
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    expect(within(section).getByText('Current password is incorrect')).toBeTruthy();
  });
});

describe('Active sessions', () => {
  it('marks this device and revokes another one', async () => {
    signInAs();
    let items = [
      buildSession(),
      buildSession({
        id: 's-2',
        current: false,
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
        lastUsedAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
        ipAddress: '81.2.69.160',
        place: 'United Kingdom',
      }),
    ];
    const requests = stubSettingsApi({
      'GET /api/auth/sessions': () => json(200, { items }),
      'GET /api/me/email': noEmailChange,
      'DELETE /api/auth/sessions/s-2': () => {
        items = items.filter((item) => item.id !== 's-2');
        return json(200, { message: 'Session revoked' });
      },
    });
    renderAccount();
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('Chrome on Linux')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('This device')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(within(rows[1] as HTMLElement).getByText('Safari on iOS')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText(/Last seen 3 hrs/)).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText(/near United Kingdom/)).toBeTruthy();
    expect(within(rows[0] as HTMLElement).queryByText(/near/)).toBeNull();

    await userEvent.click(
      within(rows[1] as HTMLElement).getByRole('button', { name: 'Revoke Safari on iOS, last seen 3 hrs' }),
    );
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
  });
});

describe('Profile photo', () => {
  const photoUrl = 'http://localhost:3000/api/media/0195f1a0-0000-7000-8000-0000000000f1/w256.webp';
  const userAnswer = (profileImage: string | null) =>
    json(200, {
      user: {
        id: 'u-1',
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        profileImage,
        isEmailVerified: true,
        role: 'user',
        createdAt: '2026-01-02T10:00:00.000Z',
      },
    });

  it('lets any account upload a photo, saved as its profile image (the header reads it), and remove it', async () => {
    signInAs({ id: 'u-1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
    const sent = stubXhr();
    const requests = stubSettingsApi({
      'GET /api/auth/sessions': sessions,
      'GET /api/me/email': noEmailChange,
      'POST /api/auth/update-profile': (request) =>
        userAnswer(JSON.parse(request.body ?? '{}').profileImage ?? null),
    });
    renderAccount();
    const section = screen.getByRole('region', { name: 'Profile photo' });
    expect(within(section).queryByRole('img')).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Remove photo' })).toBeNull();

    const file = new File([new Uint8Array(64)], 'me.png', { type: 'image/png' });
    await userEvent.upload(within(section).getByLabelText('Profile photo file'), file);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.url).toBe('/api/media/upload/profile');
    await act(async () =>
      sent[0]?.respond(201, {
        id: '0195f1a0-0000-7000-8000-0000000000f1',
        kind: 'image',
        purpose: 'profile',
        status: 'ready',
        url: photoUrl,
      }),
    );
    await waitFor(() => expect(getSession()?.user.profileImage).toBe(photoUrl));
    const saved = requests.find((request) => request.url === '/api/auth/update-profile');
    expect(JSON.parse(saved?.body ?? '{}')).toEqual({ profileImage: photoUrl });

    await userEvent.click(await within(section).findByRole('button', { name: 'Remove photo' }));
    await waitFor(() => expect(getSession()?.user.profileImage).toBeNull());
    expect(JSON.parse(requests.at(-1)?.body ?? '{}')).toEqual({ profileImage: null });
  });
});
