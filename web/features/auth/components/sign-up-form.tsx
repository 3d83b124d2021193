import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { limits } from '#common/limits.ts';
import { pathTo } from '#common/routes.ts';
import { trackFormSubmit } from '../../../lib/analytics.ts';
import { toast } from '../../../lib/toast.ts';
import { useSignUp } from '../api/sign-up.ts';
import { fieldErrorsOf, signUpErrorMessage } from '../error-messages.ts';
import { signUpFormSchema } from '../form-schemas.ts';
import { authToasts } from '../toasts.ts';
import { FieldError } from './field-error.tsx';
import { PasswordField } from './password-field.tsx';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from './text-field.tsx';

const policyLinkClass = 'font-medium text-primary underline underline-offset-2 hover:no-underline';
const formFields = ['firstName', 'lastName', 'email', 'password', 'confirmPassword', 'acceptTerms'] as const;

/** Opens in a new tab, so a half-filled form is not lost. */
function PolicyLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} target="_blank" rel="noopener" className={policyLinkClass}>
      {children}
    </Link>
  );
}

/** Creates an unverified account; the code is emailed and the verification page comes next. */
export function SignUpForm({ onDone }: { onDone?: () => void }) {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const termsId = useId();
  const form = useForm({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false,
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ email, password, firstName, lastName }) => {
    trackFormSubmit('sign_up');
    try {
      await signUp.mutateAsync({ email, password, firstName, lastName, acceptTerms: true });
      toast.success(authToasts.accountCreated);
      onDone?.();
      void navigate(pathTo('emailVerification'));
    } catch (error) {
      toast.error(signUpErrorMessage(error));
      for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
        const known = formFields.find((name) => name === field);
        if (known) form.setError(known, { message });
      }
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
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
        autoComplete="new-password"
        hint={`At least ${limits.passwordMinLength} characters`}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <div className="grid gap-1.5">
        <div className="flex items-start gap-3">
          <input
            id={termsId}
            type="checkbox"
            aria-invalid={errors.acceptTerms ? true : undefined}
            aria-describedby={errors.acceptTerms ? `${termsId}-error` : undefined}
            className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
            {...form.register('acceptTerms')}
          />
          <label htmlFor={termsId} className="cursor-pointer text-sm leading-snug text-muted-foreground">
            I am at least {limits.minimumAge} and agree to the{' '}
            <PolicyLink to={pathTo('terms')}>Terms</PolicyLink>,{' '}
            <PolicyLink to={pathTo('privacy')}>Privacy Policy</PolicyLink> and{' '}
            <PolicyLink to={pathTo('creatorAgreement')}>Creator Agreement</PolicyLink>
          </label>
        </div>
        <FieldError id={`${termsId}-error`} message={errors.acceptTerms?.message} />
      </div>
      <SubmitButton pending={signUp.isPending} pendingLabel="Creating account…" className="w-full">
        Create Account
      </SubmitButton>
    </form>
  );
}
