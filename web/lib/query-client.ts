import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { trackError } from './analytics.ts';
import { ApiError } from './api-client.ts';
import { OFFLINE_MESSAGE, onReconnect } from './online.ts';
import { toast } from './toast.ts';

const MAX_RETRIES = 2;

/** A 4xx will not get better by asking again; network trouble and 5xx might. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        // A missing endpoint (404) is an expected state while features are rolled out, not an incident.
        if (error instanceof ApiError && error.status === 404) return;
        trackError(error.message, error instanceof ApiError ? error.code : 'unknown');
      },
    }),
    // Offline, a form says so, even one that does not show its own errors (one toast for all).
    mutationCache: new MutationCache({
      onError: (error) => {
        if (error instanceof ApiError && error.message === OFFLINE_MESSAGE) toast.error(OFFLINE_MESSAGE);
      },
    }),
    defaultOptions: {
      // Offline, a query still asks once: the service worker may answer with the last page it kept
      // (web/sw/). Changes are sent at once, and fail offline instead of waiting unseen.
      queries: {
        staleTime: 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();

// Back online, what is on screen may be the worker's copy from before: every page asks again.
onReconnect(() => void queryClient.invalidateQueries());
