import { TriangleAlert } from 'lucide-react';
import { Component, type ReactNode, useEffect } from 'react';
import { Button } from '../components/ui/button.tsx';
import { formatTitle } from '../hooks/use-document-title.ts';
import { trackError } from '../lib/analytics.ts';

function describe(error: unknown): { detail: string; code: string } {
  if (error instanceof Error) return { detail: error.message, code: error.name };
  return { detail: typeof error === 'string' ? error : 'Something went wrong.', code: 'unknown' };
}

/** The error screen of a page or the layout; plain links, so it works even when the layout failed. */
export function RouteErrorScreen({ error }: { error: unknown }) {
  const { detail, code } = describe(error);

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

interface BoundaryProps {
  /** A new value (the next page's address) clears an error shown for the one before. */
  resetKey?: string;
  children: ReactNode;
}

/** Catches an error thrown while rendering a page (or the layout) and shows the error screen instead. */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; key?: string }> {
  override state: { error: unknown; key?: string } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Something went wrong.') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key?: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override render() {
    return this.state.error ? <RouteErrorScreen error={this.state.error} /> : this.props.children;
  }
}
