import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { Button } from '../../../components/ui/button.tsx';

/** A message in the chat pane (not found, cannot open, loading failed), with a way back on phones. */
export function PaneNotice({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <h2 className="font-heading text-lg font-semibold">{title}</h2>
      {children}
      <Button asChild variant="outline" size="sm" className="md:hidden">
        <Link to={pathTo('messages')}>Back to conversations</Link>
      </Button>
    </div>
  );
}
