import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageIdle } from '../lib/page-idle.ts';
import { usePageIdle } from './use-page-idle.ts';

/** The task each part first rendered as idle in: a counter a timer moves on every task. */
let task = 0;
const idleInTask: Record<string, number> = {};

function Part({ name }: { name: string }) {
  const idle = usePageIdle();
  if (idle && idleInTask[name] === undefined) idleInTask[name] = task;
  return <span data-testid={name}>{idle ? 'idle' : 'busy'}</span>;
}

describe('usePageIdle', () => {
  it('is false while the page is adopted, then true once it is idle, one part per task', async () => {
    const tick = setInterval(() => {
      task += 1;
    }, 0);
    try {
      render(
        <>
          <Part name="a" />
          <Part name="b" />
          <Part name="c" />
        </>,
      );
      // The first render, and the effects after it, come before the idle page.
      expect(screen.getByTestId('a').textContent).toBe('busy');
      await pageIdle();
      await waitFor(() => {
        for (const name of ['a', 'b', 'c']) expect(screen.getByTestId(name).textContent).toBe('idle');
      });
      const tasks = ['a', 'b', 'c'].map((name) => idleInTask[name] as number);
      // Each started in a later task than the one before it, never two in one.
      expect(tasks[1]).toBeGreaterThan(tasks[0] as number);
      expect(tasks[2]).toBeGreaterThan(tasks[1] as number);
    } finally {
      clearInterval(tick);
    }
  });
});
