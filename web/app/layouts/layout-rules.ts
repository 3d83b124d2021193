import { limits } from '#common/limits.ts';
import { routes } from '#common/routes.ts';

/** Sign-in and sign-up pages show the logo alone in the top bar (spec section 2, Layout). */
export function isAuthPath(pathname: string): boolean {
  return pathname.startsWith(routes.login) || pathname.startsWith(routes.register);
}

/** The phone bottom bar stays off the messages, sign-up and sign-in screens. */
export function isBottomBarHidden(pathname: string): boolean {
  return [routes.messages, routes.register, routes.login].some((path) => pathname.includes(path));
}

/** 'More Creators' gives its room to the conversation panes on the messages screen. */
export function isRightPanelHidden(pathname: string): boolean {
  return pathname.includes(routes.messages);
}

/**
 * Whether the screen is a phone's, below the bottom bar's breakpoint; false off a browser. Read
 * once as the page is adopted: the search field a phone does not show (the top bar's) waits for a
 * task of its own, and on a wider screen the bottom bar's does.
 */
export function isPhoneScreen(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(`(max-width: ${limits.mobileBreakpointPx - 1}px)`).matches
  );
}
