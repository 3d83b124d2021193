import { api } from '../../../lib/api-client.ts';

/** POST /api/notifications/read: all of the viewer's notifications are read. */
export async function markNotificationsRead(): Promise<void> {
  await api.post('/notifications/read');
}
