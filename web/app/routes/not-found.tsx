import { ArrowLeft, House, SearchX } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { useAppNavigate } from '../../hooks/use-app-navigate.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  const { go, back } = useAppNavigate();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-primary/10 text-primary">
        <SearchX aria-hidden="true" className="size-8" />
      </span>
      <h1 className="font-heading text-2xl font-bold md:text-3xl">404 Page Not Found</h1>
      <p className="text-muted-foreground">The page you're looking for doesn't exist or has been moved.</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <Button onClick={() => go('home')}>
          <House aria-hidden="true" />
          Go Home
        </Button>
        <Button variant="outline" onClick={back}>
          <ArrowLeft aria-hidden="true" />
          Go Back
        </Button>
      </div>
    </div>
  );
}

export { NotFoundPage as Component };
