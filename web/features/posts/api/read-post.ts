import type { PostView } from '#common/schemas/posts.ts';

/**
 * A post answer checked against the post schema, which loads with the first answer: the card's
 * buttons (vote, pin, edit) must not bring zod to the first paint of every feed
 * (docs/decisions/0032-first-page-javascript.md).
 */
export async function readPost(body: unknown): Promise<PostView> {
  const { postSchema } = await import('#common/schemas/posts.ts');
  return postSchema.parse(body);
}
