import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PREFETCH_FILES_PER_TASK, usePrefetchWhenIdle } from './page-idle.ts';

function Part({ name }: { name: string }) {
  usePrefetchWhenIdle(name);
  return null;
}

const prefetched = () =>
  [...document.head.querySelectorAll('link[rel="prefetch"]')].map((link) => link.getAttribute('href'));

/** Resolves once the page's prefetch links stop changing for a few tasks. */
async function settled(): Promise<string[]> {
  let last = -1;
  let still = 0;
  while (still < 5) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    const count = prefetched().length;
    still = count === last ? still + 1 : 0;
    last = count;
  }
  return prefetched() as string[];
}

describe('usePrefetchWhenIdle', () => {
  const menu = Array.from({ length: 10 }, (_, index) => `/assets/menu-${index}.js`);
  beforeEach(() => {
    const list = document.createElement('script');
    list.type = 'application/json';
    list.id = 'code-for-later';
    list.textContent = JSON.stringify({
      menu: [...menu, '/assets/already-loaded.js', '/assets/menu.css'],
      other: ['/assets/menu-1.js', '/assets/other.js'],
    });
    document.body.append(list);
    const loaded = document.createElement('link');
    loaded.rel = 'modulepreload';
    loaded.href = '/assets/already-loaded.js';
    document.head.append(loaded);
  });
  afterEach(() => {
    document.getElementById('code-for-later')?.remove();
    for (const link of document.head.querySelectorAll('link')) link.remove();
  });

  it('asks for each part’s files once the page is idle, a few per task, skipping what the page has', async () => {
    // Each new link is counted in the task that added it.
    const perTask: number[] = [];
    let inTask = 0;
    const observer = new MutationObserver((records) => {
      for (const record of records) inTask += record.addedNodes.length;
    });
    observer.observe(document.head, { childList: true });
    const tick = setInterval(() => {
      if (inTask > 0) perTask.push(inTask);
      inTask = 0;
    }, 0);
    render(
      <>
        <Part name="menu" />
        <Part name="menu" />
        <Part name="other" />
      </>,
    );
    const files = await settled();
    clearInterval(tick);
    observer.disconnect();
    expect(files.sort()).toEqual([...menu, '/assets/menu.css', '/assets/other.js'].sort());
    expect(Math.max(...perTask)).toBeLessThanOrEqual(PREFETCH_FILES_PER_TASK);
    expect(perTask.length).toBeGreaterThan(1);
    const css = document.head.querySelector('link[href="/assets/menu.css"]') as HTMLLinkElement;
    expect(css.as).toBe('style');
  });
});
