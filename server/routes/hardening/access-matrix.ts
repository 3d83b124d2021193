/**
 * Who may call each route of the app: one entry per `METHOD /url` in the app's route table
 * (`app.routeTable`, filled as routes register in server/app.ts). The authorization matrix test
 * (authorization-matrix.test.ts) calls every route as every actor on objects they do not own and
 * fails on a route without an entry here, so a new route cannot ship before someone decides who
 * may call it.
 *
 * Adding a route: add one line, keyed exactly as the route registers (`:param`, not `{param}`):
 *
 *   'POST /api/things/:id/archive': owner(['fan'], (w) => `/api/things/${w.thingOfFan}/archive`),
 *
 * and, when it needs an object, create that object in `buildWorld` (authorization-matrix.test.ts).
 * Give mutating routes a valid body: validation runs before authentication, so an invalid body
 * would answer 400 to everyone and prove nothing about access.
 */

export const ACTORS = [
  'visitor',
  'unverified',
  'fan',
  'fan2',
  'creator',
  'creator2',
  'admin',
  'suspended',
] as const;
export type Actor = (typeof ACTORS)[number];

/** The objects the test builds, each owned by one actor (see buildWorld). */
export interface World {
  creatorHandle: string;
  creatorId: string;
  creator2Id: string;
  creatorUserId: string;
  fanUserId: string;
  /** Creator's subscribers-only post with a photo, and that photo's media id. */
  lockedPostId: string;
  lockedMediaId: string;
  publicPostId: string;
  /** Creator's identity document (admins only). */
  identityDocumentId: string;
  /** Fan's conversation with creator. */
  conversationId: string;
  /** Creator's pay-per-view message to fan in that conversation. */
  pricedMessageId: string;
  /** Creator's list of fans (mass message audiences). */
  fanListId: string;
  /** Creator's free trial offer: its id and its link's code. */
  offerId: string;
  offerCode: string;
  /** One of fan's sessions. */
  fanSessionId: string;
  /** Fan's support request, and fan's report of creator2's profile. */
  ticketId: string;
  reportId: string;
  /** Fan's own list (not Favourites). */
  listOfFanId: string;
  /** Fan's comment on creator's public post. */
  commentOfFanId: string;
  /** A resumable upload creator started (tus). */
  uploadId: string;
  /** Fan's data export ("Download your data"). */
  dataExportOfFanId: string;
  /** An id no object has. */
  unknownId: string;
}

/**
 * - anyone: every actor is called; no 5xx and no leak (the route's own rules decide the status).
 * - signed-in: visitor and suspended get 401; everyone else is called on GET routes only (the
 *   others act on the caller's own account).
 * - verified: as signed-in, and the unverified account gets 403.
 * - creator: as verified, and fans and admins get 403 or 404 (approved creators only).
 * - admin: visitor and suspended 401; unverified, fans and creators 403.
 * - owner: the object in the path belongs to `owners`; every other signed-in actor gets 403 or
 *   404 (admins too, unless `adminMay`); visitor and suspended 401.
 * - provider: a payment provider's webhook: everybody without its signature is refused (4xx).
 */
export type Who = 'anyone' | 'signed-in' | 'verified' | 'creator' | 'admin' | 'owner' | 'provider';

export interface MatrixEntry {
  who: Who;
  /** The concrete URL (with query string) to call; defaults to the route's URL. */
  url?: (world: World) => string;
  /** A valid JSON body (or a function of the world). */
  body?: object | ((world: World) => object);
  /** Raw request instead of JSON (multipart, tus). */
  raw?: { headers: Record<string, string>; payload?: string | Buffer };
  owners?: Actor[];
  adminMay?: boolean;
  /** An event stream that stays open: only the callers who must be refused are called (for anyone: none). */
  stream?: boolean;
  /** The route only exists when something optional is configured (the built web app). */
  optional?: boolean;
}

const entry = (who: Who, rest: Omit<MatrixEntry, 'who'> = {}): MatrixEntry => ({ who, ...rest });
const anyone = (rest: Omit<MatrixEntry, 'who'> = {}) => entry('anyone', rest);
const signedIn = (rest: Omit<MatrixEntry, 'who'> = {}) => entry('signed-in', rest);
const verified = (rest: Omit<MatrixEntry, 'who'> = {}) => entry('verified', rest);
const creator = (rest: Omit<MatrixEntry, 'who'> = {}) => entry('creator', rest);
const admin = (rest: Omit<MatrixEntry, 'who'> = {}) => entry('admin', rest);
const owner = (
  owners: Actor[],
  url: (world: World) => string,
  rest: Omit<MatrixEntry, 'who' | 'owners' | 'url'> = {},
) => entry('owner', { owners, url, ...rest });

