import { Mail, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { limits } from '#common/limits.ts';
import { pathTo } from '#common/routes.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { SupportTab } from '../../features/settings/components/support-tab.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useSession } from '../../lib/session.ts';

/**
 * Contact: the support form for everyone, signed in or not (someone locked out of their account
 * has no other way to reach the team), then where safety reports go and who runs the site.
 */
function ContactPage() {
  useDocumentTitle('Contact');
  const session = useSession();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <PageHeader
        title="Contact us"
        description={`Questions, feedback or trouble with your account? Write to us: we answer by email within ${limits.supportReplyHours} hours.`}
      />
      <SupportTab key={session?.user.id ?? 'visitor'} user={session?.user ?? null} />
      <div className="grid gap-4 @xl:grid-cols-2">
        <Card>
          <CardHeader>
            <ShieldCheck aria-hidden="true" className="size-6 text-primary" />
            <CardTitle>Safety and abuse</CardTitle>
            <CardDescription>
              To report content or a user, use the form above and choose the “Content” category, or Report on
              the post or profile. Reports are reviewed by a person.
            </CardDescription>
          </CardHeader>
        </Card>
        <Card>
          <CardHeader>
            <Mail aria-hidden="true" className="size-6 text-primary" />
            <CardTitle>About this site</CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">
            Fanplace is self-hostable: this site is run by its own operator, who handles accounts, payments
            and requests about personal data. See the{' '}
            <Link
              className="font-medium text-primary underline-offset-4 hover:underline"
              to={pathTo('privacy')}
            >
              Privacy Policy
            </Link>{' '}
            and{' '}
            <Link
              className="font-medium text-primary underline-offset-4 hover:underline"
              to={pathTo('terms')}
            >
              Terms of Service
            </Link>{' '}
            for how we handle your information.
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

export { ContactPage as Component };
