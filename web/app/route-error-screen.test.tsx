import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteErrorScreen } from './route-error-screen.tsx';

function renderFailingRoute(loader: () => never) {
  const router = createMemoryRouter([
    {
      path: '/',
      loader,
      element: <p>never</p>,
      errorElement: <RouteErrorScreen />,
      hydrateFallbackElement: <p>Loading…</p>,
    },
  ]);
  render(<RouterProvider router={router} />);
}

describe('RouteErrorScreen', () => {
  it('shows the error message', async () => {
    renderFailingRoute(() => {
      throw new Error('Chunk failed to load');
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Unexpected Application Error!',
    );
    expect(screen.getByText('Chunk failed to load')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Error | Fanplace'));
  });

  it('shows the status text of an error response', async () => {
    renderFailingRoute(() => {
      throw data(null, { status: 503, statusText: 'Service Unavailable' });
    });
    expect(await screen.findByText('Service Unavailable')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
  });
});
