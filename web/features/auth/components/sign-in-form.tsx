import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { pathTo } from '#common/routes.ts';
import type { SigninInput } from '#common/schemas/auth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { trackFormSubmit } from '../../../lib/analytics.ts';
import { toast } from '../../../lib/toast.ts';
import { usePasskeySignIn } from '../api/passkey-sign-in.ts';
import { useSignIn } from '../api/sign-in.ts';
import { signInErrorMessage } from '../error-messages.ts';
import { signInFormSchema } from '../form-schemas.ts';
import { passkeyFailureText } from '../passkey-failure.ts';
import type { AfterSignIn } from '../sign-in-flow.ts';
import { authToasts } from '../toasts.ts';
import { ForgotPasswordDialog } from './forgot-password-dialog.tsx';
import { PasswordField } from './password-field.tsx';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from './text-field.tsx';
import { TwoFactorStep } from './two-factor-step.tsx';

interface SignInFormProps {
  /** Where to go once signed in; null stays on the current page (the sign-in dialog). */
  next: string | null;
  /** Called after any successful sign-in (the dialog closes itself here). */
  onDone?: () => void;
}

/**
 * Email and password. An unverified address goes on to the verification page with a fresh code;
 * anyone else goes to `next`.
 */
export function SignInForm({ next, onDone }: SignInFormProps) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [searchParams] = useSearchParams();
  // `?forgot=1` (the link in the "someone tried to sign up with your email" mail) opens the dialog.
  const [forgotOpen, setForgotOpen] = useState(() => searchParams.get('forgot') === '1');
  const form = useForm<SigninInput>({
    resolver: zodResolver(signInFormSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const [challenge, setChallenge] = useState<string | null>(null);

  function finish(result: AfterSignIn) {
    onDone?.();
    if (result.needsVerification) {
      if (result.codeSent) toast.success(authToasts.verificationSent);
      void navigate(pathTo('emailVerification'));
      return;
    }
    toast.success(authToasts.loggedIn);
    if (next !== null) void navigate(next, { replace: true });
  }

  const submit = form.handleSubmit(async (values) => {
    trackFormSubmit('sign_in');
    try {
      const result = await signIn.mutateAsync(values);
      if ('challenge' in result) {
        setChallenge(result.challenge);
        return;
      }
      finish(result);
    } catch (error) {
      toast.error(signInErrorMessage(error));
    }
  });

  const passkey = usePasskeySignIn();
  const passkeysSupported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  async function withPasskey() {
    try {
      finish(await passkey.mutateAsync());
    } catch (error) {
      const text = passkeyFailureText(error);
      if (text) toast.error(text);
    }
  }

  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        onSignedIn={finish}
        onRestart={() => {
          setChallenge(null);
          form.setValue('password', '');
        }}
      />
    );
  }

  return (
    <>
      <form noValidate onSubmit={submit} className="grid gap-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        {/* After the password in the page, so Tab goes Email, Password, then this link. */}
        <div className="-mt-2 flex justify-end">
          <button
            type="button"
            onClick={() => setForgotOpen(true)}
            className="rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            Forgot password?
          </button>
        </div>
        <SubmitButton pending={signIn.isPending} pendingLabel="Signing in…" className="w-full">
          Sign In
        </SubmitButton>
      </form>
      {passkeysSupported ? (
        <Button
          type="button"
          variant="outline"
          className="mt-3 w-full"
          disabled={passkey.isPending}
          aria-busy={passkey.isPending || undefined}
          onClick={() => void withPasskey()}
        >
          <KeyRound aria-hidden="true" />
          {passkey.isPending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
        </Button>
      ) : null}
      <ForgotPasswordDialog
        open={forgotOpen}
        onOpenChange={setForgotOpen}
        initialEmail={forgotOpen ? form.getValues('email') : ''}
      />
    </>
  );
}
