import { forbidden } from '../errors.ts';
import { isAdmin } from './account.ts';
import type { Viewer } from './creators.ts';

/** The reports queue and its actions (remove content, suspend) are for admins only. */
export function assertCanModerate(viewer: Viewer): void {
  if (!isAdmin(viewer)) throw forbidden('Only admins can moderate reports');
}
