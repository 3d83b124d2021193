import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreatorProfile } from '#common/schemas/creators.ts';
import { Component as PostContentRoute } from '../../../app/routes/post-content.tsx';
import { json, type RecordedRequest, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { buildProfile } from '../../creators/test/build-profile.ts';
import { buildPost } from '../../posts/test/build-post.ts';

const youtube = 'https://youtu.be/dQw4w9WgXcQ';
const pathOf = (request: RecordedRequest) => new URL(request.url, 'http://localhost').pathname;

function renderPage(options: { creator?: CreatorProfile | null; createPost?: () => Response } = {}) {
  const creator =
    options.creator === undefined
      ? buildProfile({ viewer: { isOwner: true, isFollowing: false } })
      : options.creator;
  const requests = stubFetch((request) => {
    const path = pathOf(request);
    if (path === '/api/creators/me')
      return json(200, { creator, counts: { liked: 0, purchased: 0, purchasedMessages: 0 } });
    if (path === '/api/posts' && request.method === 'POST') {
      return options.createPost?.() ?? json(500, { message: 'Request failed', code: 'INTERNAL' });
    }
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
  renderRoutes(
    [
      { path: '/post-ccontent', Component: PostContentRoute },
      { path: '/public-profile/:id', element: <h1>Public profile</h1> },
    ],
    '/post-ccontent',
  );
  return requests;
}

const posted = (requests: RecordedRequest[]) =>
  requests
    .filter((request) => pathOf(request) === '/api/posts' && request.method === 'POST')
    .map((request) => JSON.parse(request.body ?? '{}') as Record<string, unknown>);

beforeEach(() => {
  let next = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:preview-${++next}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('Post Content', () => {
  it('asks a visitor to sign in', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Sign in to continue' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('offers onboarding to a member who is not a creator, and waits for review otherwise', async () => {
    signInAs();
    renderPage({ creator: null });
    expect(await screen.findByRole('heading', { name: 'Become a creator to post' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Become a Creator' }).getAttribute('href')).toBe('/creator');
    cleanup();

    renderPage({ creator: buildProfile({ status: 'pending_review' }) });
    expect(await screen.findByRole('heading', { name: 'Your profile is waiting for review' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Post Content' })).toBeNull();
  });

  it("shows the spec's messages and posts nothing until the draft is valid", async () => {
    signInAs();
    const requests = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Post Content' }));
    expect(screen.getByText('Post description is required')).toBeTruthy();
    // A post needs no photo or video (a text post), only its text.
    expect(screen.queryByText('Please upload at least one image or video')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Description' }));

    // Pasted, not typed: 501 keystrokes take seconds on a busy machine and prove nothing more.
    await userEvent.click(screen.getByRole('textbox', { name: 'Description' }));
    await userEvent.paste('x'.repeat(501));
    expect(screen.getByText('Description must not be more than 500 characters')).toBeTruthy();
    expect(screen.getByText('501/500')).toBeTruthy();
    expect(posted(requests)).toEqual([]);
  });

  it('reveals the unlock choice for Locked Content, and an amount for One-Time Payment', async () => {
    signInAs();
    renderPage();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Description' }), 'Behind the scenes');
    await userEvent.type(screen.getByRole('textbox', { name: 'Or a YouTube link' }), youtube);
    expect(screen.queryByRole('radio', { name: 'Use Monthly Subscription' })).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: 'Locked Content' }));
    expect(screen.getByRole('radio', { name: 'Use Monthly Subscription' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('textbox', { name: 'Charge amount (USD)' })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'One-Time Payment' }));
    const amount = screen.getByRole('textbox', { name: 'Charge amount (USD)' });
    await userEvent.click(screen.getByRole('button', { name: 'Post Content' }));
    expect(screen.getByText('Charge amount is required')).toBeTruthy();
    expect(document.activeElement).toBe(amount);
    await userEvent.type(amount, '4..5x');
    expect((amount as HTMLInputElement).value).toBe('4..5');
    expect(screen.getByText('Please enter a valid amount')).toBeTruthy();
  });

  it('keeps one file: a video replaces the photo, and the link field steps aside', async () => {
    signInAs();
    renderPage();
    await screen.findByRole('button', { name: 'Post Content' });
    await userEvent.upload(
      screen.getByLabelText('Choose a photo'),
      new File(['png'], 'sunset.png', { type: 'image/png' }),
    );
    expect(screen.getByRole('img', { name: 'Preview of your upload' }).getAttribute('src')).toBe(
      'blob:preview-1',
    );
    expect(screen.queryByRole('textbox', { name: 'Or a YouTube link' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Trace screen recordings/ })).toBeNull();

    await userEvent.upload(
      screen.getByLabelText('Choose a video'),
      new File(['mp4'], 'clip.mp4', { type: 'video/mp4' }),
    );
    expect(screen.queryByRole('img', { name: 'Preview of your upload' })).toBeNull();
    expect(screen.getByText('clip.mp4')).toBeTruthy();
    expect(document.querySelectorAll('video[src="blob:preview-2"]').length).toBeGreaterThan(0);
    // A video can be made so that a screen recording of it names its viewer; off unless chosen.
    const tracing = screen.getByRole('checkbox', { name: /Trace screen recordings of this video/ });
    expect(tracing).toHaveProperty('checked', false);
    await userEvent.click(tracing);
    expect(tracing).toHaveProperty('checked', true);

    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByRole('textbox', { name: 'Or a YouTube link' })).toBeTruthy();
  });

  it('keeps everything after a failure, then posts on retry and shows the success dialog', async () => {
    signInAs();
    let attempts = 0;
    const requests = renderPage({
      createPost: () => {
        attempts += 1;
        return attempts === 1
          ? json(503, { message: 'The service is busy, please try again', code: 'UNAVAILABLE' })
          : json(201, buildPost({ visibility: 'subscribers', youtubeId: 'dQw4w9WgXcQ', media: null }));
      },
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Description' }), 'New film');
    await userEvent.type(screen.getByRole('textbox', { name: 'Or a YouTube link' }), youtube);
    await userEvent.click(screen.getByRole('radio', { name: 'Locked Content' }));
    await userEvent.click(screen.getByRole('button', { name: 'Post Content' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your post was not published');
    expect(alert.textContent).toContain('The service is busy, please try again');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveProperty('value', 'New film');
    expect(screen.getByRole('radio', { name: 'Locked Content' })).toHaveProperty('checked', true);

    await userEvent.click(screen.getByRole('button', { name: 'Post Content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your content has been uploaded successfully' });
    expect(posted(requests)).toEqual([
      { description: 'New film', visibility: 'subscribers', youtubeUrl: youtube },
      { description: 'New film', visibility: 'subscribers', youtubeUrl: youtube },
    ]);
    expect(within(dialog).getByRole('link', { name: 'View your page' }).getAttribute('href')).toBe(
      '/public-profile/lena',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Post something else' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveProperty('value', '');
    expect(screen.getByRole('radio', { name: 'Create Post' })).toHaveProperty('checked', true);
  });

  it('publishes a text post: only the description, no file and no link, locked for a price', async () => {
    signInAs();
    const requests = renderPage({
      createPost: () =>
        json(
          201,
          buildPost({
            media: null,
            textOnly: true,
            itemCounts: { photos: 0, videos: 0 },
            description: 'Thoughts on the new album',
          }),
        ),
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Description' }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Post Content' }));
    expect(screen.getByText('Post description is required')).toBeTruthy();
    expect(posted(requests)).toEqual([]);

    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'Thoughts on the new album');
    await userEvent.click(screen.getByRole('radio', { name: 'Locked Content' }));
    await userEvent.click(screen.getByRole('radio', { name: 'One-Time Payment' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Charge amount (USD)' }), '3');
    // The preview has no media box for a text post, and says what locked fans get.
    expect(screen.queryByText('Your photo or video appears here')).toBeNull();
    expect(screen.getByText(/never its text/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Post Content' }));
    await screen.findByRole('dialog', { name: 'Your content has been uploaded successfully' });
    expect(posted(requests)).toEqual([
      { description: 'Thoughts on the new album', visibility: 'pay_per_view', price: '3' },
    ]);
  });

  it("shows the server's field message beside the field", async () => {
    signInAs();
    renderPage({
      createPost: () =>
        json(400, {
          message: 'Validation failed',
          code: 'VALIDATION_FAILED',
          fields: { youtubeUrl: 'Please enter a valid YouTube link' },
        }),
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Description' }), 'Hi');
    await userEvent.type(screen.getByRole('textbox', { name: 'Or a YouTube link' }), youtube);
    await userEvent.click(screen.getByRole('button', { name: 'Post Content' }));
    expect(await screen.findByText('Please enter a valid YouTube link')).toBeTruthy();
  });

  it('fills in the poll end when a poll is added, and shows the poll in the preview', async () => {
    signInAs();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a poll' }));
    const ends = screen.getByLabelText('Voting ends') as HTMLInputElement;
    const expected = new Date(Date.now() + 24 * 3_600_000);
    // The field shows the default, a day from now, for the creator to keep or change.
    expect(ends.value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(Math.abs(new Date(ends.value).getTime() - expected.getTime())).toBeLessThan(2 * 60_000);

    const preview = within(screen.getByRole('region', { name: 'Preview' }));
    const options = () => preview.getAllByRole('listitem').map((item) => item.textContent);
    expect(options()).toEqual(['Option 1', 'Option 2']);
    await userEvent.type(screen.getByLabelText('Option 1'), 'Beach');
    await userEvent.type(screen.getByLabelText('Option 2'), 'Mountains');
    expect(options()).toEqual(['Beach', 'Mountains']);
    expect(preview.getByText(/^Ends /)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Remove poll' }));
    expect(preview.queryByRole('region', { name: 'Poll' })).toBeNull();
  });
});
