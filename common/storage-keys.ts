/** Browser storage keys named by the spec (section 3). */
export const storageKeys = {
  token: 'token',
  user: 'user',
  pendingEmail: 'email',
  theme: 'ui-theme',
  fonts: 'font-preferences',
  sseId: 'sse_id',
} as const;
