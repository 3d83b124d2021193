import { lazy, Suspense } from 'react';
import { useOneTapQuestion } from '../one-tap.ts';

// Loaded with the first one-tap question: most visits never download it.
const OneTapDialog = lazy(() =>
  import('./one-tap-dialog.tsx').then((module) => ({ default: module.OneTapDialog })),
);

/** Mounted once in the layout: shows the one-tap question when a payment asks it. */
export function OneTapHost() {
  const question = useOneTapQuestion();
  if (!question) return null;
  return (
    <Suspense fallback={null}>
      <OneTapDialog question={question} />
    </Suspense>
  );
}
