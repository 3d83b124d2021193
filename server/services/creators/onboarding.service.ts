import { isCountry } from '../../../common/countries.ts';
import { handleProblem, normalizeHandle } from '../../../common/handles.ts';
import { limits } from '../../../common/limits.ts';
import {
  type CreatorProfile,
  creatorMessages,
  draftBundleProblem,
  handleMessages,
  monthlyPriceProblem,
  type OnboardingDraft,
  type OnboardingState,
  parseBundleDiscount,
  parsePriceCents,
  type SaveOnboardingInput,
} from '../../../common/schemas/creators.ts';
import { conflict, validationFailed } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { actorOf, assertCan } from '../../policies/access.ts';
import type { UserRecord } from '../../repositories/auth/users.repository.ts';
import type { CreatorRecord, CreatorsRepository } from '../../repositories/creators/creators.repository.ts';
import type { OnboardingRepository } from '../../repositories/creators/onboarding.repository.ts';
import { isUniqueViolation } from '../../repositories/unique-violation.ts';
import type { OwnedMedia } from './owned-media.ts';

const m = creatorMessages;
type Onboarder = Pick<UserRecord, 'id' | 'role' | 'isEmailVerified'>;

/** A checked draft bundle's discount, or null when the bundle is off. */
function bundlePercentOf(input: string | undefined): number | null {
  if (input === undefined) return null;
  const parsed = parseBundleDiscount(input);
  return 'percent' in parsed ? parsed.percent : null;
}

/** Every rule of the steps before 'post', as field messages; empty when the draft is complete. */
function draftProblems(draft: OnboardingDraft): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!draft.country) fields.country = m.countryRequired;
  else if (!isCountry(draft.country)) fields.country = m.countryUnknown;
  if (!draft.identity) fields.identity = m.identityRequired;
  if (!draft.profilePhotoId) fields.profilePhotoId = m.profilePhotoRequired;
  if (!draft.displayName?.trim()) fields.displayName = m.displayNameRequired;
  const handleError = handleProblem(normalizeHandle(draft.handle ?? ''));
  if (handleError) fields.handle = handleError;
  if (!draft.documentId) fields.documentId = m.documentRequired;
  if (!draft.bannerId) fields.bannerId = m.bannerRequired;
  if (!draft.bio?.trim()) fields.bio = m.bioRequired;
  else if (draft.bio.trim().length > limits.bioMaxLength) fields.bio = m.bioTooLong;
  const priceError = monthlyPriceProblem(draft.monthlyPrice ?? '');
  if (priceError) fields.monthlyPrice = priceError;
  for (const field of ['threeMonthDiscount', 'twelveMonthDiscount'] as const) {
    const bundleError = draftBundleProblem(draft[field]);
    if (bundleError) fields[field] = bundleError;
  }
  if (draft.postMediaId && !draft.postDescription?.trim()) fields.postDescription = m.postDescriptionRequired;
  return fields;
}

