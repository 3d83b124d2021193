import { CalendarClock, CircleAlert, Globe, Lock, Ticket } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { limits } from '#common/limits.ts';
import type { CreatorProfile } from '#common/schemas/creators.ts';
import { postPricing } from '#common/schemas/posts.ts';
import { FormField } from '../../../components/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { trackFormSubmit } from '../../../lib/analytics.ts';
import { formatPrice } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { cn } from '../../../lib/utils.ts';
import {
  chargeInputFilter,
  type DraftField,
  type DraftProblems,
  draftProblems,
  emptyDraft,
  fileProblem,
  isLocked,
  type LockedPrice,
  type MediaType,
  type PostAction,
  type PostDraft,
  problemsFromServer,
  visibilityOf,
} from '../post-draft.ts';
import { usePublishPost } from '../use-publish-post.ts';
import { ChoiceCards } from './choice-cards.tsx';
import { MediaField } from './media-field.tsx';
import { MoreItemsField } from './more-items-field.tsx';
import { PollField } from './poll-field.tsx';
import { PostPreview } from './post-preview.tsx';
import { PostedDialog } from './posted-dialog.tsx';
import { ScheduleField } from './schedule-field.tsx';
import { UploadStatus } from './upload-status.tsx';

const actionChoices = [
  { value: 'Create Post', description: 'Free for everyone, on Discover and your page.', icon: Globe },
  { value: 'Locked Content', description: 'Fans subscribe or pay once to see it.', icon: Lock },
] as const;

const dollars = (cents: number) => formatPrice({ amount: cents, currency: postPricing.currency });

function priceChoices(creator: CreatorProfile) {
  return [
    {
      value: 'Use Monthly Subscription',
      description: `Your subscribers see it (${formatPrice(creator.price.monthly)}/month).`,
      icon: CalendarClock,
    },
    { value: 'One-Time Payment', description: 'Any fan can unlock it once for a price.', icon: Ticket },
  ] as const;
}

const fieldOrder: DraftField[] = ['description', 'media', 'charge', 'poll', 'publishAt', 'expiresAt'];

const showProblem = (message: string) => toast.error(message);

const submitLabels = { now: 'Post Content', scheduled: 'Schedule post', draft: 'Save draft' } as const;

