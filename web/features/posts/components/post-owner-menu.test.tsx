import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postMessages } from '#common/schemas/posts.ts';
import { Component as DiscoverPage } from '../../../app/routes/discover.tsx';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { signInAs, signOutForTest } from '../../../test/session.ts';
import { buildPost, postPage } from '../test/build-post.ts';

const renderDiscover = () => renderRoutes([{ path: '/discover', Component: DiscoverPage }], '/discover');

async function choose(item: string) {
  await userEvent.click(await screen.findByRole('button', { name: 'Post options' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

describe('owner menu', () => {
  it('asks before deleting, then sends DELETE and drops the card', async () => {
    signInAs({ id: 'u-9' });
    let deleted = false;
    const requests = stubFetch((request) => {
      if (request.method === 'DELETE') {
        deleted = true;
        return new Response(null, { status: 204 });
      }
      return json(200, postPage(deleted ? [] : [buildPost({ isOwner: true })]));
    });
    renderDiscover();
    await choose('Delete post');
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete post' }));
    await waitFor(() => expect(screen.queryByRole('article')).toBeNull());
    const sent = requests.find((request) => request.method === 'DELETE');
    expect(sent?.url).toBe('/api/posts/p-1');
    expect(sent?.headers.get('authorization')).toBe('Bearer token-1');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the post when the owner cancels', async () => {
    signInAs({ id: 'u-9' });
    const requests = stubFetch(() => json(200, postPage([buildPost({ isOwner: true })])));
    renderDiscover();
    await choose('Delete post');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('article')).toBeTruthy();
    expect(requests.every((request) => request.method === 'GET')).toBe(true);
  });

  it('edits the description with the spec messages, then saves the trimmed text', async () => {
    signInAs({ id: 'u-9' });
    let saved = buildPost({ isOwner: true });
    const requests = stubFetch((request) => {
      if (request.method !== 'PATCH') return json(200, postPage([saved]));
      saved = { ...saved, description: 'Evening light.' };
      return json(200, saved);
    });
    renderDiscover();
    await choose('Edit post');
    const field = await screen.findByRole('textbox', { name: 'Description' });
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('Post description is required');

    await userEvent.click(field);
    await userEvent.paste('x'.repeat(501));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('Description must not be more than 500 characters');
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);

    await userEvent.clear(field);
    await userEvent.type(field, '  Evening light.  ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Evening light.')).toBeTruthy();
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch?.url).toBe('/api/posts/p-1');
    expect(JSON.parse(patch?.body ?? '{}')).toEqual({ description: 'Evening light.' });
  });

  it('sets and clears the date after which the post is hidden, refusing one in the past', async () => {
    signInAs({ id: 'u-9' });
    const hiddenAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    let saved = buildPost({ isOwner: true });
    const requests = stubFetch((request) => {
      if (request.method !== 'PATCH') return json(200, postPage([saved]));
      const body = JSON.parse(request.body ?? '{}') as { expiresAt?: string | null };
      saved = { ...saved, expiresAt: body.expiresAt ?? null };
      return json(200, saved);
    });
    renderDiscover();
    await choose('Edit post');
    const ends = await screen.findByLabelText('Hide it after (optional)');
    const local = (iso: string) => {
      const date = new Date(iso);
      return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    };
    fireEvent.change(ends, { target: { value: local(new Date(Date.now() - 86_400_000).toISOString()) } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe(postMessages.expiresInPast);
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);

    fireEvent.change(ends, { target: { value: local(hiddenAt) } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(requests.some((request) => request.method === 'PATCH')).toBe(true));
    const sent = JSON.parse(requests.find((request) => request.method === 'PATCH')?.body ?? '{}') as {
      expiresAt: string;
    };
    // To the minute, as the field holds it.
    expect(sent.expiresAt).toBe(new Date(local(hiddenAt)).toISOString());

    // Opened again: the date is there, and "No end date" takes it away.
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await choose('Edit post');
    expect((await screen.findByLabelText<HTMLInputElement>('Hide it after (optional)')).value).toBe(
      local(hiddenAt),
    );
    await userEvent.click(screen.getByRole('button', { name: 'No end date' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(requests.filter((request) => request.method === 'PATCH')).toHaveLength(2));
    expect(
      JSON.parse(requests.filter((request) => request.method === 'PATCH')[1]?.body ?? '{}'),
    ).toMatchObject({
      expiresAt: null,
    });
  });

  it('offers what the server allows: an admin deletes a post they do not own, but does not edit it', async () => {
    signInAs({ id: 'u-1', role: 'admin' });
    stubFetch(() => json(200, postPage([buildPost({ canDelete: true, canReport: true })])));
    renderDiscover();
    await userEvent.click(await screen.findByRole('button', { name: 'Post options' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete post' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Edit post' })).toBeNull();
  });
});
