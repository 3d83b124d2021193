import { forbidden } from '../errors.ts';
import type { UserRecord } from '../repositories/users.repository.ts';
import { isAdmin } from './account.ts';

/**
 * The one admin rule. Every `/api/admin/...` route sits behind the `app.requireAdmin` preHandler
 * (server/plugins/auth.ts), which calls this; the services of those routes call it too, so the rule
 * holds however they are reached. `task` completes "Only admins can …".
 */
export function assertAdmin(viewer: Pick<UserRecord, 'role'> | null, task = 'do this'): void {
  if (viewer === null || !isAdmin(viewer)) throw forbidden(`Only admins can ${task}`);
}
