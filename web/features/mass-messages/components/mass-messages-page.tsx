import { Megaphone } from 'lucide-react';
import { Link } from 'react-router';
import { routes } from '#common/routes.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SignInPrompt } from '../../../components/sign-in-prompt.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useAudiences } from '../api/mass-messages.ts';
import { FanListsSection } from './fan-lists-section.tsx';
import { MassMessageForm } from './mass-message-form.tsx';
import { MassMessageHistory } from './mass-message-history.tsx';

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-4 rounded-2xl border border-border bg-card p-4 sm:p-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function CreatorTools({ userId }: { userId: string }) {
  // The audiences answer 403 to anyone who is not an approved creator.
  const audiences = useAudiences(userId);
  if (audiences.isPending)
    return <Skeleton role="status" aria-label="Loading" className="h-64 w-full rounded-2xl" />;
  if (audiences.error instanceof ApiError && audiences.error.status === 403)
    return (
      <EmptyState
        icon={Megaphone}
        title="For approved creators"
        description="Once your creator page is approved, you can write to all your subscribers or followers at once."
      >
        <Button asChild variant="outline">
          <Link to={routes.creator}>Become a Creator</Link>
        </Button>
      </EmptyState>
    );
  return (
    <div className="grid gap-6 2xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="grid content-start gap-6">
        <Section id="new-mass-message" title="New mass message">
          <MassMessageForm userId={userId} />
        </Section>
        <Section id="sent-mass-messages" title="Sent">
          <MassMessageHistory userId={userId} />
        </Section>
      </div>
      <div className="grid content-start gap-6">
        <Section id="fan-lists" title="Your lists of fans">
          <FanListsSection userId={userId} />
        </Section>
      </div>
    </div>
  );
}

/** Mass messages: one message to many fans, each getting it in their own conversation. */
export function MassMessagesPage() {
  const session = useSession();
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Mass messages"
        description="Write once to your subscribers, followers, past subscribers or a list of fans. Each gets it in their own chat with you."
      />
      {session ? (
        <CreatorTools userId={session.user.id} />
      ) : (
        <SignInPrompt reason="Sign in to send mass messages." />
      )}
    </div>
  );
}
