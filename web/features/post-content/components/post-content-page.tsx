import { ArrowLeft, Clock, MailCheck, Sparkles, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { SignInPrompt } from '../../../components/sign-in-prompt.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useSession } from '../../../lib/session.ts';
import { useMyCreator } from '../../creators/index.ts';
import { PostContentForm } from './post-content-form.tsx';
import { PostFormSkeleton } from './post-form-skeleton.tsx';

/** Back to where the user came from; straight to their profile when this page was opened directly. */
function BackButton() {
  const navigate = useNavigate();
  const hasHistory = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <Button
      variant="ghost"
      size="sm"
      className="-ml-2 self-start"
      onClick={() => void (hasHistory ? navigate(-1) : navigate(pathTo('privateProfile')))}
    >
      <ArrowLeft aria-hidden="true" />
      Back
    </Button>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <BackButton />
      <div>
        <h1 className="font-heading text-2xl font-bold tracking-tight md:text-3xl">Post Content</h1>
        <p className="mt-1.5 text-muted-foreground">
          Share a few words, a photo or a video with everyone, or lock it for subscribers or a one-time price.
        </p>
      </div>
      {children}
    </div>
  );
}

function CreatorGate({ userId }: { userId: string }) {
  const me = useMyCreator(userId);
  if (me.isPending) return <PostFormSkeleton />;
  if (me.isError) return <LoadError message={me.error.message} onRetry={() => void me.refetch()} />;
  const { creator } = me.data;
  if (!creator) {
    return (
      <EmptyState
        icon={Sparkles}
        title="Become a creator to post"
        description="Creators share photos and videos with fans and can earn up to $3k monthly. Set up your creator page first; it takes a few minutes."
      >
        <Button asChild>
          <Link to={pathTo('creator')}>Become a Creator</Link>
        </Button>
      </EmptyState>
    );
  }
  if (creator.status === 'pending_review') {
    return (
      <EmptyState
        icon={Clock}
        title="Your profile is waiting for review"
        description="We check every new creator's identity document. You can post as soon as your profile is approved; we will email you."
      >
        <Button asChild variant="outline">
          <Link to={pathTo('privateProfile')}>Go to your profile</Link>
        </Button>
      </EmptyState>
    );
  }
  if (creator.status === 'rejected') {
    return (
      <EmptyState
        icon={TriangleAlert}
        title="Your profile was not approved"
        description={`${creator.rejectionReason ?? 'No reason was given.'} Contact support if you have questions.`}
      >
        <Button asChild variant="outline">
          <Link to={pathTo('contact')}>Contact support</Link>
        </Button>
      </EmptyState>
    );
  }
  return <PostContentForm creator={creator} />;
}

/** /post-ccontent: approved creators post here; everyone else is told what to do first. */
export function PostContentPage() {
  const session = useSession();
  if (!session) {
    return (
      <Frame>
        <SignInPrompt reason="Sign in to post photos and videos." />
      </Frame>
    );
  }
  if (!session.user.isEmailVerified) {
    return (
      <Frame>
        <EmptyState
          icon={MailCheck}
          title="Verify your email first"
          description="Creators need a verified email address before they post."
        >
          <Button asChild>
            <Link to={pathTo('emailVerification')}>Verify your email</Link>
          </Button>
        </EmptyState>
      </Frame>
    );
  }
  return (
    <Frame>
      <CreatorGate userId={session.user.id} />
    </Frame>
  );
}
