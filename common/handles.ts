import { routes } from './routes.ts';

/** Handles: 3-30 of a-z, 0-9, '_' and '.', stored lower-cased, unique without regard to case. */
export const handleRules = { minLength: 3, maxLength: 30, pattern: /^[a-z0-9_.]+$/ } as const;

export const handleMessages = {
  required: 'Username is required',
  tooShort: `Handles have at least ${handleRules.minLength} characters`,
  tooLong: `Handles have at most ${handleRules.maxLength} characters`,
  characters: 'Use only letters, numbers, _ and .',
  reserved: 'This handle is reserved',
  taken: 'This handle is already taken',
  available: 'This handle is available',
} as const;

const fromRoutes = Object.values(routes).flatMap((path) =>
  path
    .split('/')
    .filter((segment) => segment !== '' && !segment.startsWith(':'))
    .map((segment) => segment.toLowerCase()),
);

/** Words that would read as the platform speaking, or clash with a page of the app. */
export const reservedHandles: ReadonlySet<string> = new Set([
  ...fromRoutes,
  'admin',
  'administrator',
  'api',
  'app',
  'assets',
  'auth',
  'billing',
  'blog',
  'creators',
  'dashboard',
  'docs',
  'fanplace',
  'help',
  'home',
  'legal',
  'me',
  'moderator',
  'null',
  'official',
  'onboarding',
  'profile',
  'root',
  'security',
  'staff',
  'static',
  'status',
  'support',
  'system',
  'undefined',
  'www',
]);

/** Lower-cases and drops one leading '@' (the edit form shows '@username'). */
export function normalizeHandle(input: string): string {
  return input.trim().replace(/^@/, '').toLowerCase();
}

/** The first rule a normalized handle breaks, or null when it may be used (availability aside). */
export function handleProblem(handle: string): string | null {
  if (handle === '') return handleMessages.required;
  if (handle.length < handleRules.minLength) return handleMessages.tooShort;
  if (handle.length > handleRules.maxLength) return handleMessages.tooLong;
  if (!handleRules.pattern.test(handle)) return handleMessages.characters;
  if (reservedHandles.has(handle)) return handleMessages.reserved;
  return null;
}
