import { type Session, type SessionUser, toSessionUser } from '../../../lib/session.ts';

const field = (body: unknown, key: string): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : undefined;

/** `{ token, user }` from sign-in, verification and Google exchange. */
export function readSession(body: unknown): Session {
  const token = field(body, 'token');
  if (typeof token !== 'string' || token === '') throw new Error('The server answered without a token');
  return { token, user: toSessionUser(field(body, 'user')) };
}

/** `{ user }` from sign-up, profile and profile updates. */
export function readUser(body: unknown): SessionUser {
  return toSessionUser(field(body, 'user'));
}
