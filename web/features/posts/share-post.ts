import { pathTo } from '#common/routes.ts';
import type { PostView } from '#common/schemas/posts.ts';
import { toast } from '../../lib/toast.ts';

export const POST_LINK_COPIED = 'Post link copied to clipboard!';

/**
 * The device share sheet when there is one (title from name and handle, text from the description,
 * the post's own page), else the post's link goes to the clipboard (spec section 2, Discover).
 * Failures are only logged (spec section 8): a dismissed sheet is not an error.
 */
export async function sharePost({
  id,
  creator,
  description,
}: Pick<PostView, 'id' | 'creator' | 'description'>) {
  const url = new URL(pathTo('post', { id }), window.location.origin).href;
  try {
    if (typeof navigator.share === 'function') {
      await navigator.share({ title: `${creator.displayName} (@${creator.handle})`, text: description, url });
      return;
    }
    await navigator.clipboard.writeText(url);
    toast.success(POST_LINK_COPIED);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    console.warn('Sharing the post failed', error);
  }
}
