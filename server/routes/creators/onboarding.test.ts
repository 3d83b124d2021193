import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleMessages } from '../../../common/handles.ts';
import {
  type CreatorProfile,
  creatorMessages,
  type OnboardingState,
} from '../../../common/schemas/creators.ts';
import type { MediaView } from '../../../common/schemas/media.ts';
import { type PostList, postMessages } from '../../../common/schemas/posts.ts';
import { type AccountsTestApp, get, post, signUp, signUpVerified } from '../../test/accounts.ts';
import { completeOnboarding, fullDraft, saveDraft, uploaded } from '../../test/creators.ts';
import { createMediaTestApp, tusUpload } from '../../test/media.ts';
import { jpeg } from '../../test/media-fixtures.ts';

describe('creator onboarding', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createMediaTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('needs a signed-in, verified account', async () => {
    expect((await get(t, '/api/creators/onboarding')).statusCode).toBe(401);
    const { email, code } = await signUp(t);
    const signIn = await post(t, '/api/auth/signin', { email, password: 'correct horse battery staple' });
    const token = signIn.json<{ token: string }>().token;
    const response = await get(t, '/api/creators/onboarding', token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect((await saveDraft(t, token, 'country', { country: 'Kenya' })).statusCode).toBe(403);
    expect(code).toHaveLength(6);
  });

  it('starts at the journey step, then resumes at the saved step with the saved draft and upload previews', async () => {
    const { token } = await signUpVerified(t);
    const fresh = (await get(t, '/api/creators/onboarding', token)).json<OnboardingState>();
    expect(fresh).toMatchObject({ step: 'journey', draft: {}, creator: null });

    const photo = await uploaded(t, token, 'profile');
    const document = await uploaded(t, token, 'identity-document');
    const draft = {
      country: 'Palestine',
      identity: 'Rather not say',
      profilePhotoId: photo.id,
      displayName: 'Nour',
      handle: '@Nour.Draws',
      documentId: document.id,
      documentName: 'id-card.pdf',
    } as const;
    const saved = await saveDraft(t, token, 'banner', draft);
    expect(saved.statusCode).toBe(200);

    // Another device: the same account resumes where it left off.
    const resumed = (await get(t, '/api/creators/onboarding', token)).json<OnboardingState>();
    expect(resumed.step).toBe('banner');
    expect(resumed.draft).toEqual({ ...draft, handle: 'nour.draws' });
    expect(resumed.media.profilePhoto?.url).toEqual(photo.url);
    // Even its owner never gets a link to the identity document.
    expect(resumed.media.document).toMatchObject({ id: document.id, locked: true, url: null });
    expect(resumed.media.document?.urls.document).toBeNull();
  });

  it('refuses a country that is not on the list', async () => {
    const { token } = await signUpVerified(t);
    const response = await saveDraft(t, token, 'indentity', { country: 'Atlantis' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { country: creatorMessages.countryUnknown } });
  });

  it('names every missing field when finishing too early, and creates nothing', async () => {
    const { token } = await signUpVerified(t);
    await saveDraft(t, token, 'plans', { country: 'Kenya', monthlyPrice: '2.50' });
    const response = await completeOnboarding(t, token);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: Record<string, string> }>().fields).toEqual({
      identity: creatorMessages.identityRequired,
      profilePhotoId: creatorMessages.profilePhotoRequired,
      displayName: creatorMessages.displayNameRequired,
      handle: handleMessages.required,
      documentId: creatorMessages.documentRequired,
      bannerId: creatorMessages.bannerRequired,
      bio: creatorMessages.bioRequired,
      monthlyPrice: creatorMessages.priceRange,
    });
    expect((await get(t, '/api/creators/onboarding', token)).json<OnboardingState>().step).toBe('plans');
  });

  it("refuses someone else's upload and an upload made for another purpose", async () => {
    const other = await signUpVerified(t);
    const { token } = await signUpVerified(t);
    const theirs = await uploaded(t, other.token, 'profile');
    const mine = await fullDraft(t, token);
    const wrongPurpose = await uploaded(t, token, 'banner');
    await saveDraft(t, token, 'post', { ...mine, profilePhotoId: theirs.id, bannerId: mine.profilePhotoId });
    const response = await completeOnboarding(t, token);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: Record<string, string> }>().fields).toEqual({
      profilePhotoId: creatorMessages.uploadMissing,
      bannerId: creatorMessages.uploadMissing,
    });
    expect(wrongPurpose.purpose).toBe('banner');
  });

  it('finishes: a pending profile with the 6-month bundle at 20% off, the first post, and no draft left', async () => {
    const { token, user } = await signUpVerified(t);
    const draft = await fullDraft(t, token, { handle: 'Amara_Films', monthlyPrice: '12.50' });
    const { last } = await tusUpload(t, token, await jpeg(640, 480), { filetype: 'image/jpeg' });
    const postMedia = JSON.parse(last.body) as MediaView;
    await saveDraft(t, token, 'post', { ...draft, postMediaId: postMedia.id });
    // A first post needs its caption, as any post does.
    const uncaptioned = await completeOnboarding(t, token);
    expect(uncaptioned.statusCode).toBe(400);
    expect(uncaptioned.json().fields).toEqual({ postDescription: postMessages.descriptionRequired });
    await saveDraft(t, token, 'post', {
      ...draft,
      postMediaId: postMedia.id,
      postDescription: '  Sunrise over Lake Naivasha.  ',
    });

    const response = await completeOnboarding(t, token);
    expect(response.statusCode).toBe(201);
    const state = response.json<OnboardingState>();
    expect(state.step).toBe('completed');
    expect(state.creator).toMatchObject({
      userId: user.id,
      handle: 'amara_films',
      displayName: 'Wanjiru Studio',
      status: 'pending_review',
      bio: 'Photos from the Rift Valley.',
      price: { monthly: { amount: 1250, currency: 'USD' }, sixMonths: { amount: 6000, currency: 'USD' } },
      counts: { posts: 1, photos: 1, videos: 0, likes: 0, followers: 0 },
      viewer: { isOwner: true, isFollowing: false },
    });
    expect(state.creator?.avatarUrl).toMatch(/^\/api\/media\//);
    expect(state.creator?.bannerUrl).toMatch(/^\/api\/media\//);
    const posts = (await get(t, '/api/creators/amara_films/posts', token)).json<PostList>();
    expect(posts.items.map((post) => post.description)).toEqual(['Sunrise over Lake Naivasha.']);

    // Reloading shows the completed step; a second finish or save is refused.
    const again = (await get(t, '/api/creators/onboarding', token)).json<OnboardingState>();
    expect(again).toMatchObject({ step: 'completed', creator: { id: state.creator?.id } });
    expect((await completeOnboarding(t, token)).json()).toMatchObject({
      message: creatorMessages.alreadyCreator,
    });
    expect((await saveDraft(t, token, 'bio', {})).statusCode).toBe(409);
  });

  it('keeps handles unique without regard to case, and refuses reserved ones', async () => {
    const first = await signUpVerified(t);
    await saveDraft(t, first.token, 'post', await fullDraft(t, first.token, { handle: 'sunset.lens' }));
    expect((await completeOnboarding(t, first.token)).statusCode).toBe(201);

    const second = await signUpVerified(t);
    await saveDraft(t, second.token, 'post', await fullDraft(t, second.token, { handle: 'Sunset.Lens' }));
    const taken = await completeOnboarding(t, second.token);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ fields: { handle: handleMessages.taken } });

    await saveDraft(t, second.token, 'post', await fullDraft(t, second.token, { handle: 'settings' }));
    const reserved = await completeOnboarding(t, second.token);
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json()).toMatchObject({ fields: { handle: handleMessages.reserved } });
  });

  it('answers handle availability while typing', async () => {
    const creator = await signUpVerified(t);
    await saveDraft(t, creator.token, 'post', await fullDraft(t, creator.token, { handle: 'river_song' }));
    await completeOnboarding(t, creator.token);
    const check = async (handle: string, token?: string) =>
      (await get(t, `/api/creators/handle-availability?handle=${encodeURIComponent(handle)}`, token)).json();

    expect(await check('River_Song')).toEqual({
      handle: 'river_song',
      available: false,
      message: handleMessages.taken,
    });
    expect(await check('@River_Song', creator.token)).toMatchObject({ available: true });
    expect(await check('ab')).toMatchObject({ available: false, message: handleMessages.tooShort });
    expect(await check('a'.repeat(31))).toMatchObject({ available: false, message: handleMessages.tooLong });
    expect(await check('no spaces')).toMatchObject({ available: false, message: handleMessages.characters });
    expect(await check('admin')).toMatchObject({ available: false, message: handleMessages.reserved });
    expect(await check('discover')).toMatchObject({ available: false, message: handleMessages.reserved });
    expect(await check('fresh.handle_1')).toEqual({
      handle: 'fresh.handle_1',
      available: true,
      message: handleMessages.available,
    });
  });

  it('lets only one of two simultaneous finishes with the same handle win', async () => {
    const [a, b] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    await saveDraft(t, a.token, 'post', await fullDraft(t, a.token, { handle: 'same_time' }));
    await saveDraft(t, b.token, 'post', await fullDraft(t, b.token, { handle: 'same_time' }));
    const results = await Promise.all([completeOnboarding(t, a.token), completeOnboarding(t, b.token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const winnerIndex = results.findIndex((r) => r.statusCode === 201);
    const winner = results[winnerIndex]?.json<OnboardingState>().creator;
    // A profile waiting for review is visible to its owner only: ask as whoever won.
    const winnerToken = winnerIndex === 0 ? a.token : b.token;
    const profile = (await get(t, '/api/creators/same_time', winnerToken)).json<CreatorProfile>();
    expect(profile.id).toBe(winner?.id);
  });
});
