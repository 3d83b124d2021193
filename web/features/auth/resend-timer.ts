import { useCallback, useEffect, useState } from 'react';
import { limits } from '#common/limits.ts';
import { storage } from '../../lib/storage.ts';

/**
 * When 'Resend Code' works again, per address, kept in localStorage so that a reload (or a second
 * tab) shows the same wait the server enforces: `{ "email": "...", "at": <epoch ms> }`.
 */
export const RESEND_AVAILABLE_AT_KEY = 'resend-available-at';

interface ResendWait {
  email: string;
  at: number;
}

function readWait(): ResendWait | null {
  const raw = storage.get(RESEND_AVAILABLE_AT_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ResendWait>;
    if (typeof value.email !== 'string' || typeof value.at !== 'number' || !Number.isFinite(value.at))
      return null;
    return { email: value.email, at: value.at };
  } catch {
    return null;
  }
}

/** 'm:ss', as in 'Resend in 9:59'. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export function resendLabel(secondsLeft: number): string {
  return secondsLeft > 0 ? `Resend in ${formatCountdown(secondsLeft)}` : 'Resend Code';
}

/** Starts the wait after a resend (600 s) or after a 429 (the server's retryAfterSeconds). */
export function startResendWait(
  email: string,
  seconds: number = limits.verificationResendSeconds,
  now: number = Date.now(),
): void {
  storage.set(RESEND_AVAILABLE_AT_KEY, JSON.stringify({ email, at: now + seconds * 1000 }));
}

export function secondsUntilResend(email: string, now: number = Date.now()): number {
  const wait = readWait();
  if (!wait || wait.email !== email) return 0;
  return Math.max(0, Math.ceil((wait.at - now) / 1000));
}

export function clearResendWait(): void {
  storage.remove(RESEND_AVAILABLE_AT_KEY);
}

const TICK_MS = 500;

/** Seconds until the address may ask for another code, ticking down; `start` begins a new wait. */
export function useResendCountdown(email: string | null): {
  secondsLeft: number;
  start: (seconds?: number) => void;
} {
  const read = useCallback(() => (email ? secondsUntilResend(email) : 0), [email]);
  const [secondsLeft, setSecondsLeft] = useState(read);
  const [generation, setGeneration] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new wait (generation) restarts the ticking
  useEffect(() => {
    setSecondsLeft(read());
    if (read() <= 0) return;
    const timer = window.setInterval(() => {
      const left = read();
      setSecondsLeft(left);
      if (left <= 0) window.clearInterval(timer);
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [read, generation]);

  const start = useCallback(
    (seconds?: number) => {
      if (!email) return;
      startResendWait(email, seconds);
      setGeneration((value) => value + 1);
    },
    [email],
  );

  return { secondsLeft, start };
}
