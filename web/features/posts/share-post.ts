import type { PostView } from '#common/schemas/posts.ts';
import { toast } from '../../lib/toast.ts';

export const PROFILE_LINK_COPIED = 'Profile link copied to clipboard!';

/**
 * The device share sheet when there is one (title from name and handle, text from the description,
 * the current page), else the link goes to the clipboard (spec section 2, Discover). Failures are
 * only logged (spec section 8): a dismissed sheet is not an error.
 */
export async function sharePost({ creator, description }: Pick<PostView, 'creator' | 'description'>) {
  const url = window.location.href;
  try {
    if (typeof navigator.share === 'function') {
      await navigator.share({ title: `${creator.displayName} (@${creator.handle})`, text: description, url });
      return;
    }
    await navigator.clipboard.writeText(url);
    toast.success(PROFILE_LINK_COPIED);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    console.warn('Sharing the post failed', error);
  }
}
