import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2, UserRoundX } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { pathTo, routes } from '#common/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { needsVerifiedEmail } from '../../../lib/action-error.ts';
import { openConversation } from '../api/open-conversation.ts';
import { createMessageCache } from '../cache.ts';
import { PaneNotice } from './pane-notice.tsx';

/** `/message?user=<id>`: opens (or starts) the conversation with that user, then shows it. */
export function OpeningConversation({ userId, otherUserId }: { userId: string; otherUserId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const cache = useMemo(() => createMessageCache(queryClient, userId), [queryClient, userId]);
  const { mutate, error } = useMutation({
    mutationFn: openConversation,
    onSuccess: (conversation) => {
      cache.put(conversation);
      void navigate(`${routes.messages}?c=${encodeURIComponent(conversation.id)}`, { replace: true });
    },
  });
  useEffect(() => mutate(otherUserId), [mutate, otherUserId]);

  if (error) {
    return (
      <PaneNotice icon={UserRoundX} title="Could not open this conversation">
        <p className="max-w-xs text-sm text-muted-foreground">{error.message}</p>
        {needsVerifiedEmail(error) ? (
          <Button asChild size="sm">
            <Link to={pathTo('emailVerification')}>Verify email</Link>
          </Button>
        ) : null}
      </PaneNotice>
    );
  }
  return (
    <div
      role="status"
      className="flex flex-1 items-center justify-center gap-2 text-sm text-muted-foreground"
    >
      <Loader2 aria-hidden="true" className="size-4 animate-spin" />
      Opening conversation…
    </div>
  );
}
