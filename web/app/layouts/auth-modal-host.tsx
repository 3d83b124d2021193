import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { closeAuthModal, useAuthModal } from '../../lib/auth-modal.ts';

// The dialog and its forms (react-hook-form, zod) load the first time someone opens it.
const AuthModal = lazy(() =>
  import('../../features/auth/components/auth-modal.tsx').then((module) => ({ default: module.AuthModal })),
);

/** Mounts the global sign-in / sign-up dialog once it is first asked for; a new page closes it. */
export function AuthModalHost() {
  const { open } = useAuthModal();
  const { pathname } = useLocation();
  const [needed, setNeeded] = useState(open);
  if (open && !needed) setNeeded(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a new path
  useEffect(() => closeAuthModal(), [pathname]);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <AuthModal />
    </Suspense>
  );
}
