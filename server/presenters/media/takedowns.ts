import type { Takedown } from '../../../common/schemas/leaks.ts';
import { formatFullDay } from '../../lib/dates.ts';
import { handleOrName } from '../../lib/names.ts';
import type { TakedownFacts } from '../../services/media/takedowns.service.ts';

/**
 * The notice a creator sends to the host of a copy (the elements a DMCA notice asks for: the work,
 * the copy's address, good faith, accuracy, a signature). Their contact details are theirs to add:
 * the app never puts an email into it.
 */
export function takedownNotice(facts: TakedownFacts, publicUrl: string): string {
  const site = publicUrl.replace(/\/$/, '');
  const name = facts.creator?.displayName ?? 'The creator';
  const page = facts.creator ? `${site}/public-profile/${facts.creator.handle}` : site;
  const original = facts.postId ? `${site}/post/${facts.postId}` : page;
  return [
    'Subject: Notice of copyright infringement',
    '',
    'To the site operator:',
    '',
    `I am ${name}, the creator and copyright owner of the photo published at ${original} (my page: ${page}), shown there only to my paying subscribers. A copy of it is published without my permission at:`,
    '',
    facts.takedown.foundUrl,
    '',
    'Please remove or disable access to this copy.',
    '',
    'I have a good faith belief that the use described above is not authorized by the copyright owner, its agent, or the law. The information in this notice is accurate, and under penalty of perjury, I am the owner of the exclusive right that is infringed.',
    '',
    `${name}`,
    '[Your contact address and phone number]',
    formatFullDay(facts.takedown.createdAt),
  ].join('\n');
}

export function presentTakedown(facts: TakedownFacts, publicUrl: string): Takedown {
  const { takedown, traced } = facts;
  const tracedName = traced ? handleOrName(traced, 'A fan without a name') : null;
  return {
    id: takedown.id,
    status: takedown.status,
    foundUrl: takedown.foundUrl,
    mediaId: takedown.mediaId,
    tracedAccount:
      traced && tracedName ? { id: traced.id, name: tracedName, suspended: traced.suspended } : null,
    notice: takedownNotice(facts, publicUrl),
    createdAt: takedown.createdAt.toISOString(),
    updatedAt: takedown.updatedAt.toISOString(),
  };
}
