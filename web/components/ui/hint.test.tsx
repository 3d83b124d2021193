import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { limits } from '#common/limits.ts';
import { Hint } from './hint.tsx';

function renderHints() {
  const onPointerEnter = vi.fn();
  render(
    <>
      <Hint label="Home">
        <a href="/" aria-label="Home" onPointerEnter={onPointerEnter}>
          H
        </a>
      </Hint>
      <Hint label="Post new content" side="right">
        <button type="button" aria-label="Post new content">
          +
        </button>
      </Hint>
    </>,
  );
  return { onPointerEnter };
}

const hover = (element: Element) => fireEvent.pointerEnter(element, { pointerType: 'mouse' });

afterEach(() => {
  vi.useRealTimers();
});

describe('Hint', () => {
  it('shows the label after hovering for the tooltip delay, and keeps the control’s own handler', () => {
    vi.useFakeTimers();
    const { onPointerEnter } = renderHints();
    const home = screen.getByRole('link', { name: 'Home' });
    hover(home);
    expect(onPointerEnter).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(limits.tooltip.delayMs - 1));
    expect(screen.queryByText('Home')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Home').parentElement).toBe(document.body);
    fireEvent.pointerLeave(home);
    expect(screen.queryByText('Home')).toBeNull();
  });

  it('skips the delay when moving straight on to the next control', () => {
    vi.useFakeTimers();
    renderHints();
    const home = screen.getByRole('link', { name: 'Home' });
    hover(home);
    act(() => vi.advanceTimersByTime(limits.tooltip.delayMs));
    fireEvent.pointerLeave(home);
    hover(screen.getByRole('button', { name: 'Post new content' }));
    act(() => vi.advanceTimersByTime(0));
    expect(screen.getByText('Post new content').dataset.side).toBe('right');
  });

  it('shows on keyboard focus, not on a click or a touch, and hides on Escape', () => {
    renderHints();
    const post = screen.getByRole('button', { name: 'Post new content' });
    fireEvent.pointerEnter(post, { pointerType: 'touch' });
    fireEvent.pointerDown(post);
    fireEvent.focus(post);
    expect(screen.queryByText('Post new content')).toBeNull();
    fireEvent.blur(post);
    fireEvent.focus(post);
    expect(screen.getByText('Post new content').parentElement).toBe(document.body);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByText('Post new content')).toBeNull();
  });
});
