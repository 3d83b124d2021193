import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { HANDLE_CHECK_DELAY_MS } from '../api/get-handle-availability.ts';
import { buildMedia } from '../test/factories.ts';
import { renderStep } from '../test/render.tsx';
import { BioStep } from './bio-step.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const continueButton = () => screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;

/** A bio step whose photo and document are uploaded already, so only name and handle are left. */
function renderWithUploads() {
  const photo = buildMedia();
  const document = buildMedia({ kind: 'identity_document', purpose: 'identity', url: null, locked: true });
  return renderStep(BioStep, {
    draft: { profilePhotoId: photo.id, documentId: document.id, documentName: 'passport.pdf' },
    media: { profilePhoto: photo, document },
  });
}

describe('bio step', () => {
  it('checks the handle with the server after typing stops, and only then allows Continue', async () => {
    const requests = stubFetch((request) => {
      const handle = new URL(request.url, 'http://localhost').searchParams.get('handle') ?? '';
      return handle === 'taken'
        ? json(200, { handle, available: false, message: 'This handle is already taken' })
        : json(200, { handle, available: true, message: 'This handle is available' });
    });
    const { draft } = renderWithUploads();
    expect(continueButton().disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Display name'), 'Lena Park');
    await userEvent.type(screen.getByLabelText('Handle'), '@Taken');
    expect(draft().handle).toBe('taken');
    expect(await screen.findByText('This handle is already taken')).toBeTruthy();
    expect(screen.getByLabelText('Handle').getAttribute('aria-invalid')).toBe('true');
    expect(continueButton().disabled).toBe(true);
    // One request for the settled value, none for the keys typed on the way.
    expect(requests.map((request) => request.url)).toEqual([
      '/api/creators/handle-availability?handle=taken',
    ]);

    await userEvent.clear(screen.getByLabelText('Handle'));
    await userEvent.type(screen.getByLabelText('Handle'), 'lena.park');
    const message = await screen.findByText('This handle is available');
    expect(message.className).toContain('emerald');
    expect(continueButton().disabled).toBe(false);
  });

  it('applies the handle rules before asking the server', async () => {
    // The pause before the server check runs on a clock the test moves (real time still passes).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const requests = stubFetch((request) => {
      const handle = new URL(request.url, 'http://localhost').searchParams.get('handle') ?? '';
      return json(200, { handle, available: true, message: 'This handle is available' });
    });
    renderWithUploads();
    await user.type(screen.getByLabelText('Display name'), 'Lena');
    await user.type(screen.getByLabelText('Handle'), 'ab');
    expect(screen.getByText('Handles have at least 3 characters')).toBeTruthy();
    await user.type(screen.getByLabelText('Handle'), '-c');
    expect(screen.getByText('Use only letters, numbers, _ and .')).toBeTruthy();
    // The pause passes: a check of 'ab-c' would start now if the rules let it through.
    await act(() => vi.advanceTimersByTimeAsync(HANDLE_CHECK_DELAY_MS));
    expect(continueButton().disabled).toBe(true);
    // A valid handle is checked next, so its request is the first one only if none went out before.
    await user.clear(screen.getByLabelText('Handle'));
    await user.type(screen.getByLabelText('Handle'), 'abc');
    await act(() => vi.advanceTimersByTimeAsync(HANDLE_CHECK_DELAY_MS));
    expect(await screen.findByText('This handle is available')).toBeTruthy();
    expect(requests.map((request) => request.url)).toEqual(['/api/creators/handle-availability?handle=abc']);
  });

  it('shows the uploaded document by name with a check mark, never as a link', () => {
    stubFetch(() => json(200, {}));
    renderWithUploads();
    expect(screen.getByText('passport.pdf')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Replace document' })).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('img', { name: 'Your profile photo' })).toBeTruthy();
  });
});
