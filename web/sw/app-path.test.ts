import { describe, expect, it } from 'vitest';
import { appPath } from './app-path.ts';

describe('the path a notification opens', () => {
  it('keeps a path of the app', () => {
    expect(appPath('/post/0195f1a0-0000-7000-8000-0000000000aa')).toBe(
      '/post/0195f1a0-0000-7000-8000-0000000000aa',
    );
    expect(appPath('/message?user=u-1')).toBe('/message?user=u-1');
  });

  it('opens the home page for anything that could leave the site', () => {
    for (const url of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      42,
      null,
    ])
      expect(appPath(url), String(url)).toBe('/');
  });
});
