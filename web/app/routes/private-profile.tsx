import type { MyCreatorResponse } from '#common/schemas/creators.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { PrivateProfileView } from '../../features/creators/components/private-profile-view.tsx';
import { PurchasedMessages } from '../../features/messages/index.ts';
import { LikedPosts } from '../../features/posts/components/liked-posts.tsx';
import { PurchasedPosts } from '../../features/posts/components/purchased-posts.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { type SessionUser, useSession } from '../../lib/session.ts';

/** The viewer's own library on the private profile: what they bought and what they liked. */
function LibraryTabs({ user, counts }: { user: SessionUser; counts: MyCreatorResponse['counts'] }) {
  return (
    <Tabs defaultValue="purchased">
      <TabsList aria-label="Your library">
        <TabsTrigger value="purchased">Purchased ({counts.purchased + counts.purchasedMessages})</TabsTrigger>
        <TabsTrigger value="liked">Liked ({counts.liked})</TabsTrigger>
      </TabsList>
      <TabsContent value="purchased">
        {counts.purchasedMessages > 0 ? <PurchasedMessages userId={user.id} /> : null}
        {counts.purchased > 0 || counts.purchasedMessages === 0 ? (
          <PurchasedPosts userId={user.id} count={counts.purchased} />
        ) : null}
      </TabsContent>
      <TabsContent value="liked">
        <LikedPosts userId={user.id} />
      </TabsContent>
    </Tabs>
  );
}

function PrivateProfilePage() {
  useDocumentTitle('Profile');
  const session = useSession();
  return (
    <div className="mx-auto max-w-3xl">
      {session ? (
        <PrivateProfileView
          key={session.user.id}
          user={session.user}
          renderLibrary={(counts) => <LibraryTabs user={session.user} counts={counts} />}
        />
      ) : (
        <>
          <PageHeader title="Profile" />
          <SignInPrompt reason="Sign in to see your profile, your purchases and the posts you liked." />
        </>
      )}
    </div>
  );
}

export { PrivateProfilePage as Component };
