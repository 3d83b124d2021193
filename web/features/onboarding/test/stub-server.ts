import type { OnboardingState } from '#common/schemas/creators.ts';
import { setSession } from '../../../lib/session.ts';
import { json, type RecordedRequest, stubFetch } from '../../../test/fetch-stub.ts';
import { buildUser } from './factories.ts';

export const pathOf = (request: RecordedRequest) => new URL(request.url, 'http://localhost').pathname;

/** The bodies of the onboarding saves, in the order they were sent. */
export const saves = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'PUT').map((request) => JSON.parse(request.body ?? '{}'));

/**
 * A stand-in for the onboarding endpoints: GET answers `state` (or the next of `states`), PUT echoes
 * what it saved, completion answers `complete()`, and every handle is available.
 */
export function stubServer(states: OnboardingState | OnboardingState[], complete = () => json(500, {})) {
  const answers = Array.isArray(states) ? [...states] : [states];
  return stubFetch((request) => {
    const path = pathOf(request);
    if (path === '/api/creators/onboarding' && request.method === 'GET') {
      const state = answers.length > 1 ? answers.shift() : answers[0];
      return json(200, state);
    }
    if (path === '/api/creators/onboarding' && request.method === 'PUT') {
      return json(200, { ...answers[0], ...JSON.parse(request.body ?? '{}') });
    }
    if (path === '/api/creators/onboarding/complete') return complete();
    if (path === '/api/creators/handle-availability') {
      return json(200, { handle: 'x', available: true, message: 'This handle is available' });
    }
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
}

export function signIn(verified = true) {
  setSession({ token: 'token-1', user: buildUser({ isEmailVerified: verified }) });
}
