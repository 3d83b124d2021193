import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BookmarksService } from '../../services/engagement/bookmarks.service.ts';
import type { CommentsService } from '../../services/engagement/comments.service.ts';
import type { ListsService } from '../../services/engagement/lists.service.ts';
import type { PresentPosts } from '../../services/posts/post-views.ts';
import bookmarkRoutes from './bookmarks.ts';
import commentRoutes from './comments.ts';
import listRoutes from './lists.ts';

/** Comments, bookmarks and lists: what fans do with posts and creators beyond liking and following. */
const engagementRoutes: FastifyPluginAsyncZod<{
  comments: CommentsService;
  bookmarks: BookmarksService;
  lists: ListsService;
  /** Posts as a viewer sees them (server/services/posts/post-views.ts), for the saved and list feeds. */
  presentPosts: PresentPosts;
}> = async (app, { comments, bookmarks, lists, presentPosts }) => {
  await app.register(commentRoutes, { comments });
  await app.register(bookmarkRoutes, { bookmarks, presentPosts });
  await app.register(listRoutes, { lists, presentPosts });
};

export default engagementRoutes;
