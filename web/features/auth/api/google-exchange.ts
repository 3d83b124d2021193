import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { afterFirstStep, type FirstStep } from './two-factor-sign-in.ts';

/**
 * POST /api/auth/google/exchange: trades the one-time code from Google's return for a session (or,
 * with two-step sign-in on, a challenge). Like a password sign-in: an unverified address gets a code.
 */
export function useGoogleExchange() {
  return useMutation({
    mutationFn: async (code: string): Promise<FirstStep> =>
      afterFirstStep(await api.post('/auth/google/exchange', { code })),
  });
}
