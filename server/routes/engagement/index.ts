import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BookmarksService } from '../../services/engagement/bookmarks.service.ts';
import type { CommentsService } from '../../services/engagement/comments.service.ts';
import type { ListsService } from '../../services/engagement/lists.service.ts';
import bookmarkRoutes from './bookmarks.ts';
import commentRoutes from './comments.ts';
import listRoutes from './lists.ts';

/** Comments, bookmarks and lists: what fans do with posts and creators beyond liking and following. */
const engagementRoutes: FastifyPluginAsyncZod<{
  comments: CommentsService;
  bookmarks: BookmarksService;
  lists: ListsService;
}> = async (app, { comments, bookmarks, lists }) => {
  await app.register(commentRoutes, { comments });
  await app.register(bookmarkRoutes, { bookmarks });
  await app.register(listRoutes, { lists });
};

export default engagementRoutes;
