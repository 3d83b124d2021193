import { Ban } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast.ts';
import { useUnblockUser } from '../api/unblock-user.ts';

/** The page of someone you blocked: said plainly, with the way back right there. */
export function BlockedByYou({
  title,
  userId,
  onUnblocked,
}: {
  title: string;
  userId: string;
  onUnblocked: () => void;
}) {
  const unblock = useUnblockUser();
  async function confirm() {
    try {
      toast.success(await unblock.mutateAsync(userId));
      onUnblocked();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Request failed');
    }
  }
  return (
    <EmptyState
      icon={Ban}
      headingLevel={1}
      title={title}
      description="While they are blocked, neither of you can see the other's page or posts, or send messages. Unblocking does not bring back follows or subscriptions the block ended."
    >
      <Button
        disabled={unblock.isPending}
        aria-busy={unblock.isPending || undefined}
        onClick={() => void confirm()}
      >
        {unblock.isPending ? 'Unblocking…' : 'Unblock'}
      </Button>
      <Button asChild variant="outline">
        <Link to={`${pathTo('settings')}?tab=privacy-safety`}>Blocked users</Link>
      </Button>
    </EmptyState>
  );
}
