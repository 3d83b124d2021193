import { useSearchParams } from 'react-router';
import { SignInPrompt } from '../../../components/sign-in-prompt.tsx';
import { useSession } from '../../../lib/session.ts';
import { cn } from '../../../lib/utils.ts';
import { ChatPane } from './chat-pane.tsx';
import { ConnectionNotice } from './connection-notice.tsx';
import { ConversationList } from './conversation-list.tsx';
import { MassMessageLink } from './mass-message-link.tsx';
import { NoConversation } from './no-conversation.tsx';
import { OpeningConversation } from './opening-conversation.tsx';
import { SubscribersOnlySwitch } from './subscribers-only-switch.tsx';

/**
 * The Messages page: conversations on the left, the chat on the right. On phones one pane shows
 * at a time (the chat has a back button). `?c=` names the open conversation, `?user=` opens one.
 */
export function MessagesView() {
  const session = useSession();
  const [params] = useSearchParams();
  const selectedId = params.get('c');
  const withUser = params.get('user');

  if (!session) {
    return (
      <div className="mx-auto max-w-4xl">
        <h1 className="mb-6 font-heading text-2xl font-bold tracking-tight md:text-3xl">Messages</h1>
        <SignInPrompt reason="Sign in to read and send messages." />
      </div>
    );
  }

  const userId = session.user.id;
  const paneOpen = Boolean(selectedId || withUser);
  return (
    <div className="mx-auto flex h-[calc(100dvh-8rem)] min-h-[26rem] max-w-6xl flex-col gap-3 md:h-auto">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1
          className={cn(
            'font-heading text-2xl font-bold tracking-tight md:text-3xl',
            paneOpen && 'max-md:sr-only',
          )}
        >
          Messages
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          <ConnectionNotice />
          <div className={cn('flex flex-wrap items-center gap-2', paneOpen && 'max-md:hidden')}>
            <MassMessageLink userId={userId} />
            <SubscribersOnlySwitch userId={userId} />
          </div>
        </div>
      </div>
      <div className="flex min-h-0 flex-1 overflow-hidden rounded-2xl border border-border bg-card md:h-[calc(60vh+4.25rem)] md:min-h-[28rem] md:flex-none">
        <aside
          aria-label="Your conversations"
          className={cn(
            'min-h-0 w-full flex-col md:flex md:w-80 md:shrink-0 md:border-r md:border-border lg:w-96',
            paneOpen ? 'hidden' : 'flex',
          )}
        >
          <ConversationList userId={userId} selectedId={selectedId} />
        </aside>
        <div className={cn('min-w-0 flex-1 flex-col', paneOpen ? 'flex' : 'hidden md:flex')}>
          {withUser ? (
            <OpeningConversation userId={userId} otherUserId={withUser} />
          ) : selectedId ? (
            <ChatPane key={selectedId} userId={userId} conversationId={selectedId} />
          ) : (
            <NoConversation />
          )}
        </div>
      </div>
    </div>
  );
}
