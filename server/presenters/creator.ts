import type { CreatorSummary } from '../../common/schemas/creators.ts';
import type { CreatorRecord } from '../repositories/creators.repository.ts';

export function presentCreatorSummary(creator: CreatorRecord): CreatorSummary {
  return {
    id: creator.id,
    handle: creator.handle,
    displayName: creator.displayName,
    avatarUrl: creator.avatarUrl,
  };
}
