import { forbidden } from '../errors.ts';
import { isAdmin } from './account.ts';
import type { Viewer } from './creators.ts';

/** Anyone may write to support, signed in or not; only admins read, answer and close tickets. */
export function assertCanHandleSupport(viewer: Viewer): void {
  if (!isAdmin(viewer)) throw forbidden('Only admins can handle support requests');
}
