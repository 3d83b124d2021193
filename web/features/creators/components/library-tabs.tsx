import type { MyCreatorResponse } from '#common/schemas/creators.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useSession } from '../../../lib/session.ts';
import { PurchasedPosts } from '../../fan-payments/index.ts';
import { PurchasedMessages } from '../../messages/index.ts';
import { LikedPosts } from '../../posts/index.ts';

/** The viewer's own library on the private profile: what they bought and what they liked. */
export function LibraryTabs({ counts }: { counts: MyCreatorResponse['counts'] }) {
  const session = useSession();
  return (
    <Tabs defaultValue="purchased">
      <TabsList aria-label="Your library">
        <TabsTrigger value="purchased">Purchased ({counts.purchased + counts.purchasedMessages})</TabsTrigger>
        <TabsTrigger value="liked">Liked ({counts.liked})</TabsTrigger>
      </TabsList>
      <TabsContent value="purchased">
        {session && counts.purchasedMessages > 0 ? <PurchasedMessages userId={session.user.id} /> : null}
        {session && (counts.purchased > 0 || counts.purchasedMessages === 0) ? (
          <PurchasedPosts userId={session.user.id} count={counts.purchased} />
        ) : null}
      </TabsContent>
      <TabsContent value="liked">{session ? <LikedPosts userId={session.user.id} /> : null}</TabsContent>
    </Tabs>
  );
}
