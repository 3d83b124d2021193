import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ComponentType, type ReactNode, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { OnboardingDraft } from '#common/schemas/creators.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import type { StepProps } from '../components/step-props.ts';
import type { OnboardingMedia } from '../use-onboarding-flow.ts';

/** A query client that reports a failure at once instead of retrying with back-off. */
export function testQueryClient() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return client;
}

/** Renders UI at `path` inside a router (with a home page to land on) and a query client. */
export function renderWithApp(ui: ReactNode, path = '/creator') {
  const queryClient = testQueryClient();
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home page</p> },
      { path: '*', element: ui },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

const noMedia: OnboardingMedia = { profilePhoto: null, document: null, banner: null, post: null };

/** One step on its own, holding the draft the way the wizard does. */
export function renderStep(
  Step: ComponentType<StepProps>,
  options: { draft?: OnboardingDraft; media?: Partial<OnboardingMedia>; onNext?: () => void } = {},
) {
  let current: OnboardingDraft = options.draft ?? {};
  function Harness() {
    const [draft, setDraft] = useState(current);
    current = draft;
    return (
      <Step
        draft={draft}
        media={{ ...noMedia, ...options.media }}
        errors={{}}
        onChange={(patch) => setDraft((previous) => ({ ...previous, ...patch }))}
        onNext={options.onNext ?? (() => {})}
      />
    );
  }
  const rendered = renderWithApp(<Harness />);
  return { ...rendered, draft: () => current };
}
