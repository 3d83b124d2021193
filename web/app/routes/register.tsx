import { UserRoundPlus } from 'lucide-react';
import { Link } from 'react-router';
import { limits } from '#common/limits.ts';
import { pathTo } from '#common/routes.ts';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

function RegisterPage() {
  useDocumentTitle('Sign Up');
  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 py-6">
      <Card>
        <CardHeader className="items-center text-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <UserRoundPlus aria-hidden="true" className="size-6" />
          </span>
          <h1 className="font-heading text-2xl font-bold">Create your account</h1>
          <CardDescription>Creating an account opens soon.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4 text-center text-sm text-muted-foreground">
          <p>
            You must be at least {limits.minimumAge} years old and agree to the{' '}
            <Link className={linkClass} to={pathTo('terms')}>
              Terms
            </Link>
            ,{' '}
            <Link className={linkClass} to={pathTo('privacy')}>
              Privacy Policy
            </Link>{' '}
            and{' '}
            <Link className={linkClass} to={pathTo('creatorAgreement')}>
              Creator Agreement
            </Link>
            .
          </p>
          <p>
            Already have an account?{' '}
            <Link className={linkClass} to={pathTo('login')}>
              Sign In
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}

export { RegisterPage as Component };
