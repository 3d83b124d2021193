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
