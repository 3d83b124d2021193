import type { CreatorList, CreatorMembership } from '../../common/schemas/engagement.ts';
import type { ListWithCount } from '../repositories/lists.repository.ts';

/** One of a fan's lists of creators, as its owner sees it. */
export const presentCreatorList = (list: ListWithCount): CreatorList => ({
  id: list.id,
  name: list.name,
  builtIn: list.builtIn,
  memberCount: list.memberCount,
  createdAt: list.createdAt.toISOString(),
});

/** The profile's "Add to list": each of the viewer's lists, saying whether it holds the creator. */
export function presentCreatorMembership(lists: ListWithCount[], holding: Set<string>): CreatorMembership {
  return { items: lists.map((list) => ({ ...presentCreatorList(list), hasCreator: holding.has(list.id) })) };
}
