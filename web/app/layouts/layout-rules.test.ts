import { describe, expect, it } from 'vitest';
import { type RouteName, routes } from '#common/routes.ts';
import { isAuthPath, isBottomBarHidden, isRightPanelHidden } from './layout-rules.ts';
import {
  editProfileNav,
  emailVerificationNav,
  moreNav,
  primaryNav,
  routesNotInMobileMenu,
  settingsNav,
} from './nav-items.ts';

describe('bottom bar', () => {
  it('is hidden on messages, sign-up and sign-in paths', () => {
    expect(isBottomBarHidden('/message')).toBe(true);
    expect(isBottomBarHidden('/message/abc')).toBe(true);
    expect(isBottomBarHidden('/register')).toBe(true);
    expect(isBottomBarHidden('/login')).toBe(true);
  });

  it('is shown everywhere else', () => {
    for (const path of ['/', '/discover', '/settings/fonts', '/public-profile/42', '/nope']) {
      expect(isBottomBarHidden(path), path).toBe(false);
    }
  });
});

describe('top bar and side panel', () => {
  it('treats only sign-in and sign-up as auth pages', () => {
    expect(isAuthPath('/login')).toBe(true);
    expect(isAuthPath('/register')).toBe(true);
    expect(isAuthPath('/')).toBe(false);
    expect(isAuthPath('/email-verification')).toBe(false);
  });

  it("hides 'More Creators' on messages only", () => {
    expect(isRightPanelHidden('/message')).toBe(true);
    expect(isRightPanelHidden('/discover')).toBe(false);
  });
});

describe('phone menu', () => {
  it('accounts for every route in the route table', () => {
    const listed = new Set<RouteName>([
      ...primaryNav.map((item) => item.name),
      ...moreNav.map((item) => item.name),
      settingsNav.name,
      editProfileNav.name,
      emailVerificationNav.name,
    ]);
    for (const name of Object.keys(routes) as RouteName[]) {
      expect(listed.has(name) || routesNotInMobileMenu.includes(name), name).toBe(true);
    }
    for (const name of routesNotInMobileMenu) expect(listed.has(name), name).toBe(false);
    expect(routesNotInMobileMenu).toEqual(expect.arrayContaining(['login', 'register']));
  });

  it('lists the left navigation in the order of the spec; Wallet is no longer marked Coming Soon', () => {
    expect(primaryNav.map((item) => item.label)).toEqual([
      'Home',
      'Discover',
      'Become a Creator',
      'Wallet',
      'Profile',
      'Messages',
      'Bookmarks',
      'Lists',
    ]);
    expect(primaryNav.find((item) => item.name === 'wallet')?.badge).toBeUndefined();
  });
});
