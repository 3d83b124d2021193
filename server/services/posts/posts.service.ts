import { limits } from '../../../common/limits.ts';
import { pathTo } from '../../../common/routes.ts';
import {
  type CreatePostInput,
  createPostSchema,
  type LikeState,
  postMessages,
  type UpdatePostInput,
  youtubeVideoId,
} from '../../../common/schemas/posts.ts';
import { conflict, notFound, validationFailed } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { rankScore } from '../../lib/rank.ts';
import { actorOf, assertCan, assertPresent } from '../../policies/access.ts';
import { isOwnerOf, type Viewer } from '../../policies/actions/creators.ts';
import type { UserRecord } from '../../repositories/auth/users.repository.ts';
import type { CreatorsRepository } from '../../repositories/creators/creators.repository.ts';
import type { PostChanges, PostRow, PostsRepository } from '../../repositories/posts/index.ts';
import type { BlocksRepository } from '../../repositories/safety/blocks.repository.ts';
import type { OwnedMedia } from '../creators/owned-media.ts';
import type { MediaLibrary } from '../media/library.service.ts';
import { nameOf } from '../realtime/actor-name.ts';
import type { NotificationsService } from '../realtime/notifications.service.ts';
import { likeEmail } from './emails.ts';
import type { ReadPostFacts } from './post-views.ts';

type Actor = Viewer & Pick<UserRecord, 'firstName' | 'lastName' | 'isEmailVerified'>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const cents = (price: string | undefined) => Math.round(Number(price ?? '0') * 100);

