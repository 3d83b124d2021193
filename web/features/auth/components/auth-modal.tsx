import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { closeAuthModal, setAuthModalMode, useAuthModal } from '../../../lib/auth-modal.ts';
import { GoogleSignIn } from './google-sign-in.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

const switchClass =
  'rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * The global sign-in / sign-up dialog (spec sections 2 and 4), opened with `openAuthModal()` from
 * anywhere. Signing in keeps the user on the page they were on; the dialog closes.
 */
export function AuthModal() {
  const { open, mode } = useAuthModal();
  const signingIn = mode === 'signin';
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : closeAuthModal())}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-md">
        <div className="grid gap-1.5 pr-6">
          <DialogTitle className="text-xl">{signingIn ? 'Sign In' : 'Create your account'}</DialogTitle>
          <DialogDescription>
            {signingIn
              ? 'Welcome back! Sign in to follow, subscribe to and message creators.'
              : 'Join Fanplace to follow, subscribe to and message the creators you love.'}
          </DialogDescription>
        </div>
        <GoogleSignIn />
        {signingIn ? (
          <SignInForm next={null} onDone={closeAuthModal} />
        ) : (
          <SignUpForm onDone={closeAuthModal} />
        )}
        <p className="text-center text-sm text-muted-foreground">
          {signingIn ? "Don't have an account? " : 'Already have an account? '}
          <button
            type="button"
            className={switchClass}
            onClick={() => setAuthModalMode(signingIn ? 'signup' : 'signin')}
          >
            {signingIn ? 'Sign Up' : 'Sign In'}
          </button>
        </p>
      </DialogContent>
    </Dialog>
  );
}
