import { lazy, Suspense, useState } from 'react';
import { useSecondFactorPrompt } from '../../lib/second-factor.ts';

// The dialog loads the first time a sensitive action asks for the second step.
const SecondFactorDialog = lazy(() =>
  import('../../features/auth/components/second-factor-dialog.tsx').then((module) => ({
    default: module.SecondFactorDialog,
  })),
);

/** Mounts "Confirm it is you" once it is first asked for. */
export function SecondFactorHost() {
  const open = useSecondFactorPrompt();
  const [needed, setNeeded] = useState(open);
  if (open && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <SecondFactorDialog />
    </Suspense>
  );
}
