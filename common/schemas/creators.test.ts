import { describe, expect, it } from 'vitest';
import { limits } from '../limits.ts';
import { editCreatorProfileSchema } from './creators.ts';

const valid = { displayName: 'Lena Park', username: '@lena_park', bio: '' };

describe('Edit Profile: the bio limit', () => {
  it('accepts a bio of 500 characters, as onboarding does', () => {
    expect(limits.bioMaxLength).toBe(500);
    const bio = 'x'.repeat(500);
    expect(editCreatorProfileSchema.parse({ ...valid, bio }).bio).toBe(bio);
  });

  it('refuses 501 characters with "Bio must be at most 500 characters"', () => {
    const result = editCreatorProfileSchema.safeParse({ ...valid, bio: 'x'.repeat(501) });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['bio', 'Bio must be at most 500 characters'],
    ]);
  });
});
