import {
  ChevronRight,
  CreditCard,
  LifeBuoy,
  type LucideIcon,
  ShieldCheck,
  Type,
  UserRound,
} from 'lucide-react';
import { Link } from 'react-router';
import { limits } from '#common/limits.ts';
import { pathTo } from '#common/routes.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { ThemeChoice } from '../../features/appearance/components/theme-choice.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

const upcoming: { id: string; icon: LucideIcon; title: string; text: string }[] = [
  {
    id: 'account',
    icon: UserRound,
    title: 'Account',
    text: 'Your email, the date you joined, and changing your password.',
  },
  {
    id: 'payments',
    icon: CreditCard,
    title: 'Payment & Subscription',
    text: 'Your transaction history and the subscriptions you manage.',
  },
  {
    id: 'privacy-safety',
    icon: ShieldCheck,
    title: 'Privacy & Safety',
    text: 'People you have blocked, and who can reach you.',
  },
  {
    id: 'support',
    icon: LifeBuoy,
    title: 'Support',
    text: `Write to the support team; we answer within ${limits.supportReplyHours} hours.`,
  },
];

function SettingsPage() {
  useDocumentTitle('Settings');
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      <PageHeader
        title="Settings"
        description="Appearance, account, payments, privacy and support."
        className="mb-0"
      />
      <section
        aria-labelledby="appearance-heading"
        className="flex flex-col gap-5 rounded-2xl border border-border p-5"
      >
        <h2 id="appearance-heading" className="font-heading text-lg font-semibold">
          Appearance
        </h2>
        <ThemeChoice />
        <Link
          to={pathTo('fontSettings')}
          className="flex items-center gap-3 rounded-xl border border-border p-3 transition-colors hover:bg-accent/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Type aria-hidden="true" className="size-5 text-primary" />
          <span className="flex flex-1 flex-col">
            <span className="text-sm font-medium">Fonts</span>
            <span className="text-xs text-muted-foreground">Choose body, heading and monospace fonts</span>
          </span>
          <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
        </Link>
      </section>
      <ul className="grid gap-4 @lg:grid-cols-2">
        {upcoming.map(({ id, icon: Icon, title, text }) => (
          <li key={id} id={id} className="scroll-mt-24 rounded-2xl border border-border p-5">
            <div className="mb-2 flex items-center justify-between gap-2">
              <Icon aria-hidden="true" className="size-5 text-primary" />
              <Badge variant="outline">Coming soon</Badge>
            </div>
            <h2 className="font-heading font-semibold">{title}</h2>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

export { SettingsPage as Component };
