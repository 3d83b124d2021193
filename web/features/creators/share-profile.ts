import { toast } from '../../lib/toast.ts';

export const PROFILE_LINK_COPIED = 'Profile link copied to clipboard!';

interface Shareable {
  displayName: string;
  handle: string;
  bio: string;
}

/**
 * The device share sheet when there is one, else the link goes to the clipboard (spec section 2,
 * Discover). Failures are only logged (spec section 8): a dismissed sheet is not an error.
 * `path` names the page to share when it is not the current one (the private profile shares the
 * public page).
 */
export async function shareProfile({ displayName, handle, bio }: Shareable, path?: string): Promise<void> {
  const url = path ? new URL(path, window.location.origin).href : window.location.href;
  try {
    if (typeof navigator.share === 'function') {
      await navigator.share({ title: `${displayName} (@${handle})`, text: bio, url });
      return;
    }
    await navigator.clipboard.writeText(url);
    toast.success(PROFILE_LINK_COPIED);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    console.warn('Sharing the profile failed', error);
  }
}
