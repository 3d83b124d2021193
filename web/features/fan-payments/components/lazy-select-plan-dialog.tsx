import { lazy } from 'react';

/**
 * The Select plan dialog (a form with Radix dialog and radio group), loaded when it is first opened
 * rather than with the page that offers it (docs/decisions/0032). Render it inside a Suspense.
 */
export const LazySelectPlanDialog = lazy(() =>
  import('./select-plan-dialog.tsx').then((module) => ({ default: module.SelectPlanDialog })),
);
