import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { type Conversation, messageMessages } from '#common/schemas/messages.ts';
import { Button } from '../../../components/ui/button.tsx';

/** In place of the composer: why the viewer cannot write here, and what would change that. */
export function CannotSendNotice({ conversation }: { conversation: Conversation }) {
  const { other, cannotSendReason } = conversation;
  const reason = cannotSendReason ?? messageMessages.blocked;
  const needsVerification = reason === messageMessages.verify;
  const needsSubscription = other.handle !== null && reason === messageMessages.subscribersOnly(other.name);
  return (
    <div
      role="note"
      className="flex flex-wrap items-center gap-3 border-t border-border bg-muted/50 px-4 py-4 text-sm"
    >
      <Lock aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <p className="min-w-0 flex-1">{reason}</p>
      {needsVerification ? (
        <Button asChild size="sm">
          <Link to={pathTo('emailVerification')}>Verify email</Link>
        </Button>
      ) : needsSubscription && other.handle ? (
        <Button asChild size="sm">
          <Link to={pathTo('publicProfile', { id: other.handle })}>Subscribe</Link>
        </Button>
      ) : null}
    </div>
  );
}
