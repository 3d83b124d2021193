import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PollView, PostView } from '#common/schemas/posts.ts';
import { Component as DiscoverPage } from '../../../app/routes/discover.tsx';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { buildPost, postPage } from '../test/build-post.ts';

const renderDiscover = () => renderRoutes([{ path: '/discover', Component: DiscoverPage }], '/discover');

/** An open poll whose counts the viewer does not see yet; `canVote` is the server's answer. */
function openPoll(overrides: Partial<PollView> = {}): PollView {
  return {
    options: [
      { text: 'Beach', votes: null },
      { text: 'Mountains', votes: null },
    ],
    endsAt: new Date(Date.now() + 3600_000).toISOString(),
    ended: false,
    myVote: null,
    totalVotes: null,
    canVote: true,
    ...overrides,
  };
}

const withPoll = (poll: PollView, overrides: Partial<PostView> = {}) =>
  buildPost({ media: null, itemCounts: { photos: 0, videos: 0 }, poll, ...overrides });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('post poll', () => {
  it('votes when the server says this viewer may, then shows the results it answers', async () => {
    signInAs({ id: 'u-2' });
    const voted = withPoll(
      openPoll({
        options: [
          { text: 'Beach', votes: 0 },
          { text: 'Mountains', votes: 1 },
        ],
        myVote: 1,
        totalVotes: 1,
        canVote: false,
      }),
    );
    const requests = stubFetch((request) =>
      request.method === 'POST' ? json(200, voted) : json(200, postPage([withPoll(openPoll())])),
    );
    renderDiscover();
    await userEvent.click(await screen.findByRole('button', { name: 'Mountains' }));
    await screen.findByRole('list', { name: 'Poll results' });
    const sent = requests.find((request) => request.method === 'POST');
    expect(sent?.url).toBe('/api/posts/p-1/poll/vote');
    expect(JSON.parse(sent?.body ?? 'null')).toEqual({ option: 1 });
    expect(screen.getByLabelText('Your vote')).toBeTruthy();
  });

  it('keeps the options disabled when the server says no, whoever the viewer seems to be', async () => {
    // Signed in, not the owner, the poll open: only the server's canVote keeps this viewer out
    // (the post is not published yet, server/policies/posts.ts pollVoteRefusal).
    signInAs({ id: 'u-2' });
    const requests = stubFetch(() =>
      json(200, postPage([withPoll(openPoll({ canVote: false }), { status: 'scheduled' })])),
    );
    renderDiscover();
    const option = await screen.findByRole('button', { name: 'Beach' });
    expect((option as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Mountains' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(option);
    expect(requests.every((request) => request.method === 'GET')).toBe(true);
  });

  it('asks a visitor to sign in, with the options disabled', async () => {
    stubFetch(() => json(200, postPage([withPoll(openPoll({ canVote: false }))])));
    renderDiscover();
    expect(((await screen.findByRole('button', { name: 'Beach' })) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Sign in to vote/)).toBeTruthy();
  });
});
