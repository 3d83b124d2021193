import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateMassMessageInput,
  FanListList,
  MassMessageAudienceCounts,
  MassMessageList,
  MassMessageView,
} from '#common/schemas/mass-messages.ts';
import { api } from '../../../lib/api-client.ts';

/** Cache keys, all under the signed-in creator. */
export const massMessageKeys = {
  all: (userId: string) => ['mass-messages', userId] as const,
  audiences: (userId: string) => ['mass-messages', userId, 'audiences'] as const,
  history: (userId: string) => ['mass-messages', userId, 'history'] as const,
  lists: (userId: string, fanId?: string) => ['mass-messages', userId, 'lists', fanId ?? ''] as const,
};

/** While a mass message is still going out, its figures are asked for again this often. */
const SENDING_REFRESH_MS = 2000;

export function useAudiences(userId: string) {
  return useQuery({
    queryKey: massMessageKeys.audiences(userId),
    queryFn: async ({ signal }) =>
      (await api.get('/mass-messages/audiences', { signal })) as MassMessageAudienceCounts,
  });
}

export function useMassMessageHistory(userId: string) {
  return useInfiniteQuery({
    queryKey: massMessageKeys.history(userId),
    queryFn: async ({ pageParam, signal }) =>
      (await api.get('/mass-messages', {
        query: { cursor: pageParam ?? undefined },
        signal,
      })) as MassMessageList,
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((item) => item.status === 'sending'))
        ? SENDING_REFRESH_MS
        : false,
  });
}

export function useSendMassMessage(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateMassMessageInput) =>
      (await api.post('/mass-messages', input)) as MassMessageView,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: massMessageKeys.history(userId) }),
  });
}

/** The creator's lists of fans; with `fanId`, whether that fan is on each. */
export function useFanLists(userId: string, fanId?: string) {
  return useQuery({
    queryKey: massMessageKeys.lists(userId, fanId),
    queryFn: async ({ signal }) =>
      (await api.get('/fan-lists', { query: { fan: fanId }, signal })) as FanListList,
  });
}

/** Any change to the lists: every list view and the audience counts are asked for again. */
function useListsChanged(userId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['mass-messages', userId, 'lists'] }),
      queryClient.invalidateQueries({ queryKey: massMessageKeys.audiences(userId) }),
    ]);
}

export function useCreateFanList(userId: string) {
  const changed = useListsChanged(userId);
  return useMutation({
    mutationFn: async (name: string) =>
      (await api.post('/fan-lists', { name })) as { id: string; name: string },
    onSuccess: changed,
  });
}

export function useDeleteFanList(userId: string) {
  const changed = useListsChanged(userId);
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete(`/fan-lists/${encodeURIComponent(id)}`);
    },
    onSuccess: changed,
  });
}

export function useToggleFanOnList(userId: string) {
  const changed = useListsChanged(userId);
  return useMutation({
    mutationFn: async ({ listId, fanId, on }: { listId: string; fanId: string; on: boolean }) => {
      const path = `/fan-lists/${encodeURIComponent(listId)}/members/${encodeURIComponent(fanId)}`;
      if (on) await api.put(path);
      else await api.delete(path);
    },
    onSuccess: changed,
  });
}
