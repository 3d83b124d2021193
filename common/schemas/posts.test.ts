import { describe, expect, it } from 'vitest';
import { chargeProblem, createPostSchema, postMessages, youtubeVideoId } from './posts.ts';

describe('youtubeVideoId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=10', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('reads %s', (url, id) => {
    expect(youtubeVideoId(url)).toBe(id);
  });

  it.each([
    'https://vimeo.com/12345',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)',
    'https://youtu.be/short',
  ])('refuses %s', (url) => {
    expect(youtubeVideoId(url)).toBeNull();
  });
});

describe('post rules', () => {
  it('needs a description of at most 500 characters; media is optional (a text post)', () => {
    const problems = (input: object) =>
      createPostSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(problems({ description: '' })).toContain(postMessages.descriptionRequired);
    expect(problems({ description: 'x'.repeat(501), youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' })).toEqual([
      postMessages.descriptionTooLong,
    ]);
    expect(problems({ description: 'Hi' })).toEqual([]);
    expect(problems({ description: '   ', visibility: 'pay_per_view', price: '3' })).toEqual([
      postMessages.descriptionRequired,
    ]);
    expect(problems({ description: 'Hi', youtubeUrl: 'https://vimeo.com/1' })).toEqual([
      postMessages.youtubeInvalid,
    ]);
  });

  it('checks the one-time charge of a pay-per-view post', () => {
    expect(chargeProblem('')).toBe(postMessages.chargeRequired);
    expect(chargeProblem('abc')).toBe(postMessages.chargeInvalid);
    expect(chargeProblem('4.999')).toBe(postMessages.chargeInvalid);
    expect(chargeProblem('0.50')).toBe(postMessages.chargeRange);
    expect(chargeProblem('4.99')).toBeNull();
  });
});
