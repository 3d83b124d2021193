import type { CreatorSummary } from '../../../common/schemas/creators.ts';
import type { CreatorList, CreatorLists, CreatorMembership } from '../../../common/schemas/engagement.ts';
import type { CreatorRecord } from '../../repositories/creators/creators.repository.ts';
import type { ListWithCount } from '../../repositories/engagement/lists.repository.ts';
import type { CreatorMembershipFacts } from '../../services/engagement/lists.service.ts';
import { presentCreatorSummary } from '../creators/creator.ts';

/** One of a fan's lists of creators, as its owner sees it. */
export const presentCreatorList = (list: ListWithCount): CreatorList => ({
  id: list.id,
  name: list.name,
  builtIn: list.builtIn,
  memberCount: list.memberCount,
  createdAt: list.createdAt.toISOString(),
});

/** The fan's lists, Favourites first. */
export const presentCreatorLists = (lists: ListWithCount[]): CreatorLists => ({
  items: lists.map(presentCreatorList),
});

/** The creators in one list, as their summaries. */
export const presentListMembers = (creators: CreatorRecord[]): { items: CreatorSummary[] } => ({
  items: creators.map((creator) => presentCreatorSummary(creator)),
});

/** The profile's "Add to list": each of the viewer's lists, saying whether it holds the creator. */
export function presentCreatorMembership({ lists, holding }: CreatorMembershipFacts): CreatorMembership {
  return { items: lists.map((list) => ({ ...presentCreatorList(list), hasCreator: holding.has(list.id) })) };
}
