import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HydrateLater } from '../components/hydrate-later.tsx';
import { adoptedOnArrival, endHydrationWhenIdle, isHydrating, setHydrating } from './hydration.ts';
import { pageIdle } from './page-idle.ts';

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

  it('lasts until the code of a part being adopted has arrived, however long after the idle page', async () => {
    setHydrating(true);
    let arrive = () => {};
    const code = adoptedOnArrival(new Promise<void>((resolve) => (arrive = resolve)));
    let ended = false;
    void endHydrationWhenIdle().then(() => (ended = true));

    // The page is idle and a task has passed, but the feed's code is still on its way.
    await pageIdle();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(isHydrating()).toBe(true);
    expect(ended).toBe(false);

    // It arrives: its cards are adopted one slice each, not all in the task the code came in.
    arrive();
    await code;
    render(
      <HydrateLater>
        <p>a card of the late feed</p>
      </HydrateLater>,
    );
    expect(screen.queryByText('a card of the late feed')).toBeNull();
    await screen.findByText('a card of the late feed');
    await vi.waitFor(() => expect(ended).toBe(true));
    expect(isHydrating()).toBe(false);
  });
});
