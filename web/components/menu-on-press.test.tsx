import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MenuOnPress } from './menu-on-press.tsx';

const TestMenu = () => <div role="menu">Menu items</div>;

afterEach(() => {
  cleanup();
  document.getElementById('code-for-later')?.remove();
  for (const link of document.head.querySelectorAll('link[rel="prefetch"]')) link.remove();
});

describe('MenuOnPress', () => {
  it('has the menu’s files downloaded once the page is idle without running its code, runs it on focus, and opens it on press', async () => {
    // As the build lists them in index.html (vite.config.ts, codeForLater).
    document.head.insertAdjacentHTML(
      'beforeend',
      '<script type="application/json" id="code-for-later">{"test-menu":["/assets/menu-1.js","/assets/menu-1.css"],"other":["/assets/other.js"]}</script>',
    );
    let runs = 0;
    const load = async () => {
      runs += 1;
      return { Menu: TestMenu };
    };
    const Menu = lazy(() => load().then((module) => ({ default: module.Menu })));
    render(
      <div>
        {['First', 'Second'].map((name) => (
          <MenuOnPress
            key={name}
            load={load}
            code="test-menu"
            trigger={(handlers) => (
              <button type="button" {...handlers}>
                {name}
              </button>
            )}
          >
            <Menu />
          </MenuOnPress>
        ))}
      </div>,
    );
    await waitFor(() => expect(document.head.querySelectorAll('link[rel="prefetch"]')).toHaveLength(2));
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')];
    // Each file once, though two menus want it; as the module itself is asked for (CORS mode).
    expect(
      links.map((link) => [
        link.getAttribute('href'),
        link.getAttribute('as'),
        link.getAttribute('crossorigin'),
      ]),
    ).toEqual([
      ['/assets/menu-1.js', 'script', ''],
      ['/assets/menu-1.css', 'style', ''],
    ]);
    expect(runs).toBe(0);
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.focus(screen.getByRole('button', { name: 'First' }));
    expect(runs).toBe(1);
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'First' }));
    expect((await screen.findByRole('menu')).textContent).toBe('Menu items');
    expect(screen.queryByRole('button', { name: 'First' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Second' })).toBeTruthy();
  });
});
