import type { CreatorProfile, OnboardingDraft, OnboardingState } from '../../common/schemas/creators.ts';
import type { MediaView } from '../../common/schemas/media.ts';
import type { PostView } from '../../common/schemas/posts.ts';
import { type AccountsTestApp, bearer, signUpVerified } from './accounts.ts';
import { tusUpload, upload, waitForProcessing } from './media.ts';
import { jpeg } from './media-fixtures.ts';

export const samplePdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

export async function uploaded(
  t: AccountsTestApp,
  token: string,
  target: 'profile' | 'banner' | 'identity-document',
): Promise<MediaView> {
  const part =
    target === 'identity-document'
      ? { data: samplePdf, filename: 'passport.pdf', type: 'application/pdf' }
      : { data: await jpeg(target === 'banner' ? 1200 : 400, target === 'banner' ? 1200 : 400) };
  const response = await upload(t, target, token, part);
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  return response.json<MediaView>();
}

export function saveDraft(t: AccountsTestApp, token: string, step: string, draft: OnboardingDraft) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/creators/onboarding',
    payload: { step, draft },
    headers: bearer(token),
  });
}

export function completeOnboarding(t: AccountsTestApp, token: string) {
  return t.app.inject({ method: 'POST', url: '/api/creators/onboarding/complete', headers: bearer(token) });
}

/** Everything the steps before 'post' ask for, with real uploads. */
export async function fullDraft(t: AccountsTestApp, token: string, overrides: OnboardingDraft = {}) {
  const [photo, document, banner] = await Promise.all([
    uploaded(t, token, 'profile'),
    uploaded(t, token, 'identity-document'),
    uploaded(t, token, 'banner'),
  ]);
  return {
    country: 'Kenya',
    identity: 'Female',
    profilePhotoId: photo.id,
    displayName: 'Wanjiru Studio',
    handle: `maker_${Math.random().toString(36).slice(2, 10)}`,
    documentId: document.id,
    documentName: 'passport.pdf',
    bannerId: banner.id,
    bio: 'Photos from the Rift Valley.',
    monthlyPrice: '9.99',
    ...overrides,
  } satisfies OnboardingDraft;
}

/** A verified user who finished onboarding (pending review unless an admin token approves it). */
export async function buildCreator(
  t: AccountsTestApp,
  options: { draft?: OnboardingDraft; approveWith?: string } = {},
) {
  const account = await signUpVerified(t);
  const draft = await fullDraft(t, account.token, options.draft);
  const saved = await saveDraft(t, account.token, 'post', draft);
  if (saved.statusCode !== 200) throw new Error(`save failed: ${saved.body}`);
  const done = await completeOnboarding(t, account.token);
  if (done.statusCode !== 201) throw new Error(`complete failed: ${done.body}`);
  let creator = done.json<OnboardingState>().creator as CreatorProfile;
  if (options.approveWith) {
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/creators/${creator.id}/approve`,
      headers: bearer(options.approveWith),
    });
    if (approved.statusCode !== 200) throw new Error(`approve failed: ${approved.body}`);
    creator = approved.json<CreatorProfile>();
  }
  return { ...account, creator };
}

/** A post with a real image (processed by the job queue when the app runs jobs) or a YouTube link. */
export async function buildPost(
  t: AccountsTestApp,
  token: string,
  options: {
    visibility?: 'public' | 'subscribers' | 'pay_per_view';
    price?: string;
    youtube?: boolean;
    description?: string;
    /** A video to post instead of the generated photo. */
    video?: Buffer;
    /** A JPEG to post instead of the generated photo. */
    image?: Buffer;
    /** The video made in variants A and B (recording marks). */
    traceRecordings?: boolean;
  } = {},
): Promise<PostView> {
  let mediaId: string | undefined;
  if (!options.youtube) {
    const { last } = options.video
      ? await tusUpload(t, token, options.video, {
          filetype: 'video/mp4',
          ...(options.traceRecordings ? { traceRecordings: '1' } : {}),
        })
      : await tusUpload(t, token, options.image ?? (await jpeg(640, 480)), { filetype: 'image/jpeg' });
    mediaId = (JSON.parse(last.body) as MediaView).id;
    await waitForProcessing(t, token, mediaId);
  }
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/posts',
    headers: bearer(token),
    payload: {
      description: options.description ?? 'A new post',
      visibility: options.visibility ?? 'public',
      ...(options.price ? { price: options.price } : {}),
      ...(mediaId ? { mediaId } : { youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }),
    },
  });
  if (response.statusCode !== 201) throw new Error(`post failed: ${response.body}`);
  return response.json<PostView>();
}
