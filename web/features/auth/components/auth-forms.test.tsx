import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { ForgotPasswordForm } from './forgot-password-dialog.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';
import { VerifyEmailForm } from './verify-email-form.tsx';

/** The messages currently shown under the fields, in page order. */
const shownMessages = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Validation stops a form before any request: fetch must not even be called. */
function noRequests() {
  const fetch = vi.fn();
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('sign-in form', () => {
  it("asks for both fields with the shared schema's message", async () => {
    const fetch = noRequests();
    renderWithApp(<SignInForm next="/" />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(shownMessages()).toEqual([
      'Please enter both email and password',
      'Please enter both email and password',
    ]);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('moves Tab from Email to Password, then to the rest, "Forgot password?" after the password', async () => {
    renderWithApp(<SignInForm next="/" />);
    await userEvent.click(screen.getByLabelText('Email'));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show password' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Forgot password?' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sign In' }));
  });

  it('shows and hides the password', async () => {
    renderWithApp(<SignInForm next="/" />);
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it("opens 'Forgot password?' with the typed email", async () => {
    renderWithApp(<SignInForm next="/" />);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
  });

  it("opens 'Forgot password?' at once from the link in the 'someone tried to sign up' email", async () => {
    renderWithApp(<SignInForm next="/" />, { path: '/login?forgot=1' });
    expect(await screen.findByRole('dialog', { name: 'Reset your password' })).toBeTruthy();
  });

  it('does not open it without that link', () => {
    renderWithApp(<SignInForm next="/" />, { path: '/login' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('forgot-password form', () => {
  it('asks for an email address, then a valid one', async () => {
    const fetch = noRequests();
    renderWithApp(<ForgotPasswordForm initialEmail="" onSent={() => {}} />);
    const send = screen.getByRole('button', { name: 'Send reset link' });
    await userEvent.click(send);
    expect(shownMessages()).toEqual(['Please enter your email address']);
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(send);
    expect(shownMessages()).toEqual(['Invalid email address']);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('sign-up form', () => {
  it('names every missing field, including the 18+ and terms box', async () => {
    const fetch = noRequests();
    renderWithApp(<SignUpForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(shownMessages()).toEqual([
      'Please fill in all fields',
      'Please fill in all fields',
      'Email is required',
      'Please fill in all fields',
      'Please confirm your password',
      'You must be at least 18 and accept the terms',
    ]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks the email format, the 8-character minimum and the confirmation', async () => {
    const fetch = noRequests();
    renderWithApp(<SignUpForm />);
    await userEvent.type(screen.getByLabelText('First name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'different');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(shownMessages()).toEqual([
      'Invalid email address',
      'Password must be at least 8 characters',
      'Passwords do not match',
    ]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('links the policies from the 18+ box, in a new tab', () => {
    renderWithApp(<SignUpForm />);
    const box = screen.getByRole('checkbox');
    expect(box.closest('div')?.textContent).toBe(
      'I am at least 18 and agree to the Terms, Privacy Policy and Creator Agreement',
    );
    expect((box as HTMLInputElement).checked).toBe(false);
    for (const [name, href] of [
      ['Terms', '/terms'],
      ['Privacy Policy', '/privacy'],
      ['Creator Agreement', '/creator-agreement'],
    ]) {
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('href')).toBe(href);
      expect(link.getAttribute('target')).toBe('_blank');
    }
  });
});

describe('reset-password form', () => {
  it('asks for both fields, the minimum length and matching passwords', async () => {
    const fetch = noRequests();
    renderWithApp(<ResetPasswordForm token="t" />);
    const submit = screen.getByRole('button', { name: 'Reset Password' });
    await userEvent.click(submit);
    expect(shownMessages()).toEqual(['Please fill in all fields', 'Please fill in all fields']);

    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'short');
    await userEvent.click(submit);
    expect(shownMessages()).toEqual(['Password must be at least 8 characters']);

    await userEvent.type(screen.getByLabelText('New password'), '-and-long');
    await userEvent.click(submit);
    expect(shownMessages()).toEqual(['Passwords do not match']);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('verify form', () => {
  it('shows the stored email read-only and asks for the code', async () => {
    const fetch = noRequests();
    renderWithApp(<VerifyEmailForm email="ada@example.com" />);
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect(email.readOnly).toBe(true);
    const code = screen.getByLabelText('Verification code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('maxlength')).toBe('6');

    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(shownMessages()).toEqual(['Please enter verification code']);
    await userEvent.type(code, '12a');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(shownMessages()).toEqual(['The verification code has 6 digits']);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says 'Could not find email to verify' without a stored email", async () => {
    renderWithApp(<VerifyEmailForm email={null} />);
    await userEvent.type(screen.getByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(shownMessages()).toEqual(['Could not find email to verify']);
  });
});
