import { describe, expect, it } from 'vitest';
import { isKnownPath, pathTo, type RouteName, routes } from './routes.ts';

describe('pathTo', () => {
  it('returns a route without parameters as it is in the table', () => {
    expect(pathTo('home')).toBe('/');
    expect(pathTo('fontSettings')).toBe('/settings/fonts');
    expect(pathTo('postContent')).toBe('/post-ccontent');
  });

  it('substitutes a parameter by name', () => {
    expect(pathTo('publicProfile', { id: 'ada' })).toBe('/public-profile/ada');
    expect(pathTo('editProfile', { id: '0b6f5d1e-7c1a-4a7e-9a4e-2f0c3f1e9b11' })).toBe(
      '/edit-profile/0b6f5d1e-7c1a-4a7e-9a4e-2f0c3f1e9b11',
    );
  });

  it('URL-encodes a parameter so it stays one path segment', () => {
    expect(pathTo('publicProfile', { id: 'a/b' })).toBe('/public-profile/a%2Fb');
    expect(pathTo('publicProfile', { id: 'ada lovelace' })).toBe('/public-profile/ada%20lovelace');
    expect(pathTo('publicProfile', { id: '?tab=posts#x' })).toBe('/public-profile/%3Ftab%3Dposts%23x');
    expect(pathTo('publicProfile', { id: '..' })).toBe('/public-profile/..');
    expect(pathTo('publicProfile', { id: 'zoë' })).toBe('/public-profile/zo%C3%AB');
    expect(pathTo('publicProfile', { id: '100%' })).toBe('/public-profile/100%25');
  });

  it('keeps handles with dots and underscores readable', () => {
    expect(pathTo('publicProfile', { id: 'ada.love_lace' })).toBe('/public-profile/ada.love_lace');
  });

  it('refuses to build a path with a missing parameter instead of linking to ":id"', () => {
    const untyped = pathTo as (name: RouteName, params?: Record<string, string>) => string;
    expect(() => untyped('publicProfile', {})).toThrow(
      "Missing route parameter 'id' for route 'publicProfile'",
    );
    expect(() => untyped('editProfile')).toThrow("Missing route parameter 'id' for route 'editProfile'");
  });

  it('builds a path the route table recognises for every route', () => {
    for (const name of Object.keys(routes) as RouteName[]) {
      const untyped = pathTo as (name: RouteName, params?: Record<string, string>) => string;
      const built = untyped(name, { id: 'some id/with slash' });
      expect(built).not.toContain(':');
      expect(isKnownPath(built), `${name} -> ${built}`).toBe(true);
    }
  });
});

describe('isKnownPath', () => {
  it('knows every route, with or without a trailing slash', () => {
    expect(isKnownPath('/')).toBe(true);
    expect(isKnownPath('/discover')).toBe(true);
    expect(isKnownPath('/discover/')).toBe(true);
    expect(isKnownPath('/public-profile/ada')).toBe(true);
  });

  it('does not know paths outside the table', () => {
    expect(isKnownPath('/nope')).toBe(false);
    expect(isKnownPath('/public-profile')).toBe(false);
    expect(isKnownPath('/public-profile/ada/extra')).toBe(false);
    expect(isKnownPath('/discoverx')).toBe(false);
  });
});
