import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useLists } from '../../features/lists/api/lists.ts';
import { ListsManager } from '../../features/lists/components/lists-manager.tsx';
import { ListFeed } from '../../features/posts/components/list-feed.tsx';
import { PostListSkeleton } from '../../features/posts/components/post-list-skeleton.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useSession } from '../../lib/session.ts';

/** One list's feed, named from the fan's lists. */
function OneList({ userId, listId }: { userId: string; listId: string }) {
  const lists = useLists(userId);
  const list = lists.data?.items.find((item) => item.id === listId);
  useDocumentTitle(list?.name ?? 'List');
  return (
    <>
      <Button asChild variant="ghost" size="sm" className="mb-2 -ml-2">
        <Link to={pathTo('lists')}>
          <ArrowLeft aria-hidden="true" />
          All lists
        </Link>
      </Button>
      <PageHeader
        title={list?.name ?? (lists.isPending ? 'List' : 'List not found')}
        description={
          list ? `${list.memberCount} ${list.memberCount === 1 ? 'creator' : 'creators'}` : undefined
        }
      />
      {lists.isPending ? <PostListSkeleton /> : list ? <ListFeed listId={list.id} name={list.name} /> : null}
    </>
  );
}

function ListsPage() {
  const { id } = useParams();
  useDocumentTitle('Lists');
  const session = useSession();
  return (
    <div className="mx-auto w-full max-w-2xl">
      {!session ? (
        <>
          <PageHeader title="Lists" />
          <SignInPrompt reason="Sign in to keep creators in lists and read a feed per list." />
        </>
      ) : id ? (
        <OneList key={id} userId={session.user.id} listId={id} />
      ) : (
        <>
          <PageHeader
            title="Lists"
            description="Keep creators in lists, and read each list as its own feed."
          />
          <ListsManager userId={session.user.id} />
        </>
      )}
    </div>
  );
}

export { ListsPage as Component };
