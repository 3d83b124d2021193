/**
 * The creator rules are rows of the action table (server/policies/actions/creators.ts); the names
 * below stay for the modules that still import them from here.
 */
import { AppError } from '../errors.ts';
import { type CreatorFacts, creatorActions, type Viewer } from './actions/creators.ts';
import { actorOf } from './actor.ts';

export {
  type CreatorFacts,
  canViewCreator,
  hiddenInViewerRegion,
  isOwnerOf,
  type Viewer,
} from './actions/creators.ts';

/** The 'creator:region' row, thrown (this module stays free of the funnel's imports, so no cycle). */
export function assertNotRegionBlocked(viewer: Viewer | null, creator: CreatorFacts): void {
  const refusal = creatorActions['creator:region'].rule(actorOf(viewer), { creator });
  if (refusal) throw new AppError(refusal.code, refusal.message);
}
