import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { pathTo } from '#common/routes.ts';
import type { SigninInput } from '#common/schemas/auth.ts';
import { trackFormSubmit } from '../../../lib/analytics.ts';
import { toast } from '../../../lib/toast.ts';
import { useSignIn } from '../api/sign-in.ts';
import { signInErrorMessage } from '../error-messages.ts';
import { signInFormSchema } from '../form-schemas.ts';
import { authToasts } from '../toasts.ts';
import { ForgotPasswordDialog } from './forgot-password-dialog.tsx';
import { PasswordField } from './password-field.tsx';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from './text-field.tsx';

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
  const [forgotOpen, setForgotOpen] = useState(false);
  const form = useForm<SigninInput>({
    resolver: zodResolver(signInFormSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    trackFormSubmit('sign_in');
    try {
      const result = await signIn.mutateAsync(values);
      onDone?.();
      if (result.needsVerification) {
        if (result.codeSent) toast.success(authToasts.verificationSent);
        void navigate(pathTo('emailVerification'));
        return;
      }
      toast.success(authToasts.loggedIn);
      if (next !== null) void navigate(next, { replace: true });
    } catch (error) {
      toast.error(signInErrorMessage(error));
    }
  });

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
      <ForgotPasswordDialog
        open={forgotOpen}
        onOpenChange={setForgotOpen}
        initialEmail={forgotOpen ? form.getValues('email') : ''}
      />
    </>
  );
}
