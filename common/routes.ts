/** The route table of the product (spec section 2), with names the app navigates by. */
export const routes = {
  home: '/',
  about: '/about',
  contact: '/contact',
  pricing: '/pricing',
  discover: '/discover',
  creator: '/creator',
  wallet: '/wallet',
  walletEarnings: '/wallet/earnings',
  walletPayouts: '/wallet/payouts',
  messages: '/message',
  massMessages: '/mass-messages',
  offers: '/offers',
  settings: '/settings',
  fontSettings: '/settings/fonts',
  publicProfile: '/public-profile/:id',
  editProfile: '/edit-profile/:id',
  postContent: '/post-ccontent',
  postContentAlias: '/post-content',
  postQueue: '/post-queue',
  vault: '/vault',
  login: '/login',
  register: '/register',
  privateProfile: '/private-profile',
  emailVerification: '/email-verification',
  resetPassword: '/reset-password',
  googleComplete: '/auth/google/complete',
  terms: '/terms',
  privacy: '/privacy',
  creatorAgreement: '/creator-agreement',
  adminCreators: '/admin/creators',
  adminReports: '/admin/reports',
  adminSupport: '/admin/support',
  adminSupportTicket: '/admin/support/:id',
  adminPayouts: '/admin/payouts',
  adminBlockList: '/admin/block-list',
  adminTakedowns: '/admin/takedowns',
  traceLeak: '/trace-leak',
  post: '/post/:id',
  bookmarks: '/bookmarks',
  lists: '/lists',
  list: '/lists/:id',
} as const;

export type RouteName = keyof typeof routes;

type ParamNames<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Param}`
    ? Param
    : never;

export type RouteParams<Name extends RouteName> = Record<ParamNames<(typeof routes)[Name]>, string>;

/** Builds a concrete path: params are substituted by name into ':name' segments and URL-encoded. */
export function pathTo<Name extends RouteName>(
  name: Name,
  ...args: ParamNames<(typeof routes)[Name]> extends never ? [] : [RouteParams<Name>]
): string {
  const params = (args[0] ?? {}) as Record<string, string>;
  return routes[name].replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing route parameter '${key}' for route '${name}'`);
    return encodeURIComponent(value);
  });
}

const matchers = Object.values(routes).map(
  (pattern) => new RegExp(`^${pattern.replace(/:[A-Za-z_]+/g, '[^/]+')}/?$`),
);

/** Whether a pathname belongs to the route table (anything else renders Not Found). */
export function isKnownPath(pathname: string): boolean {
  return matchers.some((matcher) => matcher.test(pathname));
}
