import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error-screen.tsx';

function Failing({ message }: { message: string }): never {
  throw new Error(message);
}

describe('RouteErrorBoundary', () => {
  it('shows the error screen with the error message in place of a page that failed', async () => {
    // React reports a caught error on the console as well.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <RouteErrorBoundary resetKey="/broken">
        <Failing message="Chunk failed to load" />
      </RouteErrorBoundary>,
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Unexpected Application Error!',
    );
    expect(screen.getByText('Chunk failed to load')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Error | Fanplace'));
    quiet.mockRestore();
  });

  it('draws the next page once the address changes', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <RouteErrorBoundary resetKey="/broken">
        <Failing message="Broken page" />
      </RouteErrorBoundary>,
    );
    await screen.findByText('Broken page');
    rerender(
      <RouteErrorBoundary resetKey="/broken">
        <p>Still the same address</p>
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('Broken page')).toBeTruthy();
    rerender(
      <RouteErrorBoundary resetKey="/discover">
        <p>Discover page</p>
      </RouteErrorBoundary>,
    );
    expect(await screen.findByText('Discover page')).toBeTruthy();
    expect(screen.queryByText('Broken page')).toBeNull();
    quiet.mockRestore();
  });
});
