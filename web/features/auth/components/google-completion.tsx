import { LoaderCircle, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useGoogleExchange } from '../api/google-exchange.ts';
import type { AfterSignIn } from '../sign-in-flow.ts';
import { authToasts } from '../toasts.ts';
import { TwoFactorStep } from './two-factor-step.tsx';

/** The one-time code the server put in the fragment (`#code=...`): never sent to any server by the browser. */
export function readGoogleCode(hash: string): string | null {
  const code = new URLSearchParams(hash.replace(/^#/, '')).get('code');
  return code?.trim() ? code : null;
}

/** Takes the fragment out of the address bar and history, keeping the router's own history state. */
function clearFragment(): void {
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}

/**
 * Where Google sign-in ends: the code from the fragment is traded for a session once (a second try
 * would fail, since the code is single use), then the user goes home.
 */
const asSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

function failureReason(error: unknown): string {
  return error instanceof ApiError && error.status < 500
    ? asSentence(error.message)
    : 'This sign-in link is invalid or has expired.';
}

export function GoogleCompletion() {
  const navigate = useNavigate();
  const exchange = useGoogleExchange();
  const [code] = useState(() => readGoogleCode(window.location.hash));
  const [failure, setFailure] = useState<string | null>(() =>
    code ? null : 'This page needs the sign-in code Google sends back.',
  );
  const started = useRef(false);
  const [challenge, setChallenge] = useState<string | null>(null);

  function finish(result: AfterSignIn) {
    if (result.needsVerification) {
      if (result.codeSent) toast.success(authToasts.verificationSent);
      void navigate(pathTo('emailVerification'), { replace: true });
      return;
    }
    toast.success(authToasts.loggedIn);
    void navigate(pathTo('home'), { replace: true });
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per visit; the code is single use
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    clearFragment();
    if (!code) return;
    exchange
      .mutateAsync(code)
      .then((result) => {
        if ('challenge' in result) setChallenge(result.challenge);
        else finish(result);
      })
      .catch((error: unknown) => setFailure(failureReason(error)));
  }, []);

  if (challenge && !failure) {
    return (
      <div className="mx-auto grid w-full max-w-sm gap-4 py-6">
        <h1 className="font-heading text-2xl font-bold">Two-step sign-in</h1>
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={finish}
          onRestart={() => setFailure('This sign-in has expired.')}
        />
      </div>
    );
  }

  if (!failure) {
    return (
      <div role="status" className="flex flex-col items-center gap-4 py-10 text-center">
        <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-primary" />
        <h1 className="font-heading text-2xl font-bold">Signing you in…</h1>
        <p className="text-muted-foreground">Finishing Google sign-in.</p>
      </div>
    );
  }

  return (
    <div role="alert" className="flex flex-col items-center gap-4 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <TriangleAlert aria-hidden="true" className="size-6" />
      </span>
      <h1 className="font-heading text-2xl font-bold">Google sign-in did not work</h1>
      <p className="max-w-md text-muted-foreground">{failure} Please try again.</p>
      <Button asChild>
        <Link to={pathTo('login')}>Back to sign in</Link>
      </Button>
    </div>
  );
}
