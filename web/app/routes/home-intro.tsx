import { Compass, Heart, Lock, MessageCircle, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { HydrateLater } from '../../components/hydrate-later.tsx';
import { Button } from '../../components/ui/button.tsx';
import { trackButtonClick } from '../../lib/analytics.ts';

const highlights = [
  {
    icon: Heart,
    title: 'Follow who you love',
    text: 'Keep up with the creators whose photos and videos you enjoy, all in one feed.',
  },
  {
    icon: Lock,
    title: 'Unlock exclusive posts',
    text: 'Subscribe monthly or unlock a single post. Creators set their own prices.',
  },
  {
    icon: MessageCircle,
    title: 'Talk directly',
    text: 'Message creators and fans in real time, without an algorithm in between.',
  },
];

/**
 * What Home says to everyone, signed in or not: the page's heading and what Fanplace offers. Also
 * the top of Home's signed-in skeleton (layouts/session-skeleton.tsx), so nothing moves when the
 * app takes over. `becomeCreator` false leaves out "Become a Creator" (a creator already is one, and
 * a signed-in viewer's answer may not be in yet).
 */
export function HomeIntro({
  headingId = 'why-heading',
  becomeCreator = true,
}: {
  headingId?: string;
  becomeCreator?: boolean;
}) {
  return (
    <>
      {/* Each section is adopted in a task of its own (HydrateLater). */}
      <HydrateLater>
        <section className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-primary/15 via-primary/5 to-transparent px-6 py-12 md:px-12 md:py-16">
          <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-background/80 px-3 py-1 text-xs font-medium text-primary">
            <Sparkles aria-hidden="true" className="size-3.5" />
            Open and self-hostable
          </p>
          <h1 className="max-w-2xl font-heading text-3xl font-bold tracking-tight text-balance md:text-5xl">
            Discover new and exciting creators
          </h1>
          <p className="mt-4 max-w-xl text-lg text-muted-foreground">
            Find people making photos and videos you love, follow them, and support their work directly.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to={pathTo('discover')} onClick={() => trackButtonClick('discover_creators')}>
                <Compass aria-hidden="true" />
                Discover Creators
              </Link>
            </Button>
            {becomeCreator ? (
              <Button asChild size="lg" variant="outline">
                <Link to={pathTo('creator')} onClick={() => trackButtonClick('become_a_creator')}>
                  <Sparkles aria-hidden="true" />
                  Become a Creator
                </Link>
              </Button>
            ) : null}
          </div>
        </section>
      </HydrateLater>
      <HydrateLater>
        <section aria-labelledby={headingId}>
          <h2 id={headingId} className="sr-only">
            What you can do on Fanplace
          </h2>
          <ul className="grid gap-4 @xl:grid-cols-3">
            {highlights.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl border border-border bg-card p-5">
                <Icon aria-hidden="true" className="mb-3 size-6 text-primary" />
                <h3 className="font-heading font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </section>
      </HydrateLater>
    </>
  );
}
