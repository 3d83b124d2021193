import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { buildMedia } from '../test/build-post.ts';
import { PostCarousel } from './post-carousel.tsx';

const items = [1, 2, 3, 4].map((n) =>
  buildMedia({
    id: `m-${n}`,
    url: `/media/m-${n}/w1280.webp`,
    placeholder: `data:image/png;base64,slide${n}`,
    urls: {
      preview: null,
      sources: [{ width: 1280, height: 960, type: 'image/webp', url: `/media/m-${n}/w1280.webp` }],
      poster: null,
      video: null,
      hls: null,
      document: null,
    },
  }),
);

const carousel = () => (
  <PostCarousel items={items} active={false} creatorName="Ann Lee" priority onOpen={() => {}} />
);

/** The slides whose picture is in the page, by number. */
const loadedSlides = (root: ParentNode) =>
  [...root.querySelectorAll('[aria-roledescription="slide"]')]
    .map((slide, position) => (slide.querySelector('img') ? position + 1 : null))
    .filter((position) => position !== null);

afterEach(cleanup);

describe('PostCarousel', () => {
  it("comes from the server with the first slide's picture only, the others as placeholders", () => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(carousel());
    expect(loadedSlides(host)).toEqual([1]);
    expect(host.querySelectorAll('[data-testid="slide-not-loaded"]')).toHaveLength(3);
    expect(host.innerHTML).not.toContain('m-2/w1280');
  });

  it('fetches the next slide ahead once running, and one more each time the reader moves on', () => {
    const { container } = render(carousel());
    expect(loadedSlides(container)).toEqual([1, 2]);
    const track = screen.getByRole('region').querySelector('[tabindex="0"]') as HTMLElement;
    fireEvent.keyDown(track, { key: 'ArrowRight' });
    expect(screen.getByText('2 / 4')).toBeTruthy();
    expect(loadedSlides(container)).toEqual([1, 2, 3]);
    fireEvent.keyDown(track, { key: 'End' });
    expect(loadedSlides(container)).toEqual([1, 2, 3, 4]);
    // Going back keeps what was fetched.
    fireEvent.keyDown(track, { key: 'Home' });
    expect(loadedSlides(container)).toEqual([1, 2, 3, 4]);
  });
});