/** The Post Content form: action, audience and price, description, one file or a link, preview. */
export function PostContentForm({ creator }: { creator: CreatorProfile }) {
  const [draft, setDraft] = useState<PostDraft>(emptyDraft);
  const [problems, setProblems] = useState<DraftProblems>({});
  const [checked, setChecked] = useState(false);
  const publisher = usePublishPost();
  const fields = {
    description: useRef<HTMLTextAreaElement>(null),
    media: useRef<HTMLDivElement>(null),
    charge: useRef<HTMLInputElement>(null),
    poll: useRef<HTMLInputElement>(null),
    publishAt: useRef<HTMLInputElement>(null),
    expiresAt: useRef<HTMLInputElement>(null),
  };
  const busy = publisher.busy;

  // The object URL of a chosen file lives as long as the file stays chosen.
  const mediaUrl = draft.media?.url;
  useEffect(() => (mediaUrl ? () => URL.revokeObjectURL(mediaUrl) : undefined), [mediaUrl]);

  function change(patch: Partial<PostDraft>) {
    const next = { ...draft, ...patch };
    setDraft(next);
    // After a first attempt, messages follow the fields as they are corrected.
    if (checked) setProblems(draftProblems(next));
  }

  // A stable handler, so the memoized schedule field is not redrawn on every keystroke elsewhere.
  const latestChange = useRef(change);
  latestChange.current = change;
  const changeSchedule = useCallback((patch: Partial<PostDraft>) => latestChange.current(patch), []);
  const changePoll = useCallback((poll: PostDraft['poll']) => latestChange.current({ poll }), []);
  const changeMore = useCallback((more: PostDraft['more']) => latestChange.current({ more }), []);

  function pick(file: File, type: MediaType) {
    const problem = fileProblem(file, type);
    if (problem) {
      toast.error(problem);
      setProblems((current) => ({ ...current, media: problem }));
      return;
    }
    change({ media: { type, file, url: URL.createObjectURL(file) }, youtubeUrl: '' });
  }

  function focusFirst(found: DraftProblems) {
    const first = fieldOrder.find((field) => found[field]);
    if (first === 'media') fields.media.current?.querySelector<HTMLElement>('button')?.focus();
    else if (first) fields[first].current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    trackFormSubmit('post_content');
    setChecked(true);
    const found = draftProblems(draft);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    await publisher.publish(draft);
  }

  // A refusal about a field is shown beside it; anything else in the banner above the button.
  const serverProblems = problemsFromServer(publisher.error?.fields);
  const shown = { ...serverProblems, ...problems };
  const locked = isLocked(draft);
  const payPerView = visibilityOf(draft) === 'pay_per_view';
  const length = draft.postDescription.length;

  function startOver() {
    publisher.reset();
    setDraft(emptyDraft);
    setProblems({});
    setChecked(false);
  }

  return (
    <>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="grid items-start gap-6 @3xl:grid-cols-[minmax(0,1fr)_20rem] @3xl:gap-x-8"
      >
        <div className="grid min-w-0 gap-6">
          <ChoiceCards
            name="selectedAction"
            legend="What are you posting?"
            choices={actionChoices}
            value={draft.selectedAction}
            disabled={busy}
            onChange={(selectedAction: PostAction) => change({ selectedAction })}
          />
          {locked ? (
            <div className="grid gap-4 rounded-2xl border border-border bg-muted/30 p-4">
              <ChoiceCards
                name="selectedPrice"
                legend="How do fans unlock it?"
                choices={priceChoices(creator)}
                value={draft.selectedPrice}
                disabled={busy}
                onChange={(selectedPrice: LockedPrice) => change({ selectedPrice })}
              />
              {payPerView ? (
                <FormField
                  label="Charge amount (USD)"
                  error={shown.charge}
                  hint={`Between ${dollars(postPricing.minCents)} and ${dollars(postPricing.maxCents)}.`}
                >
                  {(control) => (
                    <div className="relative max-w-48">
                      <span
                        aria-hidden="true"
                        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
                      >
                        $
                      </span>
                      <Input
                        {...control}
                        ref={fields.charge}
                        inputMode="decimal"
                        autoComplete="off"
                        placeholder="0.00"
                        value={draft.chargeAmount}
                        disabled={busy}
                        onChange={(event) => change({ chargeAmount: chargeInputFilter(event.target.value) })}
                        className="pl-7"
                      />
                    </div>
                  )}
                </FormField>
              ) : null}
            </div>
          ) : null}
          <FormField
            label="Description"
            error={shown.description}
            hint={
              <span className={cn(length > limits.postDescriptionMaxLength && 'text-destructive')}>
                {length}/{limits.postDescriptionMaxLength}
              </span>
            }
          >
            {(control) => (
              <Textarea
                {...control}
                ref={fields.description}
                rows={4}
                placeholder="Tell fans what this is about"
                value={draft.postDescription}
                disabled={busy}
                onChange={(event) => change({ postDescription: event.target.value })}
              />
            )}
          </FormField>
          <div ref={fields.media}>
            <MediaField
              media={draft.media}
              youtubeUrl={draft.youtubeUrl}
              error={shown.media}
              disabled={busy}
              onPick={pick}
              traceRecordings={draft.traceRecordings}
              onTraceRecordings={(traceRecordings) => change({ traceRecordings })}
              onRemove={() => change({ media: null })}
              onYoutubeUrl={(youtubeUrl) => change({ youtubeUrl })}
            />
          </div>
          {draft.youtubeUrl.trim() === '' ? (
            <MoreItemsField
              hasFirst={draft.media !== null}
              more={draft.more}
              disabled={busy}
              onChange={changeMore}
              check={fileProblem}
              onProblem={showProblem}
            />
          ) : null}
          <PollField
            poll={draft.poll}
            problem={shown.poll}
            disabled={busy}
            onChange={changePoll}
            when={draft.when}
            publishAt={draft.publishAt}
            firstRef={fields.poll}
          />
          <ScheduleField
            when={draft.when}
            publishAt={draft.publishAt}
            expiresAt={draft.expiresAt}
            publishAtProblem={shown.publishAt}
            expiresAtProblem={shown.expiresAt}
            disabled={busy}
            onChange={changeSchedule}
            publishAtRef={fields.publishAt}
            expiresAtRef={fields.expiresAt}
          />
        </div>
        {/* Beside the fields on a wide page; between the fields and the button on a narrow one. */}
        <aside className="w-full max-w-xs @3xl:sticky @3xl:top-20 @3xl:col-start-2 @3xl:row-span-2 @3xl:row-start-1 @3xl:max-w-none">
          <PostPreview draft={draft} creator={creator} />
        </aside>
        <div className="grid min-w-0 gap-4">
          <UploadStatus
            phase={publisher.phase}
            progress={publisher.progress}
            hasFile={draft.media !== null}
            onCancel={publisher.cancel}
          />
          {publisher.phase === 'failed' && publisher.error ? (
            <div
              role="alert"
              className="flex gap-3 rounded-xl border border-destructive/50 bg-destructive/10 p-3 text-sm"
            >
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
              <div>
                <p className="font-semibold">
                  {draft.when === 'draft' ? 'Your draft was not saved' : 'Your post was not published'}
                </p>
                <p>{publisher.error.message}</p>
                <p className="text-muted-foreground">
                  Nothing you entered is lost: press {submitLabels[draft.when]} to try again.
                </p>
              </div>
            </div>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" size="lg" disabled={busy} aria-busy={busy || undefined}>
              {submitLabels[draft.when]}
            </Button>
            <p className="text-xs text-muted-foreground">
              {locked
                ? 'Locked: fans see a blurred preview until they unlock it.'
                : 'Public: anyone can see it.'}
            </p>
          </div>
        </div>
      </form>
      <PostedDialog post={publisher.phase === 'done' ? publisher.post : null} onPostAnother={startOver} />
    </>
  );
}
