import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render-routes.tsx';
import { loader, Component as ResetPasswordPage } from './reset-password.tsx';

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/', element: <h1>Home page</h1> },
      { path: '/reset-password', loader, Component: ResetPasswordPage },
    ],
    path,
  );
}

describe('/reset-password', () => {
  it('sends a visit without a token home', async () => {
    const { router } = renderAt('/reset-password');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends an empty token home too', async () => {
    const { router } = renderAt('/reset-password?token=');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the form for the link the email carries', async () => {
    const { router } = renderAt('/reset-password?token=abc123');
    expect(await screen.findByRole('button', { name: 'Reset Password' })).toBeTruthy();
    expect(screen.getByLabelText('New password')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/reset-password');
  });
});
