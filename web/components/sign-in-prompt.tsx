import { LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { EmptyState } from './empty-state.tsx';
import { Button } from './ui/button.tsx';

/** For pages that belong to an account: says why, and offers both ways in. */
export function SignInPrompt({ reason }: { reason: string }) {
  return (
    <EmptyState icon={LogIn} title="Sign in to continue" description={reason}>
      <Button asChild>
        <Link to={pathTo('login')}>Sign In</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to={pathTo('register')}>Sign Up</Link>
      </Button>
    </EmptyState>
  );
}
