import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { CommentPage, CommentView, ReplyPage } from '#common/schemas/engagement.ts';
import { api } from '../../../lib/api-client.ts';
import { updateCachedPost } from './post-cache.ts';

export type CommentPages = InfiniteData<CommentPage, string | null>;

const postPath = (postId: string) => `/posts/${encodeURIComponent(postId)}`;
const commentPath = (commentId: string) => `/comments/${encodeURIComponent(commentId)}`;

export const commentKeys = {
  all: ['comments'] as const,
  post: (postId: string) => ['comments', postId] as const,
};

function readPage(body: unknown): CommentPage {
  const page = body as Partial<CommentPage> | null;
  if (!page || !Array.isArray(page.items) || typeof page.count !== 'number')
    throw new Error('Unexpected answer from the server (comments)');
  return page as CommentPage;
}

/** GET /api/posts/:id/comments: newest first, each with its first replies. */
export async function getComments(postId: string, cursor: string | null, signal?: AbortSignal) {
  return readPage(
    await api.get(`${postPath(postId)}/comments`, { query: { cursor: cursor ?? undefined }, signal }),
  );
}

export function commentsQueryOptions(postId: string) {
  return infiniteQueryOptions<CommentPage, Error, CommentPages, readonly string[], string | null>({
    queryKey: commentKeys.post(postId),
    queryFn: ({ pageParam, signal }) => getComments(postId, pageParam, signal),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The comments of an open section (read again when its live count changes: live-comment-counts.ts). */
export function useComments(postId: string) {
  return useInfiniteQuery(commentsQueryOptions(postId));
}

/** GET /api/comments/:id/replies: the rest of a thread, oldest first. */
export async function getReplies(commentId: string, cursor: string | null): Promise<ReplyPage> {
  return (await api.get(`${commentPath(commentId)}/replies`, {
    query: { cursor: cursor ?? undefined, limit: 50 },
  })) as ReplyPage;
}

/** The count on every card of the post and on its comments section: from the server's answer. */
export function setCommentCount(queryClient: QueryClient, postId: string, count: number): void {
  updateCachedPost(queryClient, postId, (post) => ({ ...post, commentCount: count }));
  queryClient.setQueryData<CommentPages>(commentKeys.post(postId), (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, count })) } : data,
  );
}

export function useCreateComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { text: string; parentId?: string }) =>
      api.post(`${postPath(postId)}/comments`, input) as Promise<CommentView>,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentKeys.post(postId) }),
  });
}

export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) =>
      api.delete(commentPath(commentId)) as Promise<{ postId: string; count: number }>,
    onSuccess: (answer) => {
      setCommentCount(queryClient, postId, answer.count);
      return queryClient.invalidateQueries({ queryKey: commentKeys.post(postId) });
    },
  });
}

export function useLikeComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, like }: { commentId: string; like: boolean }) =>
      (like
        ? api.post(`${commentPath(commentId)}/like`)
        : api.delete(`${commentPath(commentId)}/like`)) as Promise<{
        liked: boolean;
        likes: number;
      }>,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentKeys.post(postId) }),
  });
}

export function useSetCommentsEnabled(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api.put(`${postPath(postId)}/comments/settings`, { enabled }) as Promise<{ enabled: boolean }>,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentKeys.post(postId) }),
  });
}
