import { PageHeader } from '../../components/page-header.tsx';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';
import { BookmarkedPosts } from '../../features/posts/components/bookmarked-posts.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useSession } from '../../lib/session.ts';

function BookmarksPage() {
  useDocumentTitle('Bookmarks');
  const session = useSession();
  return (
    <div className="mx-auto w-full max-w-2xl">
      <PageHeader title="Bookmarks" description="Posts you saved, newest first." />
      {session ? (
        <BookmarkedPosts key={session.user.id} userId={session.user.id} />
      ) : (
        <SignInPrompt reason="Sign in to see the posts you saved." />
      )}
    </div>
  );
}

export { BookmarksPage as Component };
