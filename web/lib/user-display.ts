import type { SessionUser } from './session.ts';

type NameParts = Pick<SessionUser, 'firstName' | 'lastName' | 'email'>;

const firstLetter = (value: string | null | undefined): string => value?.trim().charAt(0).toUpperCase() ?? '';

/** Avatar initials: first and last name initials, else the email's first letter, else '?'. */
export function initialsOf({ firstName, lastName, email }: NameParts): string {
  const fromName = `${firstLetter(firstName)}${firstLetter(lastName)}`;
  if (fromName) return fromName;
  return firstLetter(email) || '?';
}

/** What to call the user in the interface: their full name, else their email. */
export function displayNameOf({ firstName, lastName, email }: NameParts): string {
  const name = [firstName, lastName].filter((part) => part?.trim()).join(' ');
  return name || email;
}

/** Another person as lists show them: their name, and their @handle when they have a creator page. */
export function personLabel({ name, handle }: { name: string; handle: string | null }): string {
  return handle ? `${name} (@${handle})` : name;
}
