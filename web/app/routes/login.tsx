import { LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function LoginPage() {
  useDocumentTitle('Sign In');
  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 py-6">
      <Card>
        <CardHeader className="items-center text-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <LogIn aria-hidden="true" className="size-6" />
          </span>
          <h1 className="font-heading text-2xl font-bold">Sign In</h1>
          <CardDescription>Welcome back! Signing in with your email and password opens soon.</CardDescription>
        </CardHeader>
        <CardContent className="text-center text-sm text-muted-foreground">
          Don't have an account?{' '}
          <Link
            className="font-medium text-primary underline-offset-4 hover:underline"
            to={pathTo('register')}
          >
            Sign Up
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}

export { LoginPage as Component };
