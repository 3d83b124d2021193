import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OnboardingDraft } from '#common/schemas/creators.ts';
import type { MediaView } from '#common/schemas/media.ts';
import { setSession, signOut } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { json, type RecordedRequest, stubFetch } from '../../../test/fetch-stub.ts';
import { PROCESSING_POLL_MS } from '../../media/api/get-media.ts';
import { buildMedia, buildUser } from '../test/factories.ts';
import { renderWithApp } from '../test/render.tsx';
import type { OnboardingMedia } from '../use-onboarding-flow.ts';
import { PostStep } from './post-step.tsx';

const processingVideo = (id: string): MediaView =>
  buildMedia({
    id,
    kind: 'video',
    purpose: 'post',
    status: 'processing',
    url: null,
    urls: { preview: null, sources: [], poster: null, video: null, hls: null, document: null },
  });

function PostStepHarness({ post, onDraft }: { post: MediaView; onDraft: (draft: OnboardingDraft) => void }) {
  const [state, setState] = useState<{ draft: OnboardingDraft; media: OnboardingMedia }>({
    draft: { postMediaId: post.id },
    media: { profilePhoto: null, document: null, banner: null, post },
  });
  onDraft(state.draft);
  return (
    <PostStep
      draft={state.draft}
      media={state.media}
      errors={{}}
      onChange={(patch, media) =>
        setState((previous) => ({
          draft: { ...previous.draft, ...patch },
          media: { ...previous.media, ...media },
        }))
      }
      finishing={false}
      onFinish={async () => {}}
    />
  );
}

/** The post step with an upload already in the draft (as after a reload), holding draft and media. */
function renderPostStep(post: MediaView) {
  let draft: OnboardingDraft = { postMediaId: post.id };
  renderWithApp(
    <PostStepHarness
      post={post}
      onDraft={(next) => {
        draft = next;
      }}
    />,
  );
  return { draft: () => draft };
}

const deletes = (requests: RecordedRequest[]) => requests.filter((request) => request.method === 'DELETE');

beforeEach(() => {
  setSession({ token: 'token-1', user: buildUser() });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  signOut();
});

describe('first post media already uploaded', () => {
  it('says "Processing..." while the video is processed, polling until it can be played', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const video = processingVideo('v-1');
    const ready: MediaView = {
      ...video,
      status: 'ready',
      url: '/api/media/v-1/video?sig=1',
      urls: {
        preview: '/api/media/v-1/preview',
        sources: [],
        poster: '/api/media/v-1/poster?sig=2',
        video: '/api/media/v-1/video?sig=1',
        hls: null,
        document: null,
      },
    };
    const answers = [video, ready];
    const requests = stubFetch(() => json(200, answers.shift() ?? ready));
    renderPostStep(video);
    expect((await screen.findByRole('status')).textContent).toContain('Processing...');
    await vi.waitFor(() => expect(requests.map((request) => request.url)).toEqual(['/api/media/v-1']));
    await act(() => vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS));
    const player = await screen.findByLabelText('Your first post');
    expect(player.tagName).toBe('VIDEO');
    expect(player.getAttribute('src')).toBe('/api/media/v-1/video?sig=1');
    expect(screen.queryByText('Processing...')).toBeNull();
  });

  it('shows the reason when processing failed', async () => {
    const video = processingVideo('v-2');
    stubFetch(() => json(200, { ...video, status: 'failed', failureReason: 'The video could not be read' }));
    renderPostStep(video);
    expect((await screen.findByRole('alert')).textContent).toContain('The video could not be read');
    expect(screen.getByText('Your video could not be processed.')).toBeTruthy();
  });

  it('deletes the uploaded file on Remove and says so', async () => {
    const photo = buildMedia({ id: 'p-1', purpose: 'post' });
    const requests = stubFetch(() => json(200, { message: 'Image deleted successfully' }));
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const { draft } = renderPostStep(photo);
    expect(screen.getByRole('img', { name: 'Your first post' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('Image deleted successfully'));
    const [sent] = deletes(requests);
    expect(sent?.url).toBe('/api/media/delete');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ url: '/api/media/p-1' });
    expect(sent?.headers.get('authorization')).toBe('Bearer token-1');
    expect(draft().postMediaId).toBeUndefined();
    expect(screen.queryByRole('img', { name: 'Your first post' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add a photo' })).toBeTruthy();
  });

  it('keeps the upload and says "Failed to delete image" when the delete fails', async () => {
    const photo = buildMedia({ id: 'p-2', purpose: 'post' });
    stubFetch(() => json(500, { message: 'Something went wrong', code: 'INTERNAL' }));
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    const { draft } = renderPostStep(photo);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Failed to delete image'));
    expect(draft().postMediaId).toBe('p-2');
    expect(screen.getByRole('img', { name: 'Your first post' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove' })).toHaveProperty('disabled', false);
  });
});
