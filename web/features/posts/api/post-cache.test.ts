import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { PostList } from '#common/schemas/posts.ts';
import { buildPost, postPage } from '../test/build-post.ts';
import { removeCachedPost, updateCachedPost } from './post-cache.ts';
import type { PostPages } from './post-pages.ts';

describe('cached post lists', () => {
  it('change a post in paged lists and in the single-page queue alike', () => {
    const client = new QueryClient();
    const first = buildPost({ id: 'p-1', description: 'Before' });
    const second = buildPost({ id: 'p-2' });
    client.setQueryData<PostPages>(['posts', 'discover'], {
      pages: [postPage([first, second])],
      pageParams: [null],
    });
    client.setQueryData<PostList>(['posts', 'queue', 'scheduled'], { items: [first], nextCursor: null });

    updateCachedPost(client, 'p-1', (post) => ({ ...post, description: 'After' }));
    expect(client.getQueryData<PostPages>(['posts', 'discover'])?.pages[0]?.items[0]?.description).toBe(
      'After',
    );
    expect(client.getQueryData<PostList>(['posts', 'queue', 'scheduled'])?.items[0]?.description).toBe(
      'After',
    );

    removeCachedPost(client, 'p-1');
    expect(client.getQueryData<PostPages>(['posts', 'discover'])?.pages[0]?.items.map((p) => p.id)).toEqual([
      'p-2',
    ]);
    expect(client.getQueryData<PostList>(['posts', 'queue', 'scheduled'])?.items).toEqual([]);
  });
});
