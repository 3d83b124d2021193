import { describe, expect, it } from 'vitest';
import { postMessages } from '#common/schemas/posts.ts';
import {
  type ChosenFile,
  chargeInputFilter,
  draftProblems,
  emptyDraft,
  fileProblem,
  type PostDraft,
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

  it('needs one image or video, or a valid YouTube link', () => {
    expect(draftProblems(draft({ postDescription: 'Hi' })).media).toBe(
      'Please upload at least one image or video',
    );
    expect(draftProblems(draft({ postDescription: 'Hi', youtubeUrl: 'https://vimeo.com/1' })).media).toBe(
      postMessages.youtubeInvalid,
    );
    expect(draftProblems(draft({ postDescription: 'Hi', media: file('image/png') }))).toEqual({});
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
});
