import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  formatCountdown,
  RESEND_AVAILABLE_AT_KEY,
  resendLabel,
  secondsUntilResend,
  startResendWait,
  useResendCountdown,
} from './resend-timer.ts';

describe('the resend countdown text', () => {
  it("formats 'm:ss'", () => {
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(599)).toBe('9:59');
    expect(formatCountdown(61)).toBe('1:01');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(0.2)).toBe('0:01');
    expect(formatCountdown(-5)).toBe('0:00');
  });

  it("reads 'Resend in m:ss' while waiting, else 'Resend Code'", () => {
    expect(resendLabel(599)).toBe('Resend in 9:59');
    expect(resendLabel(0)).toBe('Resend Code');
  });
});

describe('the stored wait', () => {
  it('is kept per address, in local storage', () => {
    startResendWait('ada@example.com', 600, 1_000_000);
    expect(JSON.parse(localStorage.getItem(RESEND_AVAILABLE_AT_KEY) ?? 'null')).toEqual({
      email: 'ada@example.com',
      at: 1_600_000,
    });
    expect(secondsUntilResend('ada@example.com', 1_000_000)).toBe(600);
    expect(secondsUntilResend('ada@example.com', 1_599_001)).toBe(1);
    expect(secondsUntilResend('ada@example.com', 1_600_000)).toBe(0);
    expect(secondsUntilResend('grace@example.com', 1_000_000)).toBe(0);
  });

  it('ignores an unreadable value', () => {
    localStorage.setItem(RESEND_AVAILABLE_AT_KEY, '{oops');
    expect(secondsUntilResend('ada@example.com')).toBe(0);
    localStorage.setItem(RESEND_AVAILABLE_AT_KEY, JSON.stringify({ email: 'ada@example.com', at: 'soon' }));
    expect(secondsUntilResend('ada@example.com')).toBe(0);
  });
});

function Countdown({ email }: { email: string }) {
  const { secondsLeft, start } = useResendCountdown(email);
  return (
    <button type="button" disabled={secondsLeft > 0} onClick={() => start()}>
      {resendLabel(secondsLeft)}
    </button>
  );
}

describe('useResendCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2025-05-01T12:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts enabled, counts down after a resend, and survives a remount (a reload)', () => {
    const first = render(<Countdown email="ada@example.com" />);
    const button = () => screen.getByRole('button');
    expect(button().textContent).toBe('Resend Code');
    expect((button() as HTMLButtonElement).disabled).toBe(false);

    act(() => button().click());
    expect(button().textContent).toBe('Resend in 10:00');
    expect((button() as HTMLButtonElement).disabled).toBe(true);
    act(() => vi.advanceTimersByTime(61_000));
    expect(button().textContent).toBe('Resend in 8:59');

    first.unmount();
    act(() => vi.advanceTimersByTime(30_000));
    render(<Countdown email="ada@example.com" />);
    expect(button().textContent).toBe('Resend in 8:29');

    act(() => vi.advanceTimersByTime(9 * 60_000));
    expect(button().textContent).toBe('Resend Code');
    expect((button() as HTMLButtonElement).disabled).toBe(false);
  });

  it("does not apply another address's wait", () => {
    startResendWait('grace@example.com');
    render(<Countdown email="ada@example.com" />);
    expect(screen.getByRole('button').textContent).toBe('Resend Code');
  });
});
