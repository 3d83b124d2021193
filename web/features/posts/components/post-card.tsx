import { Share2 } from 'lucide-react';
import { lazy, Suspense, useRef } from 'react';
import { limits } from '#common/limits.ts';
import type { PostView } from '#common/schemas/posts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { trackButtonClick } from '../../../lib/analytics.ts';
import { useSession } from '../../../lib/session.ts';
import { sharePost } from '../share-post.ts';
import { useInView } from '../use-in-view.ts';
import { LikeButton } from './like-button.tsx';
import { PostCardHeader } from './post-card-header.tsx';
import { PostDialogHost, usePostDialog } from './post-dialogs.tsx';
import { PostFollowButton } from './post-follow-button.tsx';
import { PostMedia } from './post-media.tsx';
import { ProgressBar } from './progress-bar.tsx';

// Only signed-in viewers see the menu (edit and delete, or report): visitors never download it.
const PostOwnerMenu = lazy(() =>
  import('./post-owner-menu.tsx').then((module) => ({ default: module.PostOwnerMenu })),
);

export interface PostCardProps {
  post: PostView;
  /** The first card: its image loads at once (it is the page's largest paint). */
  priority?: boolean;
  /** Discover's 10-second bar while the card is in view. */
  progress?: boolean;
  followingHint?: boolean;
  /** Position in a role="feed" list, for screen readers; -1 set size while more can load. */
  position?: number;
  setSize?: number;
}

/** One post: author, full-bleed media, description, like, follow and share (spec section 3). */
export function PostCard({
  post,
  priority = false,
  progress = false,
  followingHint = false,
  ...feed
}: PostCardProps) {
  const ref = useRef<HTMLElement>(null);
  const inView = useInView(ref, limits.mediaInViewThreshold);
  const dialog = usePostDialog();
  const session = useSession();
  const isAdmin = session?.user.role === 'admin';
  const titleId = `post-${post.id}-author`;

  return (
    <article
      ref={ref}
      aria-labelledby={titleId}
      aria-posinset={feed.position}
      aria-setsize={feed.setSize}
      className="overflow-hidden border-y border-border bg-card text-card-foreground max-md:-mx-4 md:rounded-2xl md:border"
    >
      <header className="flex items-center gap-2 px-4 py-3">
        <PostCardHeader post={post} titleId={titleId} />
        {post.isOwner ? null : <PostFollowButton creator={post.creator} followingHint={followingHint} />}
        {session ? (
          <Suspense fallback={<span className="size-9" />}>
            <PostOwnerMenu
              canEdit={post.isOwner}
              canDelete={post.isOwner || isAdmin}
              canReport={!post.isOwner}
              onChoose={dialog.open}
            />
          </Suspense>
        ) : null}
      </header>
      <div className="relative">
        <PostMedia
          post={post}
          active={inView}
          priority={priority}
          onOpen={(event) => dialog.open('viewer', event.currentTarget)}
          onUnlock={(event) => dialog.open('unlock', event.currentTarget)}
        />
        {progress && inView ? <ProgressBar /> : null}
      </div>
      {post.description ? (
        <p className="px-4 pt-3 text-sm break-words whitespace-pre-line">{post.description}</p>
      ) : null}
      <footer className="flex items-center gap-1 px-2 py-2">
        <LikeButton post={post} />
        <Button
          variant="ghost"
          size="icon-sm"
          className="rounded-full"
          aria-label="Share post"
          onClick={() => {
            trackButtonClick('share_post');
            void sharePost(post);
          }}
        >
          <Share2 aria-hidden="true" />
        </Button>
      </footer>
      <PostDialogHost post={post} dialog={dialog} />
    </article>
  );
}
