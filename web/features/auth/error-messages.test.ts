import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { readGoogleCode } from './components/google-completion.tsx';
import { signInErrorMessage, signUpErrorMessage } from './error-messages.ts';
import { waitText, withWait } from './wait-text.ts';

const apiError = (status: number, message: string, retryAfterSeconds?: number) =>
  new ApiError(status, { message, code: 'X', retryAfterSeconds });

describe('sign-in failures', () => {
  it("say 'Password or email incorrect' for a wrong pair", () => {
    expect(signInErrorMessage(apiError(401, 'Unauthorized'))).toBe('Password or email incorrect');
  });

  it('say how long a lockout lasts', () => {
    expect(
      signInErrorMessage(apiError(429, 'Too many failed sign-in attempts. Please try again later', 900)),
    ).toBe('Too many failed sign-in attempts. Please try again later. Try again in 15 minutes.');
  });

  it('pass network trouble on as it is', () => {
    expect(signInErrorMessage(apiError(0, 'Could not reach the server. Check your connection.'))).toBe(
      'Could not reach the server. Check your connection.',
    );
  });
});

describe('sign-up failures', () => {
  it("use the server's message, else 'Failed to create account'", () => {
    expect(signUpErrorMessage(apiError(409, 'An account with this email already exists'))).toBe(
      'An account with this email already exists',
    );
    expect(signUpErrorMessage(apiError(500, 'Internal Server Error'))).toBe('Failed to create account');
    expect(signUpErrorMessage(new Error('boom'))).toBe('Failed to create account');
  });
});

describe('waits in words', () => {
  it('rounds up to the unit that reads best', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(45)).toBe('45 seconds');
    expect(waitText(60)).toBe('1 minute');
    expect(waitText(61)).toBe('2 minutes');
    expect(waitText(7200)).toBe('2 hours');
    expect(withWait('Slow down', 30)).toBe('Slow down. Try again in 30 seconds.');
    expect(withWait('Slow down', undefined)).toBe('Slow down');
  });
});

describe("Google's one-time code", () => {
  it('is read from the fragment', () => {
    expect(readGoogleCode('#code=abc123')).toBe('abc123');
    expect(readGoogleCode('#code=a%2Bb')).toBe('a+b');
    expect(readGoogleCode('')).toBeNull();
    expect(readGoogleCode('#code=')).toBeNull();
  });
});
