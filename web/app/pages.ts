import type { ComponentType } from 'react';
import { matchRoutes } from 'react-router';
import { routes } from '#common/routes.ts';

/** A page's module: each page is its own chunk, so the first visit downloads the shell and one page. */
interface PageModule {
  Component: ComponentType;
}

export interface Page {
  path: string;
  load: () => Promise<PageModule>;
}

/** Every page, by path; anything else is Not Found. */
export const pages: readonly Page[] = [
  { path: routes.home, load: () => import('./routes/home.tsx') },
  { path: routes.about, load: () => import('./routes/about.tsx') },
  { path: routes.contact, load: () => import('./routes/contact.tsx') },
  { path: routes.pricing, load: () => import('./routes/pricing.tsx') },
  { path: routes.discover, load: () => import('./routes/discover.tsx') },
  { path: routes.creator, load: () => import('./routes/creator.tsx') },
  { path: routes.wallet, load: () => import('./routes/wallet.tsx') },
  { path: routes.walletEarnings, load: () => import('./routes/wallet-earnings.tsx') },
  { path: routes.walletPayouts, load: () => import('./routes/wallet-payouts.tsx') },
  { path: routes.messages, load: () => import('./routes/messages.tsx') },
  { path: routes.massMessages, load: () => import('./routes/mass-messages.tsx') },
  { path: routes.offers, load: () => import('./routes/offers.tsx') },
  { path: routes.settings, load: () => import('./routes/settings.tsx') },
  { path: routes.fontSettings, load: () => import('./routes/font-settings.tsx') },
  { path: routes.publicProfile, load: () => import('./routes/public-profile.tsx') },
  { path: routes.editProfile, load: () => import('./routes/edit-profile.tsx') },
  { path: routes.postContent, load: () => import('./routes/post-content.tsx') },
  { path: routes.postQueue, load: () => import('./routes/post-queue.tsx') },
  { path: routes.vault, load: () => import('./routes/vault.tsx') },
  { path: routes.login, load: () => import('./routes/login.tsx') },
  { path: routes.register, load: () => import('./routes/register.tsx') },
  { path: routes.privateProfile, load: () => import('./routes/private-profile.tsx') },
  { path: routes.emailVerification, load: () => import('./routes/email-verification.tsx') },
  { path: routes.resetPassword, load: () => import('./routes/reset-password.tsx') },
  { path: routes.googleComplete, load: () => import('./routes/google-complete.tsx') },
  { path: routes.terms, load: () => import('./routes/terms.tsx') },
  { path: routes.privacy, load: () => import('./routes/privacy.tsx') },
  { path: routes.creatorAgreement, load: () => import('./routes/creator-agreement.tsx') },
  { path: routes.adminCreators, load: () => import('./routes/admin-creators.tsx') },
  { path: routes.adminReports, load: () => import('./routes/admin-reports.tsx') },
  { path: routes.adminSupport, load: () => import('./routes/admin-support.tsx') },
  { path: routes.adminSupportTicket, load: () => import('./routes/admin-support-ticket.tsx') },
  { path: routes.adminPayouts, load: () => import('./routes/admin-payouts.tsx') },
  { path: routes.adminBlockList, load: () => import('./routes/admin-block-list.tsx') },
  { path: routes.adminTakedowns, load: () => import('./routes/admin-takedowns.tsx') },
  { path: routes.traceLeak, load: () => import('./routes/trace-leak.tsx') },
  { path: routes.post, load: () => import('./routes/post.tsx') },
  { path: routes.bookmarks, load: () => import('./routes/bookmarks.tsx') },
  { path: routes.lists, load: () => import('./routes/lists.tsx') },
  { path: routes.list, load: () => import('./routes/lists.tsx') },
  { path: '*', load: () => import('./routes/not-found.tsx') },
];

type PageState =
  | { status: 'loading'; promise: Promise<void> }
  | { status: 'ready'; Component: ComponentType }
  | { status: 'failed'; error: unknown };

const states = new Map<Page, PageState>();
const matchable: { path: string; page: Page | null }[] = [
  // Not a page of its own: it sends the visitor on to Post Content.
  { path: routes.postContentAlias, page: null },
  ...pages.map((page) => ({ path: page.path, page })),
];

/**
 * Addresses already matched. Matching ranks every route again (React Router compiles each path to
 * a pattern on every call), a few milliseconds on a phone, and a first page asks several times.
 */
const matched = new Map<string, Page | null>();
const MATCHED_KEPT = 200;

/** The page an address shows, ranked as the routes below rank them. */
export function pageFor(pathname: string): Page | null {
  const known = matched.get(pathname);
  if (known !== undefined) return known;
  const page = matchRoutes(matchable, pathname)?.[0]?.route.page ?? null;
  if (matched.size >= MATCHED_KEPT) matched.clear();
  matched.set(pathname, page);
  return page;
}

/** Starts (once) loading a page's code; settles when it has loaded or failed. */
export function loadPage(page: Page): Promise<void> {
  const state = states.get(page);
  if (state) return state.status === 'loading' ? state.promise : Promise.resolve();
  const promise = page.load().then(
    (module) => {
      states.set(page, { status: 'ready', Component: module.Component });
    },
    (error: unknown) => {
      // A failed chunk (a new build replaced it, or the network dropped) may load on a later visit.
      states.set(page, { status: 'failed', error });
    },
  );
  states.set(page, { status: 'loading', promise });
  return promise;
}

function settled(page: Page | null): boolean {
  if (!page) return true;
  const status = states.get(page)?.status;
  return status === 'ready' || status === 'failed';
}

/** Whether the page at `pathname` can be drawn now (its code has loaded, or failed to). */
export function pageReady(pathname: string): boolean {
  return settled(pageFor(pathname));
}

/** A page's state: its component once loaded, its failure, or nothing yet (still loading). */
export function pageState(page: Page): { Component?: ComponentType; error?: unknown; failed: boolean } {
  const state = states.get(page);
  if (state?.status === 'ready') return { Component: state.Component, failed: false };
  if (state?.status === 'failed') return { error: state.error, failed: true };
  return { failed: false };
}
