import { routes } from '#common/routes.ts';

/**
 * Where to go after signing in, from a `?next=` parameter: only a path on this site (never
 * `//evil.example` or `https://...`, which would make the sign-in page an open redirect), and never
 * back to an account page.
 */
export function safeNextPath(raw: string | null | undefined): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return routes.home;
  const pathname = raw.split(/[?#]/)[0] ?? '';
  const accountPages: string[] = [
    routes.login,
    routes.register,
    routes.emailVerification,
    routes.googleComplete,
  ];
  if (accountPages.includes(pathname)) return routes.home;
  return raw;
}

/** `/login?next=/current/page`, to come back after signing in. */
export function loginPathFrom(current: string): string {
  const next = safeNextPath(current);
  return next === routes.home ? routes.login : `${routes.login}?${new URLSearchParams({ next })}`;
}