export function createOnboardingService(deps: {
  onboarding: OnboardingRepository;
  creators: CreatorsRepository;
  /** A creator's page as its owner sees it (the module presents creators.service.ts `pageOf`). */
  profiles: { present(viewer: Onboarder, creator: CreatorRecord): Promise<CreatorProfile> };
  ownedMedia: OwnedMedia;
  clock: Clock;
}) {
  async function stateOf(user: Onboarder): Promise<OnboardingState> {
    const creator = await deps.creators.findByUserId(user.id);
    const none = { profilePhoto: null, document: null, banner: null, post: null };
    if (creator)
      return {
        step: 'completed',
        draft: {},
        media: none,
        creator: await deps.profiles.present(user, creator),
      };
    const saved = await deps.onboarding.find(user.id);
    const draft = saved?.draft ?? {};
    const [profilePhoto, document, banner, post] = await Promise.all(
      [draft.profilePhotoId, draft.documentId, draft.bannerId, draft.postMediaId].map((id) =>
        deps.ownedMedia.view(user, id),
      ),
    );
    return {
      step: saved?.step ?? 'journey',
      draft,
      media: {
        profilePhoto: profilePhoto ?? null,
        document: document ?? null,
        banner: banner ?? null,
        post: post ?? null,
      },
      creator: null,
    };
  }

  async function assertNotCreator(user: Onboarder) {
    const isCreator = Boolean(await deps.creators.findByUserId(user.id));
    assertCan(actorOf(user), 'creator:onboard', { isCreator });
  }

  /** Uploads named in the draft must be the user's own, of the right kind, and usable. */
  async function mediaProblems(user: Onboarder, draft: OnboardingDraft): Promise<Record<string, string>> {
    const checks = [
      ['profilePhotoId', draft.profilePhotoId, 'profile'],
      ['documentId', draft.documentId, 'identity'],
      ['bannerId', draft.bannerId, 'banner'],
      ['postMediaId', draft.postMediaId, 'post'],
    ] as const;
    const fields: Record<string, string> = {};
    for (const [field, id, purpose] of checks) {
      if (id && !(await deps.ownedMedia.find(user, id, purpose))) fields[field] = m.uploadMissing;
    }
    return fields;
  }

  return {
    async state(user: Onboarder): Promise<OnboardingState> {
      assertCan(actorOf(user), 'account:act', {});
      return stateOf(user);
    },

    /** Saved after every step; a country not on the list is refused so a resume never shows it. */
    async save(user: Onboarder, input: SaveOnboardingInput): Promise<OnboardingState> {
      assertCan(actorOf(user), 'account:act', {});
      await assertNotCreator(user);
      const draft: OnboardingDraft = { ...input.draft };
      if (draft.handle !== undefined) draft.handle = normalizeHandle(draft.handle);
      if (draft.country && !isCountry(draft.country)) throw validationFailed({ country: m.countryUnknown });
      // A completed step is only reached by finishing, which checks everything.
      const step = input.step === 'completed' ? 'post' : input.step;
      await deps.onboarding.save(user.id, step, draft, deps.clock.now());
      return stateOf(user);
    },

    /** Creates the profile (pending review) and the first post, if one was uploaded. */
    async complete(user: Onboarder): Promise<OnboardingState> {
      assertCan(actorOf(user), 'account:act', {});
      await assertNotCreator(user);
      const draft = (await deps.onboarding.find(user.id))?.draft ?? {};
      const problems = { ...draftProblems(draft), ...(await mediaProblems(user, draft)) };
      if (Object.keys(problems).length > 0) throw validationFailed(problems);
      const handle = normalizeHandle(draft.handle ?? '');
      if (await deps.creators.isHandleTaken(handle))
        throw conflict(handleMessages.taken, { handle: handleMessages.taken });
      const [avatar, banner] = await Promise.all([
        deps.ownedMedia.view(user, draft.profilePhotoId),
        deps.ownedMedia.view(user, draft.bannerId),
      ]);
      const now = deps.clock.now();
      try {
        await deps.onboarding.complete(
          {
            userId: user.id,
            handle,
            displayName: draft.displayName?.trim() ?? '',
            avatarUrl: avatar?.url ?? null,
            bannerUrl: banner?.url ?? null,
            bio: draft.bio?.trim() ?? '',
            country: draft.country ?? '',
            identity: draft.identity ?? null,
            monthlyPriceCents: parsePriceCents(draft.monthlyPrice ?? '') ?? 0,
            threeMonthDiscountPercent: bundlePercentOf(draft.threeMonthDiscount),
            twelveMonthDiscountPercent: bundlePercentOf(draft.twelveMonthDiscount),
            identityDocumentId: draft.documentId ?? null,
            status: 'pending_review',
            createdAt: now,
            updatedAt: now,
          },
          draft.postMediaId
            ? { mediaId: draft.postMediaId, description: draft.postDescription?.trim() ?? '' }
            : null,
          now,
        );
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        await assertNotCreator(user);
        throw conflict(handleMessages.taken, { handle: handleMessages.taken });
      }
      return stateOf(user);
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
