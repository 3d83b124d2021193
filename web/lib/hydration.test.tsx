import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HydrateLater } from '../components/hydrate-later.tsx';
import { endHydrationWhenIdle, isHydrating, setHydrating } from './hydration.ts';

describe('the adoption of the server’s page', () => {
  afterEach(() => setHydrating(false));

  it('goes on in slices after the first commit, and ends once the page is idle', async () => {
    setHydrating(true);
    // As the first commit does (web/main.tsx): the adoption is not over yet.
    endHydrationWhenIdle();
    expect(isHydrating()).toBe(true);

    // A part whose code arrived after the first commit (Home's feed) still waits for a slice.
    render(
      <HydrateLater>
        <p>a late card</p>
      </HydrateLater>,
    );
    expect(screen.queryByText('a late card')).toBeNull();
    await screen.findByText('a late card');

    await vi.waitFor(() => expect(isHydrating()).toBe(false));
    // Afterwards a new part (the next page of a feed) renders at once.
    render(
      <HydrateLater>
        <p>a new card</p>
      </HydrateLater>,
    );
    expect(screen.getByText('a new card')).toBeTruthy();
  });
});
