import { QueryCache, QueryClient } from '@tanstack/react-query';
import { trackError } from './analytics.ts';
import { ApiError } from './api-client.ts';

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
    defaultOptions: {
      queries: { staleTime: 60_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
