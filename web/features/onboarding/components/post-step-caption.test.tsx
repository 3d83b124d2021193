import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OnboardingDraft } from '#common/schemas/creators.ts';
import type { MediaView } from '#common/schemas/media.ts';
import { setSession, signOut } from '../../../lib/session.ts';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { buildMedia, buildUser } from '../test/factories.ts';
import { renderWithApp } from '../test/render.tsx';
import type { OnboardingMedia } from '../use-onboarding-flow.ts';
import { PostStep } from './post-step.tsx';

const photo: MediaView = buildMedia({ id: 'p-1', purpose: 'post' });

function Harness({ onFinish }: { onFinish: (draft: OnboardingDraft) => Promise<void> }) {
  const [state, setState] = useState<{ draft: OnboardingDraft; media: OnboardingMedia }>({
    draft: { postMediaId: photo.id },
    media: { profilePhoto: null, document: null, banner: null, post: photo },
  });
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
      onFinish={onFinish}
    />
  );
}

beforeEach(() => {
  setSession({ token: 'token-1', user: buildUser() });
  stubFetch(() => json(200, photo));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOut();
});

describe('first post caption', () => {
  it('asks for a caption with the post and sends it with the draft', async () => {
    const onFinish = vi.fn(async (_draft: OnboardingDraft) => {});
    renderWithApp(<Harness onFinish={onFinish} />);
    const caption = screen.getByRole('textbox', { name: 'Caption' });
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('Post description is required')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();

    await userEvent.type(caption, 'Sunrise over the lake');
    expect(screen.queryByText('Post description is required')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
    expect(onFinish.mock.calls[0]?.[0]).toMatchObject({
      postMediaId: 'p-1',
      postDescription: 'Sunrise over the lake',
    });
  });
});
