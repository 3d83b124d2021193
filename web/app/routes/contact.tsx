import { LifeBuoy, Mail, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { limits } from '#common/limits.ts';
import { pathTo } from '#common/routes.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function ContactPage() {
  useDocumentTitle('Contact');
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Contact us"
        description="Questions, feedback or trouble with your account? We are here to help."
      />
      <div className="grid gap-4 @xl:grid-cols-2">
        <Card>
          <CardHeader>
            <LifeBuoy aria-hidden="true" className="size-6 text-primary" />
            <CardTitle>Support</CardTitle>
            <CardDescription>
              Signed-in members reach the support team from{' '}
              <Link
                className="font-medium text-primary underline-offset-4 hover:underline"
                to={`${pathTo('settings')}#support`}
              >
                Settings &gt; Support
              </Link>
              . We answer within {limits.supportReplyHours} hours.
            </CardDescription>
          </CardHeader>
        </Card>
        <Card>
          <CardHeader>
            <ShieldCheck aria-hidden="true" className="size-6 text-primary" />
            <CardTitle>Safety and abuse</CardTitle>
            <CardDescription>
              To report content or a user, use Support and choose the “content” category. Reports are reviewed
              by a person.
            </CardDescription>
          </CardHeader>
        </Card>
        <Card className="@xl:col-span-2">
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
