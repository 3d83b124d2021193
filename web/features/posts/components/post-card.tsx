import { MessageCircle, Share2 } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { limits } from '#common/limits.ts';
import type { PostView } from '#common/schemas/posts.ts';
import { MenuOnPress } from '../../../components/menu-on-press.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { trackButtonClick } from '../../../lib/analytics.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { cn } from '../../../lib/utils.ts';
import { TipButton } from '../../tips/index.ts';
import { sharePost } from '../share-post.ts';
import { useInView } from '../use-in-view.ts';
import { BookmarkButton } from './bookmark-button.tsx';
import { LikeButton } from './like-button.tsx';
import { PostCardHeader } from './post-card-header.tsx';
import { PostDialogHost, usePostDialog } from './post-dialogs.tsx';
import { PostFollowButton } from './post-follow-button.tsx';
import { PostMedia } from './post-media.tsx';
import { PostOptionsButton } from './post-options-button.tsx';
import { PostPoll } from './post-poll.tsx';
import { ProgressBar } from './progress-bar.tsx';

// Only signed-in viewers see the menu (edit and delete, or report): visitors never download it,
// and a viewer's page runs its code (Radix) only at the first press (MenuOnPress).
const loadPostMenu = () => import('./post-owner-menu.tsx');
const PostOwnerMenu = lazy(() => loadPostMenu().then((module) => ({ default: module.PostOwnerMenu })));

// Comments open under the card on demand: their code loads only then.
const CommentsSection = lazy(() =>
  import('./comments-section.tsx').then((module) => ({ default: module.CommentsSection })),
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
  /** The comments are shown below the card by its page (the post page): no toggle on the card. */
  commentsBelow?: boolean;
  /** On the creator's profile: a pinned post says so. */
  showPinned?: boolean;
}

/** One post: author, full-bleed media, description, like, follow and share (spec section 3). */
export function PostCard({
  post,
  priority = false,
  progress = false,
  followingHint = false,
  commentsBelow = false,
  showPinned = false,
  ...feed
}: PostCardProps) {
  const [commentsOpen, setCommentsOpen] = useState(false);
  const commentsId = useId();
  const ref = useRef<HTMLElement>(null);
  const inView = useInView(ref, limits.mediaInViewThreshold);
  const dialog = usePostDialog();
  const session = useSession();
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
        <PostCardHeader post={post} titleId={titleId} showPinned={showPinned} />
        {post.isOwner ? null : <PostFollowButton creator={post.creator} followingHint={followingHint} />}
        {session ? (
          <MenuOnPress
            load={loadPostMenu}
            code="post-menu"
            trigger={(handlers) => <PostOptionsButton {...handlers} />}
          >
            <PostOwnerMenu
              canEdit={post.canEdit}
              canDelete={post.canDelete}
              canReport={post.canReport}
              {...(post.canPin ? { pin: { postId: post.id, pinned: post.pinned } } : {})}
              onChoose={dialog.open}
              defaultOpen
            />
          </MenuOnPress>
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
        <p
          className={cn(
            'px-4 pt-3 break-words whitespace-pre-line',
            // A text post's text is its body: a size to read, not a caption's.
            post.textOnly ? 'text-base' : 'text-sm',
          )}
        >
          {post.description}
        </p>
      ) : null}
      {post.poll ? <PostPoll post={post} /> : null}
      <footer className="flex items-center gap-1 px-2 py-2">
        <LikeButton post={post} />
        {commentsBelow ? null : (
          <Button
            variant="ghost"
            size="sm"
            className="gap-1.5 rounded-full px-3"
            aria-expanded={commentsOpen}
            aria-controls={commentsId}
            aria-label={`Comments, ${formatNumber(post.commentCount)}`}
            onClick={() => setCommentsOpen((open) => !open)}
          >
            <MessageCircle aria-hidden="true" />
            <span aria-hidden="true">{formatNumber(post.commentCount)}</span>
          </Button>
        )}{' '}
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
        {post.isOwner ? null : (
          <TipButton
            creator={{ handle: post.creator.handle, name: post.creator.displayName }}
            appearance="icon"
          />
        )}
        <span className="ml-auto" />
        <BookmarkButton post={post} />
      </footer>
      <div id={commentsId} hidden={!commentsOpen} className="border-t border-border px-4 py-4">
        {commentsOpen ? (
          <Suspense fallback={<p className="text-sm text-muted-foreground">Loading comments…</p>}>
            <CommentsSection postId={post.id} headingLevel={3} />
          </Suspense>
        ) : null}
      </div>
      <PostDialogHost post={post} dialog={dialog} />
    </article>
  );
}
