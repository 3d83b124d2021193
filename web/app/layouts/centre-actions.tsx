import { House, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { limits } from '#common/limits.ts';
import { pathTo } from '#common/routes.ts';
import { Button } from '../../components/ui/button.tsx';
import { Hint } from '../../components/ui/hint.tsx';
import { trackButtonClick } from '../../lib/analytics.ts';
import { SearchForm } from './search-form.tsx';

interface CentreActionsProps {
  /** In the top bar the search keeps its 409 px minimum; in the phone bottom bar it takes the free width. */
  placement: 'top' | 'bottom';
}

/** Home, search and 'Post new content': the centre of the top bar, or the phone bottom bar. */
export function CentreActions({ placement }: CentreActionsProps) {
  return (
    <>
      <Hint label="Home">
        <Button asChild variant="ghost" size="icon" className="rounded-full">
          <Link to={pathTo('home')} aria-label="Home">
            <House aria-hidden="true" className="size-5" />
          </Link>
        </Button>
      </Hint>
      {placement === 'top' ? (
        <SearchForm style={{ minWidth: limits.searchMinWidthPx }} />
      ) : (
        <SearchForm className="min-w-0 flex-1" />
      )}
      <Hint label="Post new content">
        <Button asChild size="icon" className="rounded-full">
          <Link
            to={pathTo('postContent')}
            aria-label="Post new content"
            onClick={() => trackButtonClick('post_new_content')}
          >
            <Plus aria-hidden="true" className="size-5" />
          </Link>
        </Button>
      </Hint>
    </>
  );
}
