import { LogIn } from 'lucide-react';
import { openAuthModal } from '../lib/auth-modal.ts';
import { EmptyState } from './empty-state.tsx';
import { Button } from './ui/button.tsx';

/** For pages that belong to an account: says why, and opens the sign-in / sign-up dialog in place. */
export function SignInPrompt({ reason, headingLevel }: { reason: string; headingLevel?: 1 | 2 }) {
  return (
    <EmptyState icon={LogIn} headingLevel={headingLevel} title="Sign in to continue" description={reason}>
      <Button onClick={() => openAuthModal('signin')}>Sign In</Button>
      <Button variant="outline" onClick={() => openAuthModal('signup')}>
        Sign Up
      </Button>
    </EmptyState>
  );
}
