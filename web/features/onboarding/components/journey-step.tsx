import { BadgeDollarSign, Camera, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { limits } from '#common/limits.ts';
import { pathTo } from '#common/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { HeroPanel } from './hero-panel.tsx';

const highlights = [
  { icon: ShieldCheck, text: 'Tell us where you live and verify who you are' },
  { icon: Camera, text: 'Add a photo, a banner and a short bio fans will see' },
  { icon: BadgeDollarSign, text: 'Set your monthly price; you can change it later' },
];

const linkClass = 'font-semibold underline underline-offset-4 hover:text-white/80';

/** The first screen: what creators get, what it takes, and what continuing agrees to. */
export function JourneyStep({ onStart }: { onStart: () => void }) {
  return (
    <HeroPanel>
      <p className="text-sm font-semibold tracking-wide text-white/80 uppercase">Become a Creator</p>
      <h2
        tabIndex={-1}
        data-step-heading=""
        className="mt-2 max-w-xl font-heading text-3xl font-bold tracking-tight outline-none @md:text-4xl"
      >
        Start your creator journey
      </h2>
      <p className="mt-3 max-w-xl text-lg text-white/90">
        Share photos and videos with fans who subscribe to you, and earn up to $3k monthly.
      </p>
      <ul className="mt-8 grid gap-3 @2xl:grid-cols-3">
        {highlights.map(({ icon: Icon, text }) => (
          <li
            key={text}
            className="flex items-start gap-3 rounded-2xl bg-white/10 p-4 text-sm backdrop-blur-sm"
          >
            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {text}
          </li>
        ))}
      </ul>
      <p className="mt-8 max-w-2xl text-sm text-white/85">
        By continuing, you agree to our{' '}
        <Link className={linkClass} to={pathTo('terms')} target="_blank">
          Terms &amp; Conditions
        </Link>
        ,{' '}
        <Link className={linkClass} to={pathTo('privacy')} target="_blank">
          Privacy Policy
        </Link>{' '}
        and{' '}
        <Link className={linkClass} to={pathTo('creatorAgreement')} target="_blank">
          Content Creator Agreement
        </Link>{' '}
        where applicable, and you confirm that you are at least {limits.minimumAge} years old.
      </p>
      <Button
        size="lg"
        className="mt-6 w-full bg-white text-violet-900 hover:bg-white/90 @md:w-auto"
        onClick={onStart}
      >
        Get started
      </Button>
    </HeroPanel>
  );
}
