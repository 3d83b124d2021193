import { describe, expect, it } from 'vitest';
import { postMessages } from '#common/schemas/posts.ts';
import {
  type ChosenFile,
  chargeInputFilter,
  draftProblems,
  emptyDraft,
  fileProblem,
  newPoll,
  type PostDraft,
  pollEndBeforePublish,
  pollProblem,
  problemsFromServer,
  toCreateInput,
  visibilityOf,
} from './post-draft.ts';

const MB = 1024 * 1024;
const file = (mime: string): ChosenFile => ({
  type: mime.startsWith('video/') ? 'video' : 'image',
  file: new File(['x'], 'a', { type: mime }),
  url: 'blob:a',
});
const draft = (patch: Partial<PostDraft>): PostDraft => ({ ...emptyDraft, ...patch });
const youtube = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

describe('post draft rules (spec section 5)', () => {
  it('asks for a description of at most 500 characters', () => {
    expect(draftProblems(draft({ youtubeUrl: youtube })).description).toBe('Post description is required');
    expect(draftProblems(draft({ postDescription: '   ', youtubeUrl: youtube })).description).toBe(
      'Post description is required',
    );
    expect(draftProblems(draft({ postDescription: 'x'.repeat(501), youtubeUrl: youtube })).description).toBe(
      'Description must not be more than 500 characters',
    );
    expect(draftProblems(draft({ postDescription: 'x'.repeat(500), youtubeUrl: youtube }))).toEqual({});
  });

  it('takes a text post (no media), and checks a YouTube link when there is one', () => {
    expect(draftProblems(draft({ postDescription: 'Hi' }))).toEqual({});
    expect(draftProblems(draft({ postDescription: '   ' }))).toEqual({
      description: postMessages.descriptionRequired,
    });
    expect(draftProblems(draft({ postDescription: 'Hi', youtubeUrl: 'https://vimeo.com/1' })).media).toBe(
      postMessages.youtubeInvalid,
    );
    expect(draftProblems(draft({ postDescription: 'Hi', media: file('image/png') }))).toEqual({});
  });

  it('builds a text post request with every visibility: no media, no link', () => {
    const text = draft({ postDescription: '  Just words  ' });
    expect(toCreateInput(text, null)).toEqual({ description: 'Just words', visibility: 'public' });
    expect(toCreateInput({ ...text, selectedAction: 'Locked Content' }, null)).toEqual({
      description: 'Just words',
      visibility: 'subscribers',
    });
    const paid = {
      ...text,
      selectedAction: 'Locked Content',
      selectedPrice: 'One-Time Payment',
      chargeAmount: '3',
    } as const;
    expect(draftProblems(paid)).toEqual({});
    expect(toCreateInput(paid, null)).toEqual({
      description: 'Just words',
      visibility: 'pay_per_view',
      price: '3',
    });
  });

  it('asks One-Time Payment for a valid amount, and nothing else for a price', () => {
    const locked = draft({
      postDescription: 'Hi',
      youtubeUrl: youtube,
      selectedAction: 'Locked Content',
      selectedPrice: 'One-Time Payment',
    });
    expect(draftProblems(locked).charge).toBe('Charge amount is required');
    expect(draftProblems({ ...locked, chargeAmount: '4..5' }).charge).toBe('Please enter a valid amount');
    expect(draftProblems({ ...locked, chargeAmount: '0.50' }).charge).toBe(postMessages.chargeRange);
    expect(draftProblems({ ...locked, chargeAmount: '4.99' })).toEqual({});
    expect(draftProblems({ ...locked, selectedPrice: 'Use Monthly Subscription' })).toEqual({});
    expect(draftProblems({ ...locked, selectedAction: 'Create Post' })).toEqual({});
  });

  it('maps the action and price choice to who may see the post', () => {
    expect(visibilityOf({ selectedAction: 'Create Post', selectedPrice: 'One-Time Payment' })).toBe('public');
    expect(
      visibilityOf({ selectedAction: 'Locked Content', selectedPrice: 'Use Monthly Subscription' }),
    ).toBe('subscribers');
    expect(visibilityOf({ selectedAction: 'Locked Content', selectedPrice: 'One-Time Payment' })).toBe(
      'pay_per_view',
    );
  });

  it('builds the request: the uploaded file or the link, and a price only for pay-per-view', () => {
    const base = draft({ postDescription: '  Golden hour  ', youtubeUrl: youtube, chargeAmount: '5' });
    expect(toCreateInput(base, null)).toEqual({
      description: 'Golden hour',
      visibility: 'public',
      youtubeUrl: youtube,
    });
    expect(
      toCreateInput(
        {
          ...base,
          media: file('video/mp4'),
          selectedAction: 'Locked Content',
          selectedPrice: 'One-Time Payment',
        },
        'm-1',
      ),
    ).toEqual({ description: 'Golden hour', visibility: 'pay_per_view', mediaId: 'm-1', price: '5' });
  });

  it('checks the picked file against its picker and the post limits', () => {
    expect(fileProblem({ type: 'image/jpeg', size: MB }, 'image')).toBeNull();
    expect(fileProblem({ type: 'video/mp4', size: MB }, 'image')).toBe('Please select an image file');
    expect(fileProblem({ type: 'image/png', size: MB }, 'video')).toBe('Please select a video file');
    expect(fileProblem({ type: 'image/png', size: 26 * MB }, 'image')).toBe(
      'File size must be less than 25MB',
    );
  });

  it('puts server field messages beside the fields, and keeps amounts to digits and periods', () => {
    expect(problemsFromServer({ mediaId: 'gone', price: 'bad', description: 'long' })).toEqual({
      media: 'gone',
      charge: 'bad',
      description: 'long',
    });
    expect(problemsFromServer(undefined)).toEqual({});
    expect(chargeInputFilter('$4,99.5a')).toBe('499.5');
  });

  it('gives a new poll an end a day after the post comes out, which the rules accept', () => {
    const now = new Date(2026, 2, 12, 14, 5).getTime();
    expect(newPoll({ when: 'now', publishAt: '' }, now)).toEqual({
      options: ['', ''],
      endsAt: '2026-03-13T14:05',
    });
    // Scheduled: a day after the publish time, so the poll is open once the post is out.
    expect(newPoll({ when: 'scheduled', publishAt: '2026-03-20T09:30' }, now).endsAt).toBe(
      '2026-03-21T09:30',
    );
    // A publish time already past (or not set yet) counts from now.
    expect(newPoll({ when: 'scheduled', publishAt: '2026-03-01T09:30' }, now).endsAt).toBe(
      '2026-03-13T14:05',
    );
    const filled = { ...newPoll({ when: 'now', publishAt: '' }, now), options: ['Yes', 'No'] };
    expect(pollProblem(filled, now)).toBeNull();
  });

  it('asks a scheduled post for a poll that ends after the post comes out, as the server does', () => {
    const poll = { options: ['Yes', 'No'], endsAt: '2099-01-01T10:00' };
    expect(pollProblem(poll, Date.now(), new Date(2099, 0, 2, 10, 0))).toBe(pollEndBeforePublish);
    expect(
      draftProblems(draft({ postDescription: 'Hi', poll, when: 'scheduled', publishAt: '2099-01-02T10:00' }))
        .poll,
    ).toBe(pollEndBeforePublish);
    expect(draftProblems(draft({ postDescription: 'Hi', poll })).poll).toBeUndefined();
  });
});