export function createPostsService(deps: {
  posts: PostsRepository;
  creators: Pick<CreatorsRepository, 'findByUserId'>;
  blocks: Pick<BlocksRepository, 'between'>;
  ownedMedia: OwnedMedia;
  library: Pick<MediaLibrary, 'remove'>;
  /** The viewer's standing on a post (a vote needs the post unlocked). */
  facts: ReadPostFacts;
  notifications: Pick<NotificationsService, 'notify' | 'newPost'>;
  clock: Clock;
  /** The app's address, for the links in emails (a like's email leads to the post). */
  publicUrl: string;
  /** Asks for a run of the scheduler at that moment (a scheduled post's time). */
  wakeAt?: (at: Date) => Promise<void>;
}) {
  /** Checks a chosen publish time and end date against now; the messages say what to change. */
  function checkTimes(now: Date, publishAt: Date | null, expiresAt: Date | null | undefined) {
    if (publishAt && publishAt.getTime() <= now.getTime())
      throw validationFailed({ publishAt: postMessages.publishAtInPast });
    if (expiresAt && expiresAt.getTime() <= now.getTime())
      throw validationFailed({ expiresAt: postMessages.expiresInPast });
    if (expiresAt && publishAt && expiresAt.getTime() <= publishAt.getTime())
      throw validationFailed({ expiresAt: postMessages.expiresBeforePublish });
  }

  async function checkScheduleRoom(creatorId: string) {
    if ((await deps.posts.countScheduled(creatorId)) >= limits.scheduledPostsMax)
      throw validationFailed({ publishAt: postMessages.tooManyScheduled });
  }

  /** The post when this viewer may see it at all (its creator's page is visible to them). */
  async function visible(viewer: Viewer | null, id: string): Promise<PostRow> {
    const row = UUID.test(id) ? await deps.posts.find(id.toLowerCase()) : null;
    if (!row) throw notFound(postMessages.notFound);
    const blocked =
      viewer !== null && viewer.id !== row.creator.userId
        ? await deps.blocks.between(viewer.id, row.creator.userId)
        : false;
    assertCan(actorOf(viewer), 'post:view', { creator: row.creator, blocked, status: row.post.status });
    return row;
  }

  async function setLike(user: Actor, id: string, liked: boolean): Promise<LikeState> {
    if (liked) assertCan(actorOf(user), 'account:act', {});
    const row = await visible(user, id);
    assertCan(actorOf(user), 'post:like', { status: row.post.status });
    const result = await deps.posts.setLike(user.id, row.post.id, liked, deps.clock.now());
    if (liked && result.changed) {
      await deps.notifications.notify({
        userId: row.creator.userId,
        kind: 'like',
        actorId: user.id,
        text: `${nameOf(user)} liked your post`,
        link: pathTo('publicProfile', { id: row.creator.handle }),
        // Off by default: only creators who turn like emails on in Settings get them.
        email: (to) =>
          likeEmail(to, {
            likerName: nameOf(user),
            url: `${deps.publicUrl}${pathTo('post', { id: row.post.id })}`,
          }),
      });
    }
    return { liked, likes: result.likes };
  }

  return {
    /** The post's row for this viewer; the endpoint presents it (server/presenters/posts/post-views.ts). */
    get: visible,
    /** The post's row when this viewer may see it; not found otherwise (comments and bookmarks ask too). */
    visible,

    /** Approved creators only, verified; one upload of their own (not used by another post) or a YouTube link. */
    async create(user: UserRecord, input: CreatePostInput): Promise<PostRow> {
      assertCan(actorOf(user), 'account:act', {});
      const creator = await deps.creators.findByUserId(user.id);
      assertCan(actorOf(user), 'creator:publish', { creator });
      assertPresent(creator);
      const body = createPostSchema.parse(input);
      // One upload or several (a carousel), each the creator's own; an item of the vault may be in
      // several posts.
      const field = body.mediaIds?.length ? 'mediaIds' : 'mediaId';
      const mediaIds = body.mediaIds?.length ? body.mediaIds : body.mediaId ? [body.mediaId] : [];
      for (const mediaId of mediaIds) {
        if (!(await deps.ownedMedia.find(user, mediaId, 'post')))
          throw validationFailed({ [field]: postMessages.mediaMissing });
      }
      const now = deps.clock.now();
      const publishAt = body.publish === 'scheduled' && body.publishAt ? new Date(body.publishAt) : null;
      const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
      checkTimes(now, publishAt, expiresAt);
      const pollEndsAt = body.poll ? new Date(body.poll.endsAt) : null;
      if (pollEndsAt && pollEndsAt.getTime() <= (publishAt ?? now).getTime())
        throw validationFailed({ poll: postMessages.pollEndInPast });
      if (publishAt) await checkScheduleRoom(creator.id);
      // A scheduled post takes the id of its moment, so it appears in order once out (see reKey).
      const at = publishAt ?? now;
      const post = await deps.posts.create({
        ...(publishAt ? { id: uuidv7(publishAt.getTime()) } : {}),
        status: body.publish === 'now' ? 'published' : body.publish,
        publishAt,
        expiresAt,
        creatorId: creator.id,
        description: body.description,
        mediaId: mediaIds[0] ?? null,
        youtubeId: body.youtubeUrl ? youtubeVideoId(body.youtubeUrl) : null,
        textOnly: mediaIds.length === 0 && !body.youtubeUrl,
        visibility: body.visibility,
        priceCents: body.visibility === 'pay_per_view' ? cents(body.price) : null,
        rankScore: rankScore(at, 0),
        createdAt: at,
        updatedAt: now,
      });
      await deps.posts.addItems(post.id, mediaIds.slice(1));
      if (body.poll && pollEndsAt) await deps.posts.createPoll(post.id, body.poll.options, pollEndsAt);
      if (publishAt) await deps.wakeAt?.(publishAt);
      else if (post.status === 'published') {
        await deps.notifications.newPost({
          id: post.id,
          creatorId: creator.id,
          creatorName: creator.displayName,
        });
      }
      return visible(user, post.id);
    },

    /** The creator changes the text or the audience; to anyone else the post is not theirs to change. */
    async update(user: Viewer, id: string, input: UpdatePostInput): Promise<PostRow> {
      const row = await visible(user, id);
      assertCan(actorOf(user), 'post:edit', { isOwner: isOwnerOf(user, row.creator) });
      const now = deps.clock.now();
      const changes: PostChanges = {};
      if (input.description !== undefined) changes.description = input.description.trim();
      if (input.visibility !== undefined) {
        changes.visibility = input.visibility;
        changes.priceCents = input.visibility === 'pay_per_view' ? cents(input.price) : null;
      }
      const { status } = row.post;
      const waiting = status === 'draft' || status === 'scheduled';
      if (input.publish !== undefined && input.publish !== 'now' && !waiting)
        throw validationFailed({ publish: postMessages.alreadyPublished });
      const publishAt =
        input.publish === 'scheduled' && input.publishAt
          ? new Date(input.publishAt)
          : input.publish === undefined && status === 'scheduled' && input.publishAt
            ? new Date(input.publishAt)
            : null;
      const expiresAt =
        input.expiresAt === undefined
          ? undefined
          : input.expiresAt === null
            ? null
            : new Date(input.expiresAt);
      checkTimes(now, publishAt, expiresAt);
      // The end date must also follow a time the post is already scheduled for, or a new one.
      const goesOut =
        publishAt ?? (status === 'scheduled' && input.publish === undefined ? row.post.publishAt : null);
      const endsAt = expiresAt === undefined ? row.post.expiresAt : expiresAt;
      if (goesOut && endsAt && endsAt <= goesOut)
        throw validationFailed({ expiresAt: postMessages.expiresBeforePublish });
      if (expiresAt !== undefined) {
        changes.expiresAt = expiresAt;
        // A new end date in the future brings an expired post back.
        if (status === 'expired') changes.status = 'published';
      }
      let postId = row.post.id;
      if (waiting && (input.publish !== undefined || publishAt)) {
        const mode = input.publish ?? 'scheduled';
        if (mode === 'scheduled' && status !== 'scheduled') await checkScheduleRoom(row.creator.id);
        const at = mode === 'scheduled' && publishAt ? publishAt : now;
        changes.status = mode === 'now' ? 'published' : mode;
        changes.publishAt = mode === 'scheduled' ? publishAt : null;
        changes.createdAt = at;
        changes.rankScore = rankScore(at, 0);
        if (mode !== 'draft') {
          postId = mode === 'scheduled' ? uuidv7(at.getTime()) : uuidv7();
          await deps.posts.reKey(row.post.id, postId);
        }
      }
      await deps.posts.update(postId, changes, now);
      if (changes.status === 'scheduled' && changes.publishAt) await deps.wakeAt?.(changes.publishAt);
      // A draft going out now is new to the subscribers; an expired post shown again is not.
      if (waiting && changes.status === 'published') {
        await deps.notifications.newPost({
          id: postId,
          creatorId: row.creator.id,
          creatorName: row.creator.displayName,
        });
      }
      return visible(user, postId);
    },

    /** Removes the post and its media files (those no other post uses). */
    async delete(user: Viewer, id: string): Promise<void> {
      const row = await visible(user, id);
      assertCan(actorOf(user), 'post:delete', { isOwner: isOwnerOf(user, row.creator) });
      const extras = (await deps.posts.extraItemsOf([row.post.id])).get(row.post.id) ?? [];
      const mediaIds = [...new Set([row.post.mediaId, ...extras.map((item) => item.id)])];
      await deps.posts.delete(row.post.id);
      // Its photos and videos go with it, unless another post still shows them.
      for (const mediaId of mediaIds) {
        if (mediaId && !(await deps.posts.isMediaUsed(mediaId))) await deps.library.remove(mediaId);
      }
    },

    /** Pins the creator's published post to the top of their profile (unpinning any other), or unpins it. */
    async pin(user: Viewer, id: string, pinned: boolean): Promise<PostRow> {
      const row = await visible(user, id);
      assertCan(actorOf(user), 'post:pin', {
        isOwner: isOwnerOf(user, row.creator),
        status: row.post.status,
        pinned,
      });
      if (pinned) await deps.posts.setPinned(row.creator.id, row.post.id, deps.clock.now());
      else if (row.post.pinnedAt) await deps.posts.setPinned(row.creator.id, null, deps.clock.now());
      return visible(user, row.post.id);
    },

    /** The creator's scheduled posts (soonest first) or drafts. */
    async queue(
      user: UserRecord,
      status: 'scheduled' | 'draft',
    ): Promise<{ rows: PostRow[]; nextCursor: null }> {
      const creator = await deps.creators.findByUserId(user.id);
      assertCan(actorOf(user), 'post:queue', { isCreator: Boolean(creator) });
      assertPresent(creator);
      const rows = await deps.posts.queue(creator.id, status);
      return { rows, nextCursor: null };
    },

    /**
     * One vote per fan, while the poll is open, on a post they may see in full (blocks hide the
     * post altogether; a locked post must be unlocked first); the creator does not vote.
     */
    async vote(user: Actor, id: string, option: number): Promise<PostRow> {
      assertCan(actorOf(user), 'account:act', {});
      const row = await visible(user, id);
      const actor = actorOf(user);
      const facts = {
        isOwner: isOwnerOf(user, row.creator),
        status: row.post.status,
        entitled: true,
        ended: false,
        voted: false,
      };
      // What can be told before the viewer's standing is read: not published, or the creator's own.
      assertCan(actor, 'post:vote', facts);
      const [standing] = await deps.facts(user, [row]);
      if (!standing) throw notFound(postMessages.notFound);
      assertCan(actor, 'post:vote', { ...facts, entitled: standing.entitled });
      const poll = (await deps.posts.pollsOf([row.post.id], user.id)).get(row.post.id);
      if (!poll) throw notFound(postMessages.noPoll);
      assertCan(actor, 'post:vote', {
        ...facts,
        entitled: standing.entitled,
        ended: poll.endsAt.getTime() <= deps.clock.now().getTime(),
        voted: poll.myVote !== null,
      });
      if (option >= poll.options.length) throw validationFailed({ option: postMessages.pollNoSuchOption });
      if (!(await deps.posts.vote(row.post.id, user.id, option, deps.clock.now())))
        throw conflict(postMessages.pollAlreadyVoted);
      return visible(user, row.post.id);
    },

    like: (user: Actor, id: string) => setLike(user, id, true),
    unlike: (user: Actor, id: string) => setLike(user, id, false),
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
