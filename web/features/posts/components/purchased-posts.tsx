import { ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { usePurchasedPosts } from '../api/get-purchased-posts.ts';
import { PostFeed } from './post-feed.tsx';

function NoPurchases() {
  return (
    <EmptyState
      icon={ShoppingBag}
      title="No purchases yet"
      description="Posts you unlock are kept here for good."
    >
      <Button asChild variant="outline">
        <Link to={pathTo('discover')}>Discover creators</Link>
      </Button>
    </EmptyState>
  );
}

function PurchasedFeed({ userId }: { userId: string }) {
  const query = usePurchasedPosts(userId);
  return <PostFeed query={query} label="Posts you purchased" empty={<NoPurchases />} />;
}

/**
 * The private profile's Purchased tab: the posts the viewer unlocked, most recent purchase first.
 * The profile already says how many there are, so none means no request.
 */
export function PurchasedPosts({ userId, count }: { userId: string; count: number }) {
  return count === 0 ? <NoPurchases /> : <PurchasedFeed userId={userId} />;
}
