import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatorList, CreatorLists, CreatorMembership } from '#common/schemas/engagement.ts';
import { api } from '../../../lib/api-client.ts';

export const listKeys = {
  all: ['lists'] as const,
  mine: (userId: string) => ['lists', 'mine', userId] as const,
  membership: (handle: string) => ['lists', 'membership', handle] as const,
};

const listPath = (id: string) => `/lists/${encodeURIComponent(id)}`;

/** GET /api/lists: Favourites first, then the fan's own lists. */
export function listsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: listKeys.mine(userId),
    queryFn: async ({ signal }) => (await api.get('/lists', { signal })) as CreatorLists,
  });
}

export function useLists(userId: string) {
  return useQuery(listsQueryOptions(userId));
}

/** GET /api/creators/:handle/lists: which lists hold this creator. */
export function useMembership(handle: string, enabled: boolean) {
  return useQuery({
    queryKey: listKeys.membership(handle),
    queryFn: async ({ signal }) =>
      (await api.get(`/creators/${encodeURIComponent(handle)}/lists`, { signal })) as CreatorMembership,
    enabled,
  });
}

function useListMutation<Input>(run: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKeys.all }),
  });
}

export const useCreateList = () =>
  useListMutation((name: string) => api.post('/lists', { name }) as Promise<CreatorList>);
export const useRenameList = () =>
  useListMutation(({ id, name }: { id: string; name: string }) => api.patch(listPath(id), { name }));
export const useDeleteList = () => useListMutation((id: string) => api.delete(listPath(id)));
/** The box is ticked at once (the membership cache), and put back if the server refuses. */
export function useSetListMember(handle: string) {
  const queryClient = useQueryClient();
  const mark = (listId: string, inList: boolean) =>
    queryClient.setQueryData<CreatorMembership>(listKeys.membership(handle), (data) =>
      data
        ? { items: data.items.map((list) => (list.id === listId ? { ...list, hasCreator: inList } : list)) }
        : data,
    );
  return useMutation({
    mutationFn: ({ listId, creatorId, inList }: { listId: string; creatorId: string; inList: boolean }) => {
      const path = `${listPath(listId)}/creators/${encodeURIComponent(creatorId)}`;
      return inList ? api.put(path) : api.delete(path);
    },
    onMutate: ({ listId, inList }) => mark(listId, inList),
    onError: (_error, { listId, inList }) => mark(listId, !inList),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKeys.all }),
  });
}
