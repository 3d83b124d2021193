import { Heart, ImageIcon, Lock } from 'lucide-react';
import { type CreatorProfile, sixMonthPriceCents } from '#common/schemas/creators.ts';
import { youtubeVideoId } from '#common/schemas/posts.ts';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { formatDateTime, formatPrice, localToInstant } from '../../../lib/format.ts';
import { creatorInitials } from '../../creators/index.ts';
import { youtubeEmbedUrl } from '../../posts/index.ts';
import { isLocked, type PostDraft, visibilityOf } from '../post-draft.ts';

/** What a fan who has not unlocked the post is asked for. */
export function lockLabel(draft: PostDraft, creator: CreatorProfile): string | null {
  const visibility = visibilityOf(draft);
  if (visibility === 'public') return null;
  if (visibility === 'subscribers') {
    return `Subscribers · ${formatPrice(creator.price.monthly)}/month or ${formatPrice({
      amount: sixMonthPriceCents(creator.price.monthly.amount),
      currency: creator.price.monthly.currency,
    })} for 6 months`;
  }
  const amount = Number(draft.chargeAmount);
  return Number.isFinite(amount) && amount > 0
    ? `One-time · ${formatPrice({ amount: Math.round(amount * 100), currency: 'USD' })}`
    : 'One-time payment';
}

function PreviewMedia({ draft }: { draft: PostDraft }) {
  const { media } = draft;
  const youtubeId = media ? null : youtubeVideoId(draft.youtubeUrl);
  if (media?.type === 'video') {
    return <video src={media.url} muted loop autoPlay playsInline className="size-full object-cover" />;
  }
  if (media) return <img src={media.url} alt="" className="size-full object-cover" />;
  if (youtubeId) {
    return (
      <iframe
        src={youtubeEmbedUrl(youtubeId, false)}
        title="YouTube video preview"
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
        className="size-full border-0"
      />
    );
  }
  return (
    <div className="flex size-full flex-col items-center justify-center gap-2 text-muted-foreground">
      <ImageIcon aria-hidden="true" className="size-8" />
      <span className="text-xs">Your photo or video appears here</span>
    </div>
  );
}

/** The poll as a fan sees it before voting: its options in order and when voting ends. */
function PreviewPoll({ poll, locked }: { poll: NonNullable<PostDraft['poll']>; locked: boolean }) {
  const endsAt = localToInstant(poll.endsAt);
  return (
    <section aria-label="Poll" className="grid gap-1.5 px-4 pt-3">
      <ul className="grid gap-1.5" aria-label="Poll options">
        {poll.options.map((option, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the preview follows the options in place
          <li key={index} className="rounded-lg border border-border px-3 py-2 text-sm break-words">
            {option.trim() || <span className="text-muted-foreground">Option {index + 1}</span>}
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">
        {endsAt ? `Ends ${formatDateTime(endsAt.toISOString())}` : 'Choose when voting ends'}
        {locked ? ' · Only fans who unlocked the post can see and vote' : null}
      </p>
    </section>
  );
}

/** The post as it will look on Discover and on the creator's page, updated as the form changes. */
export function PostPreview({ draft, creator }: { draft: PostDraft; creator: CreatorProfile }) {
  const lock = lockLabel(draft, creator);
  const description = draft.postDescription.trim();
  // No file and no link: a text post, whose text is the card's body (no media box).
  const textOnly = draft.media === null && (draft.more?.length ?? 0) === 0 && draft.youtubeUrl.trim() === '';
  return (
    <section aria-labelledby="post-preview-title" className="grid gap-2">
      <h2 id="post-preview-title" className="text-sm font-medium">
        Preview
      </h2>
      <article className="overflow-hidden rounded-2xl border border-border bg-card text-card-foreground">
        <header className="flex items-center gap-3 px-4 py-3">
          <Avatar className="size-9">
            {creator.avatarUrl ? <AvatarImage src={creator.avatarUrl} alt="" /> : null}
            <AvatarFallback>{creatorInitials(creator.displayName)}</AvatarFallback>
          </Avatar>
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">{creator.displayName}</p>
            <p className="truncate text-xs text-muted-foreground">@{creator.handle}</p>
          </div>
        </header>
        {textOnly ? (
          lock ? (
            <p className="mx-4 inline-flex max-w-[calc(100%-2rem)] items-center gap-1 rounded-full bg-black/65 px-2.5 py-1 text-xs font-medium text-white">
              <Lock aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="truncate">{lock}</span>
            </p>
          ) : null
        ) : (
          <div className="relative aspect-[4/5] bg-muted sm:aspect-square">
            <PreviewMedia draft={draft} />
            {lock ? (
              <span className="absolute top-3 left-3 inline-flex max-w-[calc(100%-1.5rem)] items-center gap-1 rounded-full bg-black/65 px-2.5 py-1 text-xs font-medium text-white">
                <Lock aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="truncate">{lock}</span>
              </span>
            ) : null}
          </div>
        )}
        <p className="px-4 pt-3 text-sm break-words whitespace-pre-line">
          {description || <span className="text-muted-foreground">Your description</span>}
        </p>
        {draft.poll ? <PreviewPoll poll={draft.poll} locked={isLocked(draft)} /> : null}
        <footer className="flex items-center gap-1.5 px-4 py-3 text-sm text-muted-foreground">
          <Heart aria-hidden="true" className="size-4" />0
        </footer>
      </article>
      {isLocked(draft) ? (
        <p className="text-xs text-muted-foreground">
          {textOnly
            ? 'Fans who have not unlocked it see that the post is there and what it costs, never its text.'
            : 'Fans who have not unlocked it see a blurred preview with a lock, never the original.'}
        </p>
      ) : null}
    </section>
  );
}
