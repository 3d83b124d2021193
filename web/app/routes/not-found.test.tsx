import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NotFoundPage } from './not-found.tsx';

function renderAt(entries: string[]) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home page</p> },
      { path: '/discover', element: <p>Discover page</p> },
      { path: '*', Component: NotFoundPage },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('Not Found page', () => {
  it('says the page does not exist and sets the title', () => {
    renderAt(['/nope']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('404 Page Not Found');
    expect(screen.getByText("The page you're looking for doesn't exist or has been moved.")).toBeTruthy();
    expect(document.title).toBe('Page Not Found | Fanplace');
  });

  it('Go Home goes to the home page', async () => {
    const router = renderAt(['/discover', '/nope']);
    await userEvent.click(screen.getByRole('button', { name: 'Go Home' }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('Home page')).toBeTruthy();
  });

  it('Go Back returns to the previous page', async () => {
    const router = renderAt(['/discover', '/nope']);
    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(router.state.location.pathname).toBe('/discover');
    expect(screen.getByText('Discover page')).toBeTruthy();
  });
});
