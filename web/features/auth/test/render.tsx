import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PublicConfig } from '#common/schemas/public-config.ts';
import { createQueryClient } from '../../../lib/query-client.ts';

const config: PublicConfig = {
  siteName: 'Fanplace',
  publicUrl: 'http://localhost',
  gaMeasurementId: null,
  googleSignIn: false,
  tips: { minCents: 100, maxCents: 20_000 },
};

/**
 * Renders account UI inside a router and a query client. The public config is seeded, so nothing
 * here talks to a server: these tests stop before any request (validation, storage, timers).
 */
export function renderWithApp(ui: ReactNode, options: { path?: string; googleSignIn?: boolean } = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(['public-config'], { ...config, googleSignIn: options.googleSignIn ?? false });
  const router = createMemoryRouter([{ path: '*', element: ui }], {
    initialEntries: [options.path ?? '/'],
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
