/**
 * The app path a notification opens: a path of this site only. Anything else (another site's
 * address, a protocol-relative `//host`, a `/\host` that browsers read as one) opens the home page.
 */
export function appPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return '/';
  if (value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}
