import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import type { Person } from '#common/schemas/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { PersonAvatar } from './person-avatar.tsx';

/** Who the conversation is with; on phones a back button returns to the list. */
export function ChatHeader({ person, actions }: { person: Person; actions?: ReactNode }) {
  const name = (
    <span className="block truncate font-semibold" id="chat-with">
      {person.name}
    </span>
  );
  return (
    <header className="flex items-center gap-2 border-b border-border px-2 py-2.5 sm:px-4">
      <Button asChild variant="ghost" size="icon" className="shrink-0 md:hidden">
        <Link to={pathTo('messages')} aria-label="Back to conversations">
          <ArrowLeft aria-hidden="true" />
        </Link>
      </Button>
      <PersonAvatar person={person} className="size-10" />
      <div className="min-w-0 flex-1">
        {person.handle ? (
          <Link
            to={pathTo('publicProfile', { id: person.handle })}
            className="block min-w-0 rounded-sm hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {name}
            <span className="block truncate text-xs text-muted-foreground">@{person.handle}</span>
          </Link>
        ) : (
          name
        )}
      </div>
      {actions}
    </header>
  );
}
