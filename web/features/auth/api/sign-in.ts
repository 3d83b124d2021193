import { useMutation } from '@tanstack/react-query';
import type { SigninInput } from '#common/schemas/auth.ts';
import { api } from '../../../lib/api-client.ts';
import { afterFirstStep, type FirstStep } from './two-factor-sign-in.ts';

/**
 * POST /api/auth/signin: `{ token, user }`, or `{ twoFactorRequired, challenge }` when the account
 * has two-step sign-in; 401 for a wrong pair, 429 while locked.
 */
export function useSignIn() {
  return useMutation({
    mutationFn: async (input: SigninInput): Promise<FirstStep> =>
      afterFirstStep(await api.post('/auth/signin', input)),
  });
}
