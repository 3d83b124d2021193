import type { SessionView } from '#common/schemas/auth.ts';
import type { BlockedUser } from '#common/schemas/safety.ts';
import { json, type RecordedRequest, stubFetch } from '../../../test/fetch-stub.ts';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** Routes a stubbed fetch by 'METHOD /api/path' (the query is ignored); anything unknown is a 404. */
export function stubSettingsApi(handlers: Record<string, Handler>): RecordedRequest[] {
  return stubFetch((request) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    const handler = handlers[`${request.method} ${path}`];
    return handler ? handler(request) : json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
}

export function buildSession(overrides: Partial<SessionView> = {}): SessionView {
  return {
    id: 's-1',
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    ipAddress: '127.0.0.1',
    place: null,
    createdAt: '2026-01-02T10:00:00.000Z',
    lastUsedAt: new Date().toISOString(),
    current: true,
    ...overrides,
  };
}

export function buildBlockedUser(overrides: Partial<BlockedUser> = {}): BlockedUser {
  return {
    id: '0195f1a0-0000-7000-8000-000000000001',
    name: 'Mallory Stone',
    handle: null,
    status: 'Blocked',
    blockedDate: '2026-02-10T09:00:00.000Z',
    ...overrides,
  };
}

export const page = <T>(items: T[], nextCursor: string | null = null) => json(200, { items, nextCursor });
