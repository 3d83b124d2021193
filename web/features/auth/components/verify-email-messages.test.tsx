import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { VerifyEmailForm, verifyToastId } from './verify-email-form.tsx';

const toastMock = vi.hoisted(() => ({
  success: vi.fn(),
  error: vi.fn(),
  info: vi.fn(),
  message: vi.fn(),
  prompt: vi.fn(),
  dismiss: vi.fn(),
}));
vi.mock('../../../lib/toast.ts', () => ({ toast: toastMock }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const wrongCode = () =>
  json(400, {
    message: 'That code is wrong or expired',
    code: 'INVALID_CODE',
    fields: { code: 'That code is wrong or expired' },
  });

/** Every message the user can read: the ones under the fields and the toasts raised. */
const alerts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);

beforeEach(() => {
  for (const fn of Object.values(toastMock)) fn.mockReset();
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

async function enterCode(code: string) {
  const field = screen.getByLabelText('Verification code');
  await userEvent.clear(field);
  await userEvent.type(field, code);
  await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('verify email messages', () => {
  it('shows a wrong code once, under the field, and no toast repeating it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => wrongCode()),
    );
    renderWithApp(<VerifyEmailForm email="ada@example.com" />);
    await enterCode('123456');
    expect(await screen.findByText('That code is wrong or expired')).toBeTruthy();
    expect(alerts()).toEqual(['That code is wrong or expired']);
    expect(toastMock.error).not.toHaveBeenCalled();
  });

  it('a server failure is one toast, which the next try dismisses', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(500, { message: 'Internal error', code: 'INTERNAL' }))
      .mockResolvedValueOnce(wrongCode());
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<VerifyEmailForm email="ada@example.com" />);
    await enterCode('123456');
    await waitFor(() => expect(toastMock.error).toHaveBeenCalledTimes(1));
    expect(toastMock.error).toHaveBeenCalledWith('Failed to verify your email', undefined, verifyToastId);
    expect(alerts()).toEqual([]);

    await enterCode('654321');
    expect(await screen.findByText('That code is wrong or expired')).toBeTruthy();
    expect(toastMock.dismiss).toHaveBeenLastCalledWith(verifyToastId);
    expect(toastMock.error).toHaveBeenCalledTimes(1);
  });

  it('a resend replaces the failure toast and clears the last code error', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(wrongCode())
      .mockResolvedValueOnce(json(200, { message: 'Email verification sent' }));
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<VerifyEmailForm email="ada@example.com" />);
    await enterCode('123456');
    expect(await screen.findByText('That code is wrong or expired')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Resend Code' }));
    await waitFor(() =>
      expect(toastMock.success).toHaveBeenCalledWith('Email verification sent', verifyToastId),
    );
    expect(alerts()).toEqual([]);
  });
});
