import { pathTo } from '../../../common/routes.ts';
import {
  type CreatePostInput,
  createPostSchema,
  type LikeState,
  type PostView,
  postMessages,
  type UpdatePostInput,
  youtubeVideoId,
} from '../../../common/schemas/posts.ts';
import { forbidden, notFound, validationFailed } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { rankScore } from '../../lib/rank.ts';
import { requireVerified } from '../../policies/account.ts';
import { assertNotRegionBlocked, canViewCreator, isOwnerOf, type Viewer } from '../../policies/creators.ts';
import { canDeletePost } from '../../policies/posts.ts';
import type { BlocksRepository } from '../../repositories/blocks.repository.ts';
import type { CreatorsRepository } from '../../repositories/creators.repository.ts';
import type { PostChanges, PostRow, PostsRepository } from '../../repositories/posts.repository.ts';
import type { UserRecord } from '../../repositories/users.repository.ts';
import type { OwnedMedia } from '../creators/owned-media.ts';
import type { MediaLibrary } from '../media/library.service.ts';
import { nameOf } from '../realtime/actor-name.ts';
import type { NotificationsService } from '../realtime/notifications.service.ts';
import type { PresentPosts } from './post-views.ts';

type Actor = Viewer & Pick<UserRecord, 'firstName' | 'lastName' | 'isEmailVerified'>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const cents = (price: string | undefined) => Math.round(Number(price ?? '0') * 100);

export function createPostsService(deps: {
  posts: PostsRepository;
  creators: Pick<CreatorsRepository, 'findByUserId'>;
  blocks: Pick<BlocksRepository, 'between'>;
  ownedMedia: OwnedMedia;
  library: Pick<MediaLibrary, 'remove'>;
  present: PresentPosts;
  notifications: Pick<NotificationsService, 'notify'>;
  clock: Clock;
}) {
  /** The post when this viewer may see it at all (its creator's page is visible to them). */
  async function visible(viewer: Viewer | null, id: string): Promise<PostRow> {
    const row = UUID.test(id) ? await deps.posts.find(id.toLowerCase()) : null;
    if (!row) throw notFound(postMessages.notFound);
    const blocked =
      viewer !== null && viewer.id !== row.creator.userId
        ? await deps.blocks.between(viewer.id, row.creator.userId)
        : false;
    if (!blocked) assertNotRegionBlocked(viewer, row.creator);
    if (!canViewCreator(viewer, row.creator, blocked)) throw notFound(postMessages.notFound);
    return row;
  }

  async function one(viewer: Viewer | null, id: string): Promise<PostView> {
    const [view] = await deps.present(viewer, [await visible(viewer, id)]);
    if (!view) throw notFound(postMessages.notFound);
    return view;
  }

  async function setLike(user: Actor, id: string, liked: boolean): Promise<LikeState> {
    if (liked) requireVerified(user);
    const row = await visible(user, id);
    const result = await deps.posts.setLike(user.id, row.post.id, liked, deps.clock.now());
    if (liked && result.changed) {
      await deps.notifications.notify({
        userId: row.creator.userId,
        kind: 'like',
        actorId: user.id,
        text: `${nameOf(user)} liked your post`,
        link: pathTo('publicProfile', { id: row.creator.handle }),
      });
    }
    return { liked, likes: result.likes };
  }

  return {
    get: one,

    /** Approved creators only, verified; one upload of their own (not used by another post) or a YouTube link. */
    async create(user: UserRecord, input: CreatePostInput): Promise<PostView> {
      requireVerified(user);
      const creator = await deps.creators.findByUserId(user.id);
      if (!creator) throw forbidden(postMessages.onlyCreators);
      // A profile in review or rejected is seen by nobody else: its posts would wait unseen.
      if (creator.status !== 'approved') throw forbidden(postMessages.notApproved);
      const body = createPostSchema.parse(input);
      if (body.mediaId) {
        const media = await deps.ownedMedia.find(user, body.mediaId, 'post');
        if (!media || (await deps.posts.isMediaUsed(media.id)))
          throw validationFailed({ mediaId: postMessages.mediaMissing });
      }
      const now = deps.clock.now();
      const post = await deps.posts.create({
        creatorId: creator.id,
        description: body.description,
        mediaId: body.mediaId ?? null,
        youtubeId: body.youtubeUrl ? youtubeVideoId(body.youtubeUrl) : null,
        visibility: body.visibility,
        priceCents: body.visibility === 'pay_per_view' ? cents(body.price) : null,
        rankScore: rankScore(now, 0),
        createdAt: now,
        updatedAt: now,
      });
      return one(user, post.id);
    },

    /** The creator changes the text or the audience; to anyone else the post is not theirs to change. */
    async update(user: Viewer, id: string, input: UpdatePostInput): Promise<PostView> {
      const row = await visible(user, id);
      if (!isOwnerOf(user, row.creator)) throw forbidden('Only the creator can edit this post');
      const changes: PostChanges = {};
      if (input.description !== undefined) changes.description = input.description.trim();
      if (input.visibility !== undefined) {
        changes.visibility = input.visibility;
        changes.priceCents = input.visibility === 'pay_per_view' ? cents(input.price) : null;
      }
      await deps.posts.update(row.post.id, changes, deps.clock.now());
      return one(user, row.post.id);
    },

    /** Removes the post and its media files. */
    async delete(user: Viewer, id: string): Promise<void> {
      const row = await visible(user, id);
      if (!canDeletePost(user, isOwnerOf(user, row.creator)))
        throw forbidden('Only the creator can delete this post');
      await deps.posts.delete(row.post.id);
      if (row.post.mediaId) await deps.library.remove(row.post.mediaId);
    },

    like: (user: Actor, id: string) => setLike(user, id, true),
    unlike: (user: Actor, id: string) => setLike(user, id, false),
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
