import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { formatTitle } from '../hooks/use-document-title.ts';
import { trackError } from '../lib/analytics.ts';

function describe(error: unknown): { detail: string; code: string } {
  if (isRouteErrorResponse(error)) {
    return { detail: error.statusText || `Error ${error.status}`, code: String(error.status) };
  }
  if (error instanceof Error) return { detail: error.message, code: error.name };
  return { detail: typeof error === 'string' ? error : 'Something went wrong.', code: 'unknown' };
}

/** The router's error screen; uses plain links so it works even when the layout itself failed. */
export function RouteErrorScreen() {
  const { detail, code } = describe(useRouteError());

  useEffect(() => {
    document.title = formatTitle('Error');
    trackError(detail, code);
  }, [detail, code]);

  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <TriangleAlert aria-hidden="true" className="size-10 text-destructive" />
      <h1 className="font-heading text-2xl font-bold">Unexpected Application Error!</h1>
      <p className="break-words text-muted-foreground">{detail}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <Button variant="outline" asChild>
          <a href="/">Go Home</a>
        </Button>
      </div>
    </div>
  );
}
