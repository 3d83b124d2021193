import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { SessionRefresh } from '../features/auth/components/session-refresh.tsx';
import { usePageIdle } from '../hooks/use-page-idle.ts';
import { configureAnalytics, identify } from '../lib/analytics.ts';
import { usePublicConfig } from '../lib/public-config.ts';
import { queryClient } from '../lib/query-client.ts';
import { useSession } from '../lib/session.ts';
import { useTheme } from '../lib/theme.ts';
import { onToasterReady, onToasterWanted } from '../lib/toast.ts';

const Toaster = lazy(() =>
  import('../components/ui/toaster.tsx').then((module) => ({ default: module.Toaster })),
);

/** Turns analytics on or off once the server's public config is known, and names the signed-in user. */
function AnalyticsSetup() {
  const config = usePublicConfig();
  const userId = useSession()?.user.id;

  useEffect(() => {
    if (config.data) configureAnalytics(config.data.gaMeasurementId);
    else if (config.isError) configureAnalytics(null);
  }, [config.data, config.isError]);

  useEffect(() => {
    if (userId) identify(userId);
  }, [userId]);

  return null;
}

/**
 * Parts that draw nothing start once the page has loaded and is idle (usePageIdle), after the
 * tasks that adopt the page (their queries and observers took a tenth of the first one).
 */
function WhenIdle({ children }: { children: ReactNode }) {
  return usePageIdle() ? children : null;
}

/** `client`: the server renders each page with a query client of its own (web/entry-server.tsx). */
export function AppProvider({
  children,
  client = queryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  const { resolved } = useTheme();
  // Sonner loads with the first toast, not with the first page.
  const [toasterWanted, setToasterWanted] = useState(false);
  useEffect(() => onToasterWanted(() => setToasterWanted(true)), []);
  return (
    <QueryClientProvider client={client}>
      <WhenIdle>
        <AnalyticsSetup />
        <SessionRefresh />
      </WhenIdle>
      {children}
      {toasterWanted ? (
        <Suspense fallback={null}>
          <Toaster theme={resolved} onReady={onToasterReady} />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
