import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAppNavigate } from '../../hooks/use-app-navigate.ts';
import { trackButtonClick } from '../../lib/analytics.ts';
import { signOut } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';

/**
 * Signs out on this device: the stored token and user go, cached account data goes, and the user
 * lands on the home page. (Revoking the token on the server arrives with the accounts feature.)
 */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const { go } = useAppNavigate();
  return useCallback(() => {
    trackButtonClick('logout');
    signOut();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'public-config' });
    toast.success('Logged out successfully');
    go('home');
  }, [go, queryClient]);
}
