import { describe, expect, it } from 'vitest';
import { limits } from '../../../common/limits.ts';
import type { OnboardingDraft } from '../../../common/schemas/creators.ts';
import { AppError } from '../../errors.ts';
import type { CreatorsRepository } from '../../repositories/creators/creators.repository.ts';
import type { OnboardingRepository } from '../../repositories/creators/onboarding.repository.ts';
import { createOnboardingService } from './onboarding.service.ts';
import type { OwnedMedia } from './owned-media.ts';

const user = { id: '00000000-0000-4000-8000-000000000001', role: 'user', isEmailVerified: true } as const;

const complete: OnboardingDraft = {
  country: 'Germany',
  identity: 'Non-binary',
  profilePhotoId: '00000000-0000-4000-8000-000000000011',
  displayName: 'Lena Park',
  handle: 'lena_park',
  documentId: '00000000-0000-4000-8000-000000000012',
  bannerId: '00000000-0000-4000-8000-000000000013',
  bio: 'Film photographer.',
  monthlyPrice: '9.99',
};

/** The service over an in-memory draft; `created` holds the profiles it made. */
function serviceWith(draft: OnboardingDraft) {
  const created: { bio: string }[] = [];
  const onboarding = {
    find: async () => ({ step: 'post', draft }),
    complete: async (profile: { bio: string }) => {
      created.push(profile);
    },
  } as unknown as OnboardingRepository;
  const creators = {
    findByUserId: async () => (created.length > 0 ? { id: 'c1' } : null),
    isHandleTaken: async () => false,
  } as unknown as CreatorsRepository;
  const ownedMedia = { find: async () => ({}), view: async () => null } as unknown as OwnedMedia;
  const service = createOnboardingService({
    onboarding,
    creators,
    profiles: { present: async () => null as never },
    ownedMedia,
    clock: { now: () => new Date('2026-01-01T00:00:00Z') },
  });
  return { service, created };
}

describe('onboarding: the bio limit', () => {
  it(`accepts a bio of exactly ${limits.bioMaxLength} characters`, async () => {
    const bio = 'x'.repeat(limits.bioMaxLength);
    const { service, created } = serviceWith({ ...complete, bio });
    await service.complete(user);
    expect(created.map((profile) => profile.bio)).toEqual([bio]);
  });

  it(`refuses a bio of ${limits.bioMaxLength + 1} characters with "Bio must be at most 500 characters"`, async () => {
    const { service, created } = serviceWith({ ...complete, bio: 'x'.repeat(limits.bioMaxLength + 1) });
    const refusal = await service.complete(user).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).fields).toEqual({ bio: 'Bio must be at most 500 characters' });
    expect(created).toEqual([]);
  });
});
