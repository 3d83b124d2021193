/**
 * How a viewer is named where a creator traces or marks their copy: their creator handle
 * (`@handle`), else their first and last name, else `fallback`. Never the email. Used by the
 * presenters (a trace, a takedown) and by the marks drawn on photos.
 */
export function handleOrName(
  person: { handle: string | null; firstName: string; lastName: string },
  fallback: string,
): string {
  if (person.handle) return `@${person.handle}`;
  return `${person.firstName} ${person.lastName}`.trim() || fallback;
}
