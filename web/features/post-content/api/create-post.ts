import { type CreatePostInput, type PostView, postSchema } from '#common/schemas/posts.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/posts: publishes a post with an uploaded file (`mediaId`) or a YouTube link. */
export async function createPost(input: CreatePostInput): Promise<PostView> {
  return postSchema.parse(await api.post('/posts', input));
}
