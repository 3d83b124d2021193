import { BadgeDollarSign, Camera, ShieldCheck, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { limits } from '#common/limits.ts';
import { pathTo } from '#common/routes.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useSession } from '../../lib/session.ts';

const steps = [
  {
    icon: ShieldCheck,
    title: 'Verify who you are',
    text: 'Your country, a profile photo, your handle and an ID document.',
  },
  {
    icon: Camera,
    title: 'Make your page yours',
    text: 'A banner image and a short bio that tells fans what to expect.',
  },
  {
    icon: BadgeDollarSign,
    title: 'Set your price',
    text: 'Choose your monthly subscription price; you can change it later.',
  },
];

function CreatorPage() {
  useDocumentTitle('Become a Creator');
  const session = useSession();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Become a Creator"
        description="Share photos and videos, offer subscriptions or one-time unlocks, and earn up to $3k monthly."
      />
      <ol className="grid gap-4 @2xl:grid-cols-3">
        {steps.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="rounded-2xl border border-border bg-card p-5">
            <span className="mb-3 flex items-center gap-2 text-sm font-medium text-primary">
              <Icon aria-hidden="true" className="size-5" />
              Step {index + 1}
            </span>
            <h2 className="font-heading font-semibold">{title}</h2>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ol>
      <section className="mt-8 flex flex-col items-start gap-4 rounded-2xl bg-primary/10 p-6">
        <Sparkles aria-hidden="true" className="size-6 text-primary" />
        <h2 className="font-heading text-lg font-semibold">Creator sign-up opens soon</h2>
        <p className="text-sm text-muted-foreground">
          {session
            ? 'You are signed in, so you will be able to start onboarding from this page as soon as it opens.'
            : 'Create a free account now, and you can start onboarding from this page as soon as it opens.'}{' '}
          Creators must be at least {limits.minimumAge} and agree to the{' '}
          <Link
            className="font-medium text-primary underline-offset-4 hover:underline"
            to={pathTo('creatorAgreement')}
          >
            Content Creator Agreement
          </Link>
          .
        </p>
        {session ? null : (
          <Button asChild>
            <Link to={pathTo('register')}>Sign Up</Link>
          </Button>
        )}
      </section>
    </div>
  );
}

export { CreatorPage as Component };
