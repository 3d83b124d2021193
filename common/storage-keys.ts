/** Browser storage keys named by the spec (section 3). */
export const storageKeys = {
  token: 'token',
  user: 'user',
  pendingEmail: 'email',
  theme: 'ui-theme',
  fonts: 'font-preferences',
  sseId: 'sse_id',
} as const;

/**
 * The cookie that carries the stored session's token beside local storage, for one reader only:
 * the server's page renderer, which renders a signed-in viewer's own first paint with it
 * (server/plugins/page-renderer.ts). The API never reads it: a call is signed in by its bearer token.
 */
export const sessionCookie = 'fp_session';
