import { describe, expect, it } from 'vitest';
import { postFileProblem } from './post-step.tsx';

const MB = 1024 * 1024;

describe('first post media rules', () => {
  it('takes an image as the image and a video as the video', () => {
    expect(postFileProblem({ type: 'image/jpeg', size: MB }, 'image')).toBeNull();
    expect(postFileProblem({ type: 'video/mp4', size: 100 * MB }, 'video')).toBeNull();
    expect(postFileProblem({ type: 'video/mp4', size: MB }, 'image')).toBe('Please select an image file');
    expect(postFileProblem({ type: 'image/png', size: MB }, 'video')).toBe('Please select a video file');
    expect(postFileProblem({ type: '', size: MB }, 'video')).toBe('Please select a video file');
  });

  it('refuses files over the post limits', () => {
    expect(postFileProblem({ type: 'image/png', size: 26 * MB }, 'image')).toBe(
      'File size must be less than 25MB',
    );
    expect(postFileProblem({ type: 'video/webm', size: 3 * 1024 * MB }, 'video')).toBe(
      'File size must be less than 2GB',
    );
  });
});
