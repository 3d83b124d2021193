/**
 * An id for a message being sent, so a retry is stored once. `crypto.randomUUID` exists only on
 * secure origins; a self-hosted server reached over plain http on a LAN still needs ids.
 */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
