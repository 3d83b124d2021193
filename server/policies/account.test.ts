import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { requireVerified } from './account.ts';

describe('requireVerified', () => {
  it('lets a verified user through', () => {
    expect(() => requireVerified({ isEmailVerified: true })).not.toThrow();
  });

  it('stops an unverified user with 403 EMAIL_NOT_VERIFIED', () => {
    try {
      requireVerified({ isEmailVerified: false });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        statusCode: 403,
        code: 'EMAIL_NOT_VERIFIED',
        message: 'Please verify your email address first',
      });
    }
  });
});
