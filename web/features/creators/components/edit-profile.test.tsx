import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as EditProfilePage } from '../../../app/routes/edit-profile.tsx';
import { getSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { json, type RecordedRequest, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { buildProfile } from '../test/build-profile.ts';

const owner = buildProfile({ viewer: { isOwner: true, isFollowing: false } });
const counts = { liked: 0, purchased: 0, purchasedMessages: 0 };

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/edit-profile/:id', Component: EditProfilePage },
      { path: '/public-profile/:id', element: <p>Public page</p> },
    ],
    path,
  );
}

/** The server as the edit page meets it; `patch` answers the save. */
function stubServer(
  patch: (request: RecordedRequest) => Response = (request) =>
    json(200, { ...owner, ...JSON.parse(request.body ?? '{}') }),
) {
  return stubFetch((request) => {
    if (request.url === '/api/creators/me' && request.method === 'GET')
      return json(200, { creator: owner, counts });
    if (request.url.startsWith('/api/creators/handle-availability')) {
      const handle = new URL(request.url, 'http://x').searchParams.get('handle') ?? '';
      return handle === 'taken'
        ? json(200, { handle, available: false, message: 'This handle is already taken' })
        : json(200, { handle, available: true, message: 'This handle is available' });
    }
    if (request.method === 'PATCH') return patch(request);
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
}

const shownMessages = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('edit profile', () => {
  it("shows the form schema's messages and sends nothing", async () => {
    signInAs({ id: 'u-9' });
    const requests = stubServer();
    renderAt('/edit-profile/c-1');
    const name = await screen.findByLabelText('Display name');
    await userEvent.clear(name);
    await userEvent.clear(screen.getByLabelText('Username'));
    await userEvent.type(screen.getByLabelText('Username'), 'lena');
    await userEvent.click(screen.getByLabelText('Bio'));
    await userEvent.paste('x'.repeat(501));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(shownMessages()).toEqual([
      'Display name is required',
      'Username must start with @',
      'Bio must be at most 500 characters',
    ]);
    expect(screen.getByLabelText('Display name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);
  });

  it('takes a bio of 500 characters, as onboarding does, and counts it against 500', async () => {
    signInAs({ id: 'u-9' });
    const requests = stubServer();
    renderAt('/edit-profile/c-1');
    const bio = await screen.findByLabelText('Bio');
    await userEvent.clear(bio);
    await userEvent.click(bio);
    await userEvent.paste('x'.repeat(500));
    expect(screen.getByText('500/500')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Changes?' });
    expect(shownMessages()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PATCH')).toBe(true));
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(JSON.parse(patch?.body ?? '').bio).toBe('x'.repeat(500));
  });

  it("asks 'Save Changes?', then sends the PATCH and opens the public profile", async () => {
    signInAs({ id: 'u-9' });
    const success = vi.spyOn(toast, 'success');
    const requests = stubServer();
    const { router } = renderAt('/edit-profile/c-1');
    const name = await screen.findByLabelText('Display name');
    await userEvent.clear(name);
    await userEvent.type(name, '  Lena P ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Changes?' });
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/public-profile/lena'));
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch?.url).toBe('/api/creators/me');
    expect(JSON.parse(patch?.body ?? '')).toEqual({
      displayName: 'Lena P',
      username: '@lena',
      bio: 'Film photographer in Seoul.',
    });
    expect(success).toHaveBeenCalledWith('Profile updated successfully');
  });

  it('puts a new avatar in the header at once: it is the account photo too', async () => {
    signInAs({ id: 'u-9', profileImage: null });
    const avatarUrl = 'http://localhost:3000/api/media/0195f1a0-0000-7000-8000-0000000000a1/w256.webp';
    stubServer((request) => json(200, { ...owner, ...JSON.parse(request.body ?? '{}'), avatarUrl }));
    const { router } = renderAt('/edit-profile/c-1');
    await userEvent.type(await screen.findByLabelText('Bio'), ' More.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Changes?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/public-profile/lena'));
    expect(getSession()?.user.profileImage).toBe(avatarUrl);
  });

  it("shows the server's field message when the handle was taken meanwhile", async () => {
    signInAs({ id: 'u-9' });
    stubServer(() =>
      json(409, {
        message: 'This handle is already taken',
        code: 'CONFLICT',
        fields: { username: 'This handle is already taken' },
      }),
    );
    renderAt('/edit-profile/c-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Changes?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This handle is already taken')).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses a file that is not an image, and an avatar over 2MB, before uploading', async () => {
    signInAs({ id: 'u-9' });
    stubServer();
    // Uploads go through XMLHttpRequest (for progress), not fetch.
    const upload = vi.spyOn(XMLHttpRequest.prototype, 'open');
    renderAt('/edit-profile/c-1');
    const avatar = await screen.findByLabelText('Avatar image');
    fireEvent.change(avatar, {
      target: { files: [new File(['%PDF'], 'id.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText('Avatar: Please select an image file')).toBeTruthy();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(avatar, { target: { files: [big] } });
    expect(await screen.findByText('Avatar: File size must be less than 2MB')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it('checks a new username while typing', async () => {
    signInAs({ id: 'u-9' });
    const requests = stubServer();
    renderAt('/edit-profile/c-1');
    const username = await screen.findByLabelText('Username');
    await userEvent.clear(username);
    await userEvent.type(username, '@taken');
    expect(await screen.findByText('This handle is already taken', {}, { timeout: 2000 })).toBeTruthy();
    const checks = requests.filter((request) => request.url.startsWith('/api/creators/handle-availability'));
    expect(checks.map((request) => request.url)).toEqual(['/api/creators/handle-availability?handle=taken']);
  });

  it("refuses someone else's profile and links to the user's own", async () => {
    signInAs({ id: 'u-9' });
    stubServer();
    renderAt('/edit-profile/c-2');
    expect(await screen.findByRole('heading', { name: "This isn't your profile" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit my profile' }).getAttribute('href')).toBe(
      '/edit-profile/c-1',
    );
    expect(screen.queryByLabelText('Display name')).toBeNull();
  });

  it('sends a user without a creator profile to become a creator', async () => {
    signInAs({ id: 'u-2' });
    stubFetch(() => json(200, { creator: null, counts }));
    renderAt('/edit-profile/c-1');
    expect(await screen.findByRole('link', { name: 'Become a Creator' })).toBeTruthy();
    expect(screen.queryByLabelText('Display name')).toBeNull();
  });

  it('asks a visitor to sign in', () => {
    const requests = stubFetch(() => json(500, {}));
    renderAt('/edit-profile/c-1');
    expect(screen.getByRole('heading', { name: 'Sign in to continue' })).toBeTruthy();
    expect(requests).toHaveLength(0);
  });
});
