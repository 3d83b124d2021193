import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';
import { renderWithApp } from '../../features/auth/test/render.tsx';
import { closeAuthModal, getAuthModalState, openAuthModal } from '../../lib/auth-modal.ts';
import { AuthModalHost } from './auth-modal-host.tsx';

afterEach(() => {
  act(() => closeAuthModal());
});

function Page() {
  return (
    <>
      <SignInPrompt reason="Sign in to see your profile." />
      <Link to="/discover">Discover</Link>
      <AuthModalHost />
    </>
  );
}

describe('the global sign-in / sign-up dialog', () => {
  it('opens from anywhere, switches between the two forms and closes with Escape', async () => {
    renderWithApp(<AuthModalHost />, { googleSignIn: true });
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => openAuthModal('signin'));
    const dialog = await screen.findByRole('dialog', { name: 'Sign In' });
    expect(within(dialog).getByLabelText('Password')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Continue with Google' }).getAttribute('href')).toBe(
      '/api/auth/google/start',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    const signUp = await screen.findByRole('dialog', { name: 'Create your account' });
    expect(within(signUp).getByLabelText('Confirm password')).toBeTruthy();
    await userEvent.click(within(signUp).getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeTruthy();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getAuthModalState().open).toBe(false);
  });

  it('hides Google when the server has it switched off', async () => {
    renderWithApp(<AuthModalHost />, { googleSignIn: false });
    act(() => openAuthModal('signup'));
    const dialog = await screen.findByRole('dialog', { name: 'Create your account' });
    expect(within(dialog).queryByRole('link', { name: 'Continue with Google' })).toBeNull();
  });

  it("is what a page's sign-in prompt opens, and a new page closes it", async () => {
    const { router } = renderWithApp(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('dialog', { name: 'Create your account' })).toBeTruthy();

    await act(() => router.navigate('/discover'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeTruthy();
  });
});