const multipartImage = {
  headers: { 'content-type': 'multipart/form-data; boundary=x' },
  payload:
    '--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nnot really\r\n--x--\r\n',
};
const tus = (extra: Record<string, string> = {}) => ({
  headers: { 'tus-resumable': '1.0.0', ...extra },
});

export const accessMatrix: Record<string, MatrixEntry> = {
  'GET /api/health': anyone(),
  'GET /api/ready': anyone(),
  'GET /api/config': anyone(),
  'GET /api/openapi.json': anyone(),
  'GET /api/docs': anyone(),
  'HEAD /api/docs/': anyone(),
  'GET /api/docs/json': anyone(),
  'GET /api/docs/yaml': anyone(),
  'GET /api/docs/static/index.html': anyone(),
  'GET /api/docs/static/swagger-initializer.js': anyone(),
  'GET /api/docs/static/*': anyone({ url: () => '/api/docs/static/swagger-ui.css' }),
  'GET *': anyone({ url: () => '/discover', optional: true }),

  // Accounts
  'POST /api/auth/signup': anyone({
    body: {
      email: 'matrix-new@example.com',
      password: 'a long enough password',
      firstName: 'M',
      lastName: 'X',
      acceptTerms: true,
    },
  }),
  'POST /api/auth/verify-email': anyone({ body: { email: 'matrix-new@example.com', code: '000000' } }),
  'POST /api/auth/resend-verification': anyone({ body: { email: 'matrix-new@example.com' } }),
  'POST /api/auth/signin': anyone({ body: { email: 'nobody@example.com', password: 'wrong password here' } }),
  'POST /api/auth/forgot-password': anyone({ body: { email: 'nobody@example.com' } }),
  'POST /api/auth/reset-password': anyone({
    body: { token: 'not-a-token', password: 'a long enough password' },
  }),
  'GET /api/auth/google/start': anyone(),
  'GET /api/auth/google/callback': anyone({ url: () => '/api/auth/google/callback?code=x&state=y' }),
  'POST /api/auth/google/exchange': anyone({ body: { code: 'not-a-code' } }),
  'POST /api/auth/logout': signedIn(),
  'POST /api/auth/change-password': signedIn({
    body: { currentPassword: 'wrong password', newPassword: 'another long password' },
  }),
  'GET /api/auth/profile': signedIn(),
  'POST /api/auth/update-profile': signedIn({ body: { firstName: 'Changed' } }),
  'GET /api/auth/sessions': signedIn(),
  'DELETE /api/auth/sessions/:id': owner(['fan'], (w) => `/api/auth/sessions/${w.fanSessionId}`),

  // Two-step sign-in and passkeys
  'POST /api/auth/signin/two-factor': anyone({ body: { challenge: 'not-a-challenge', code: '000000' } }),
  'GET /api/me/two-factor': signedIn(),
  'POST /api/me/two-factor/setup': signedIn(),
  'POST /api/me/two-factor/enable': signedIn({ body: { code: '000000' } }),
  'POST /api/me/two-factor/confirm': signedIn({ body: { code: '000000' } }),
  'DELETE /api/me/two-factor': signedIn(),
  'POST /api/auth/passkey/options': anyone(),
  'POST /api/auth/passkey': anyone({ body: { response: { id: 'not-a-key', type: 'public-key' } } }),
  'GET /api/me/passkeys': signedIn(),
  'POST /api/me/passkeys/options': signedIn(),
  'POST /api/me/passkeys': signedIn({
    body: { name: 'Laptop', response: { id: 'not-a-key', type: 'public-key' } },
  }),
  'PATCH /api/me/passkeys/:id': owner(['fan'], (w) => `/api/me/passkeys/${w.unknownId}`, {
    body: { name: 'Renamed' },
  }),
  'DELETE /api/me/passkeys/:id': owner(['fan'], (w) => `/api/me/passkeys/${w.unknownId}`),

  // Creators
  'GET /api/creators': anyone(),
  'GET /api/creators/handle-availability': anyone({
    url: () => '/api/creators/handle-availability?handle=some_handle',
  }),
  'GET /api/creators/me': signedIn(),
  'PATCH /api/creators/me': creator({
    body: { displayName: 'Changed', username: '@changed_handle', bio: 'x' },
  }),
  'GET /api/creators/me/message-settings': creator(),
  'GET /api/creators/me/blocked-countries': creator(),
  'PUT /api/creators/me/blocked-countries': creator({ body: { countries: ['FR'] } }),
  'PUT /api/creators/me/message-settings': creator({ body: { subscribersOnly: true } }),
  'GET /api/creators/me/watermark': creator(),
  'PUT /api/creators/me/watermark': creator({ body: { watermark: 'page', viewerHandle: true } }),
  'GET /api/creators/:handle': anyone({ url: (w) => `/api/creators/${w.creatorHandle}` }),
  'POST /api/creators/:handle/follow': verified({ url: (w) => `/api/creators/${w.creatorHandle}/follow` }),
  'DELETE /api/creators/:handle/follow': signedIn({ url: (w) => `/api/creators/${w.creatorHandle}/follow` }),
  'GET /api/creators/:handle/posts': anyone({ url: (w) => `/api/creators/${w.creatorHandle}/posts` }),
  'GET /api/creators/:handle/subscription': anyone({
    url: (w) => `/api/creators/${w.creatorHandle}/subscription`,
  }),
  // Paying a creator needs a verified email (the 'creator:pay' row of server/policies/actions.ts).
  'POST /api/creators/:handle/subscribe': verified({
    url: (w) => `/api/creators/${w.creatorHandle}/subscribe`,
    body: { plan: 'monthly' },
  }),
  'POST /api/creators/:handle/tips': verified({
    url: (w) => `/api/creators/${w.creatorHandle}/tips`,
    body: { amount: 500, idempotencyKey: 'matrix-tip-key' },
  }),
  'GET /api/creators/onboarding': verified(),
  'PUT /api/creators/onboarding': verified({ body: { step: 'country', draft: { country: 'Kenya' } } }),
  'POST /api/creators/onboarding/complete': verified(),
  'GET /api/creators/me/subscribers': creator(),
  'PUT /api/creators/me/price': creator({ body: { monthlyPrice: '12.99' } }),
  'POST /api/creators/me/subscribers/:id/unsubscribe': creator({
    url: (w) => `/api/creators/me/subscribers/${w.unknownId}/unsubscribe`,
  }),
  'GET /api/admin/creators': admin(),
  'POST /api/admin/creators/:id/approve': admin({
    url: (w) => `/api/admin/creators/${w.creator2Id}/approve`,
  }),
  'POST /api/admin/creators/:id/reject': admin({
    url: (w) => `/api/admin/creators/${w.creator2Id}/reject`,
    body: { reason: 'The document is unreadable' },
  }),

  // Posts and feeds
  'POST /api/posts': creator({
    body: { description: 'x', visibility: 'public', youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' },
  }),
  'GET /api/posts/:id': anyone({ url: (w) => `/api/posts/${w.lockedPostId}` }),
  'PATCH /api/posts/:id': owner(['creator'], (w) => `/api/posts/${w.lockedPostId}`, {
    body: { description: 'taken over' },
  }),
  'DELETE /api/posts/:id': owner(['creator'], (w) => `/api/posts/${w.publicPostId}`, { adminMay: true }),
  'GET /api/creators/me/queue': creator(),
  'POST /api/posts/:id/poll/vote': verified({
    url: (w) => `/api/posts/${w.publicPostId}/poll/vote`,
    body: { option: 0 },
  }),

  // The vault (a creator's uploads for posts)
  'GET /api/vault': creator(),
  'GET /api/vault/folders': creator(),
  'POST /api/vault/folders': creator({ body: { name: 'Matrix folder' } }),
  'PATCH /api/vault/folders/:id': owner(['creator'], (w) => `/api/vault/folders/${w.unknownId}`, {
    body: { name: 'Renamed' },
  }),
  'DELETE /api/vault/folders/:id': owner(['creator'], (w) => `/api/vault/folders/${w.unknownId}`),
  'PUT /api/vault/items/:id/folder': owner(['creator'], (w) => `/api/vault/items/${w.lockedMediaId}/folder`, {
    body: { folderId: null },
  }),
  'DELETE /api/vault/items/:id': owner(['creator'], (w) => `/api/vault/items/${w.lockedMediaId}`),
  'PUT /api/posts/:id/pin': owner(['creator'], (w) => `/api/posts/${w.publicPostId}/pin`),
  'DELETE /api/posts/:id/pin': owner(['creator'], (w) => `/api/posts/${w.publicPostId}/pin`),
  'POST /api/posts/:id/like': verified({ url: (w) => `/api/posts/${w.publicPostId}/like` }),
  'DELETE /api/posts/:id/like': signedIn({ url: (w) => `/api/posts/${w.publicPostId}/like` }),
  // Tracing a leaked copy: creators among their own photos, admins among all (fans get 403, in
  // server/routes/media/leaks.test.ts).
  'POST /api/leaks/trace': signedIn({ raw: multipartImage }),
  // Takedowns: a creator's own (another's answers 404, in server/routes/media/leaks.test.ts).
  'POST /api/takedowns': signedIn({
    body: (w) => ({ mediaId: w.lockedMediaId, foundUrl: 'https://copies.example.com/a' }),
  }),
  'GET /api/takedowns': signedIn(),
  'PUT /api/takedowns/:id/status': signedIn({
    url: (w) => `/api/takedowns/${w.unknownId}/status`,
    body: { status: 'sent' },
  }),
  'GET /api/admin/takedowns': admin(),
  'POST /api/admin/takedowns/:id/suspend': admin({
    url: (w) => `/api/admin/takedowns/${w.unknownId}/suspend`,
  }),
  // One-tap payments: the caller's own saved card.
  'GET /api/me/saved-card': signedIn(),
  'DELETE /api/me/saved-card': signedIn(),
  'POST /api/posts/:id/unlock': verified({ url: (w) => `/api/posts/${w.lockedPostId}/unlock`, body: {} }),
  // Only the message's recipient may pay for it; its sender is refused (403), anyone else finds nothing.
  'POST /api/messages/:id/unlock': owner(['fan'], (w) => `/api/messages/${w.pricedMessageId}/unlock`),
  'GET /api/discover': anyone(),

  // Bookmarks
  'PUT /api/posts/:id/bookmark': signedIn({ url: (w) => `/api/posts/${w.lockedPostId}/bookmark` }),
  'DELETE /api/posts/:id/bookmark': signedIn({ url: (w) => `/api/posts/${w.lockedPostId}/bookmark` }),
  'GET /api/me/bookmarks': signedIn(),

  // Lists
  'GET /api/lists': signedIn(),
  'POST /api/lists': signedIn({ body: { name: 'Matrix list' } }),
  'PATCH /api/lists/:id': owner(['fan'], (w) => `/api/lists/${w.listOfFanId}`, {
    body: { name: 'Taken over' },
  }),
  'DELETE /api/lists/:id': owner(['fan'], (w) => `/api/lists/${w.listOfFanId}`),
  'GET /api/lists/:id/creators': owner(['fan'], (w) => `/api/lists/${w.listOfFanId}/creators`),
  'PUT /api/lists/:id/creators/:creatorId': owner(
    ['fan'],
    (w) => `/api/lists/${w.listOfFanId}/creators/${w.creator2Id}`,
  ),
  'DELETE /api/lists/:id/creators/:creatorId': owner(
    ['fan'],
    (w) => `/api/lists/${w.listOfFanId}/creators/${w.creatorId}`,
  ),
  'GET /api/lists/:id/posts': owner(['fan'], (w) => `/api/lists/${w.listOfFanId}/posts`),
  'GET /api/creators/:handle/lists': signedIn({ url: (w) => `/api/creators/${w.creatorHandle}/lists` }),

  // Comments
  'GET /api/posts/:id/comments': anyone({ url: (w) => `/api/posts/${w.lockedPostId}/comments` }),
  'POST /api/posts/:id/comments': verified({
    url: (w) => `/api/posts/${w.publicPostId}/comments`,
    body: { text: 'A comment' },
  }),
  'PUT /api/posts/:id/comments/settings': owner(
    ['creator'],
    (w) => `/api/posts/${w.publicPostId}/comments/settings`,
    {
      body: { enabled: true },
    },
  ),
  'GET /api/comments/live': anyone({
    stream: true,
    url: (w) => `/api/comments/live?posts=${w.lockedPostId}`,
  }),
  'GET /api/comments/:id/replies': anyone({ url: (w) => `/api/comments/${w.commentOfFanId}/replies` }),
  'DELETE /api/comments/:id': owner(['fan', 'creator'], (w) => `/api/comments/${w.commentOfFanId}`, {
    adminMay: true,
  }),
  'POST /api/comments/:id/like': verified({ url: (w) => `/api/comments/${w.commentOfFanId}/like` }),
  'DELETE /api/comments/:id/like': signedIn({ url: (w) => `/api/comments/${w.commentOfFanId}/like` }),

  'GET /api/feed': signedIn(),
  'GET /api/me/liked': signedIn(),
  'GET /api/search': anyone({ url: () => '/api/search?q=maker' }),

  // Messages
  'GET /api/conversations': signedIn(),
  'POST /api/conversations': verified({ body: (w) => ({ userId: w.creatorUserId }) }),
  'GET /api/conversations/:id': owner(['fan', 'creator'], (w) => `/api/conversations/${w.conversationId}`),
  'GET /api/conversations/:id/messages': owner(
    ['fan', 'creator'],
    (w) => `/api/conversations/${w.conversationId}/messages`,
  ),
  'POST /api/conversations/:id/messages': owner(
    ['fan', 'creator'],
    (w) => `/api/conversations/${w.conversationId}/messages`,
    {
      body: { text: 'intruding' },
    },
  ),
  'POST /api/conversations/:id/read': owner(
    ['fan', 'creator'],
    (w) => `/api/conversations/${w.conversationId}/read`,
  ),

  // Safety and your data
  'GET /api/me/blocks': signedIn(),
  'POST /api/me/blocks': signedIn({ body: (w) => ({ userId: w.fanUserId }) }),
  'DELETE /api/me/blocks/:userId': signedIn({ url: (w) => `/api/me/blocks/${w.fanUserId}` }),
  'POST /api/me/blocks/:userId/remove': signedIn({ url: (w) => `/api/me/blocks/${w.fanUserId}/remove` }),
  'POST /api/reports': verified({
    body: (w) => ({ targetType: 'post', targetId: w.publicPostId, reason: 'spam' }),
  }),
  'GET /api/admin/reports': admin(),
  'POST /api/admin/reports/:id/resolve': admin({
    url: (w) => `/api/admin/reports/${w.reportId}/resolve`,
    body: { resolution: 'dismissed', removeContent: true, suspendAccount: true },
  }),
  'GET /api/admin/block-list': admin(),
  'POST /api/admin/block-list': admin({ body: { hash: 'ab'.repeat(32), note: 'from the matrix' } }),
  'DELETE /api/admin/block-list/:id': admin({ url: (w) => `/api/admin/block-list/${w.unknownId}` }),
  'GET /api/admin/block-list/refusals': admin(),
  'POST /api/admin/media/:id/takedown': admin({
    url: (w) => `/api/admin/media/${w.unknownId}/takedown`,
    body: { note: 'from the matrix' },
  }),
  'GET /api/me/export': signedIn(),
  'POST /api/me/export': signedIn(),
  'GET /api/me/exports/:id/download': owner(
    ['fan'],
    (w) => `/api/me/exports/${w.dataExportOfFanId}/download`,
  ),
  'POST /api/me/delete': signedIn({ body: { password: 'wrong password' } }),
  'POST /api/support': anyone({
    body: {
      name: 'M',
      email: 'matrix@example.com',
      category: 'other',
      subject: 'Hello',
      message: 'A question from the matrix',
    },
  }),
  'GET /api/admin/support': admin(),
  'GET /api/admin/support/:id': admin({ url: (w) => `/api/admin/support/${w.ticketId}` }),
  'POST /api/admin/support/:id/reply': admin({
    url: (w) => `/api/admin/support/${w.ticketId}/reply`,
    body: { message: 'Hi' },
  }),
  'POST /api/admin/support/:id/close': admin({ url: (w) => `/api/admin/support/${w.ticketId}/close` }),
  'GET /api/me/email': signedIn(),
  'POST /api/me/email': signedIn({
    body: { newEmail: 'taken-over@example.com', currentPassword: 'wrong password' },
  }),
  'POST /api/me/email/confirm': signedIn({ body: { code: '000000' } }),

  // Real time
  'GET /api/events': signedIn({ stream: true }),
  'GET /api/notifications': signedIn(),
  'POST /api/notifications/read': signedIn({ body: {} }),
  'GET /api/me/notification-settings': signedIn(),
  'PUT /api/me/notification-settings': signedIn({ body: { kind: 'comment', email: true } }),
  'GET /api/me/push': signedIn(),
  // A push service the server does not send to: refused for everyone who may call it.
  'POST /api/me/push/subscriptions': signedIn({
    body: {
      endpoint: 'https://push.example.com/device',
      keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
    },
  }),
  'POST /api/me/push/unsubscribe': signedIn({ body: { id: '00000000-0000-4000-8000-000000000000' } }),
  'PUT /api/me/push/settings': signedIn({ body: { hidePreviews: true } }),

  // Media
  'POST /api/media/upload/profile': signedIn({ raw: multipartImage }),
  'POST /api/media/upload/property': signedIn({ raw: multipartImage }),
  'POST /api/media/upload/banner': signedIn({ raw: multipartImage }),
  'POST /api/media/upload/identity-document': signedIn({ raw: multipartImage }),
  'GET /api/media/:id': anyone({ url: (w) => `/api/media/${w.lockedMediaId}` }),
  'DELETE /api/media/delete': owner(['creator'], () => '/api/media/delete', {
    body: (w) => ({ url: `/api/media/${w.lockedMediaId}/preview` }),
  }),
  'GET /api/media/:id/:variant': anyone({ url: (w) => `/api/media/${w.identityDocumentId}/document` }),
  // An HLS segment: under its rendition's rule (a signed link for locked media).
  'GET /api/media/:id/:variant/:file': anyone({
    url: (w) => `/api/media/${w.lockedMediaId}/hls-360p/seg-00000.m4s`,
  }),
  'POST /api/uploads': signedIn({
    raw: tus({ 'upload-length': '1000', 'upload-metadata': 'filetype aW1hZ2UvanBlZw==' }),
  }),
  // tus acts on an upload named in the path: without one there is nothing to act on (404).
  'PATCH /api/uploads': anyone({ raw: tus() }),
  'DELETE /api/uploads': anyone({ raw: tus() }),
  'OPTIONS /api/uploads': anyone({ raw: tus() }),
  'HEAD /api/uploads': anyone({ raw: tus() }),
  'HEAD /api/uploads/:id': owner(['creator'], (w) => `/api/uploads/${w.uploadId}`, { raw: tus() }),
  // tus creation under an upload's path starts a new upload of the caller's own.
  'POST /api/uploads/:id': signedIn({
    url: (w) => `/api/uploads/${w.uploadId}`,
    raw: tus({ 'upload-length': '1000', 'upload-metadata': 'filetype aW1hZ2UvanBlZw==' }),
  }),
  'PATCH /api/uploads/:id': owner(['creator'], (w) => `/api/uploads/${w.uploadId}`, {
    raw: tus({ 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
  }),
  'DELETE /api/uploads/:id': owner(['creator'], (w) => `/api/uploads/${w.uploadId}`, { raw: tus() }),
  'OPTIONS /api/uploads/:id': anyone({ url: (w) => `/api/uploads/${w.uploadId}`, raw: tus() }),

  // Money
  'GET /api/subscriptions/plans': anyone(),
  'POST /api/subscriptions/initialize-payment': verified({
    body: { planId: 'professional', billingPeriod: 'monthly' },
  }),
  'POST /api/subscriptions/verify-payment': signedIn({ body: { reference: 'not-a-reference' } }),
  'GET /api/subscriptions/current': signedIn(),
  'POST /api/subscriptions/cancel': signedIn(),
  'POST /api/subscriptions/change-plan': signedIn({
    body: { planId: 'professional', billingPeriod: 'monthly' },
  }),
  'POST /api/fan-payments/verify': signedIn({ body: { reference: 'not-a-reference' } }),
  'GET /api/me/subscriptions': signedIn(),
  'POST /api/me/subscriptions/:id/cancel': owner(
    ['fan'],
    (w) => `/api/me/subscriptions/${w.unknownId}/cancel`,
  ),
  'GET /api/wallet': creator(),
  'GET /api/wallet/history': creator(),
  'GET /api/wallet/earnings': creator(),
  'POST /api/wallet/payouts': creator(),
  // Payouts: the creator's own account, schedule and history; settling them is the admins'.
  'GET /api/payouts/settings': creator(),
  'PUT /api/payouts/settings': creator({ body: { schedule: 'weekly', weekday: 2 } }),
  'GET /api/payouts/banks': creator({ url: () => '/api/payouts/banks?country=NG' }),
  'POST /api/payouts/account/resolve': creator({
    body: { country: 'NG', bankCode: '058', accountNumber: '0123456789' },
  }),
  'PUT /api/payouts/account': creator({
    body: { country: 'NG', bankCode: '058', accountNumber: '0123456789', currentPassword: 'not-it' },
  }),
  'POST /api/payouts/quote': creator({ body: { amountCents: 2000 } }),
  'GET /api/payouts': creator(),
  'GET /api/admin/payouts': admin(),
  'POST /api/admin/payouts/:id/paid': admin({
    url: (w) => `/api/admin/payouts/${w.unknownId}/paid`,
    body: {},
  }),
  'POST /api/admin/payouts/:id/otp': admin({
    url: (w) => `/api/admin/payouts/${w.unknownId}/otp`,
    body: { otp: '123456' },
  }),
  'POST /api/admin/payouts/:id/verify': admin({ url: (w) => `/api/admin/payouts/${w.unknownId}/verify` }),
  'GET /api/admin/exchange-rates': admin(),
  'PUT /api/admin/exchange-rates/:currency': admin({
    url: () => '/api/admin/exchange-rates/NGN',
    body: { rate: '1550.25' },
  }),
  'GET /api/admin/payouts/reconcile': admin(),
  'POST /api/admin/payouts/reconcile': admin(),
  'GET /api/me/transactions': signedIn(),
  'GET /api/me/transactions/:id': owner(['fan'], (w) => `/api/me/transactions/${w.unknownId}`),
  'DELETE /api/me/transactions/:id': owner(['fan'], (w) => `/api/me/transactions/${w.unknownId}`),
  'GET /api/me/purchases': signedIn(),
  'GET /api/me/purchased-messages': signedIn(),
  // Free trials and promotions: the creator's own; a link's offer is anyone's to look at.
  'GET /api/creators/me/offers': creator(),
  'POST /api/creators/me/offers': creator({ body: { kind: 'trial', trialDays: 7 } }),
  'POST /api/creators/me/offers/:id/stop': owner(
    ['creator'],
    (w) => `/api/creators/me/offers/${w.offerId}/stop`,
  ),
  'GET /api/creators/:handle/offers/:code': anyone({
    url: (w) => `/api/creators/${w.creatorHandle}/offers/${w.offerCode}`,
  }),
  'POST /api/creators/:handle/offers/:code/claim': verified({
    url: (w) => `/api/creators/${w.creatorHandle}/offers/${w.offerCode}/claim`,
    body: { renew: false },
  }),
  // Mass messages and lists of fans: approved creators only, each their own.
  'GET /api/mass-messages': creator(),
  'GET /api/mass-messages/audiences': creator(),
  'POST /api/mass-messages': creator({ body: { audience: 'followers', text: 'Hello, everyone' } }),
  'GET /api/mass-messages/:id': creator({ url: (w) => `/api/mass-messages/${w.unknownId}` }),
  'GET /api/fan-lists': creator(),
  'POST /api/fan-lists': creator({ body: { name: 'Matrix list' } }),
  'DELETE /api/fan-lists/:id': owner(['creator'], (w) => `/api/fan-lists/${w.fanListId}`),
  'PUT /api/fan-lists/:id/members/:userId': owner(
    ['creator'],
    (w) => `/api/fan-lists/${w.fanListId}/members/${w.fanUserId}`,
  ),
  'DELETE /api/fan-lists/:id/members/:userId': owner(
    ['creator'],
    (w) => `/api/fan-lists/${w.fanListId}/members/${w.fanUserId}`,
  ),
  // Paystack's transfer approval question (unsigned): yes only for a transfer we initiated.
  'POST /api/payments/transfer-approval': entry('provider', {
    body: { reference: 'forged', amount: 100000, currency: 'NGN', recipient: { recipient_code: 'RCP_x' } },
  }),
  'POST /api/payments/webhook/:provider': entry('provider', {
    url: () => '/api/payments/webhook/paystack',
    body: { event: 'charge.success', data: { reference: 'forged' } },
  }),
  'GET /api/payments/sandbox/checkout/:reference': anyone({
    url: () => '/api/payments/sandbox/checkout/not-a-reference',
  }),
  'POST /api/payments/sandbox/checkout/:reference/:action': anyone({
    url: () => '/api/payments/sandbox/checkout/not-a-reference/pay',
    body: {},
  }),
};
