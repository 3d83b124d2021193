import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { baseUrl, clientAddress } from './browser.ts';
import { identityPdf, solidPng } from './fixtures.ts';
import { waitForMail } from './mail.ts';
import { currentServer } from './own-server.ts';

export interface Account {
  email: string;
  password: string;
  token: string;
  user: Record<string, unknown> & { id: string };
}

export const uniqueEmail = (label = 'e2e') =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function call(path: string, body: object, token?: string, client = clientAddress()): Promise<Response> {
  return fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': client,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

/**
 * A verified account made through the real API and the emailed code (the browser flow itself is
 * covered by the accounts test), so other tests start signed in.
 */
export async function createVerifiedAccount(
  email = uniqueEmail(),
  names: { firstName?: string; lastName?: string } = {},
): Promise<Account> {
  const password = 'tangerine-lantern-5521';
  const client = clientAddress();
  const signup = await call(
    '/auth/signup',
    {
      email,
      password,
      firstName: names.firstName ?? 'Test',
      lastName: names.lastName ?? 'Person',
      acceptTerms: true,
    },
    undefined,
    client,
  );
  if (signup.status !== 201) throw new Error(`signup ${signup.status}: ${await signup.text()}`);
  const mail = await waitForMail(email, /is your Fanplace verification code/);
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
  const verified = await call('/auth/verify-email', { email, code }, undefined, client);
  if (verified.status !== 200) throw new Error(`verify ${verified.status}: ${await verified.text()}`);
  const body = (await verified.json()) as { token: string; user: Account['user'] };
  return { email, password, token: body.token, user: body.user };
}

/** Signs a browser context in the way the web app keeps a session (the spec's storage keys). */
export async function signInContext(context: BrowserContext, account: Account): Promise<void> {
  await context.addInitScript(
    ({ token, user }) => {
      // Embedded frames (a YouTube player) may not read storage: the session is the page's.
      if (window.top !== window) return;
      if (!sessionStorage.getItem('e2e-signed-in')) {
        localStorage.setItem('token', token);
        localStorage.setItem('user', JSON.stringify(user));
        sessionStorage.setItem('e2e-signed-in', '1');
      }
    },
    { token: account.token, user: account.user },
  );
}

async function uploadFile(token: string, target: string, file: { name: string; type: string; data: Buffer }) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const response = await fetch(`${baseUrl()}/api/media/upload/${target}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201)
    throw new Error(`upload ${target} ${response.status}: ${await response.text()}`);
  return (await response.json()) as { id: string };
}

/** A creator made through the onboarding API (pending review), for tests about what comes after. */
export async function createCreator(
  account: Account,
  details: { handle: string; displayName: string; images: { avatar: Buffer; banner: Buffer }; pdf: Buffer },
): Promise<{ id: string; handle: string }> {
  const [photo, banner, document] = await Promise.all([
    uploadFile(account.token, 'profile', { name: 'a.png', type: 'image/png', data: details.images.avatar }),
    uploadFile(account.token, 'banner', { name: 'b.png', type: 'image/png', data: details.images.banner }),
    uploadFile(account.token, 'identity-document', {
      name: 'id.pdf',
      type: 'application/pdf',
      data: details.pdf,
    }),
  ]);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${account.token}` };
  const draft = {
    country: 'Ghana',
    identity: 'Male',
    profilePhotoId: photo.id,
    displayName: details.displayName,
    handle: details.handle,
    documentId: document.id,
    documentName: 'id.pdf',
    bannerId: banner.id,
    bio: 'Made for a browser test.',
    monthlyPrice: '5',
  };
  const saved = await fetch(`${baseUrl()}/api/creators/onboarding`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ step: 'post', draft }),
  });
  if (saved.status !== 200) throw new Error(`draft ${saved.status}: ${await saved.text()}`);
  const done = await fetch(`${baseUrl()}/api/creators/onboarding/complete`, {
    method: 'POST',
    headers: { authorization: headers.authorization },
  });
  if (done.status !== 201) throw new Error(`complete ${done.status}: ${await done.text()}`);
  const state = (await done.json()) as { creator: { id: string; handle: string } };
  return state.creator;
}

const ADMIN_PASSWORD = 'tangerine-lantern-5521';

/**
 * The run's admin (ADMIN_EMAILS in the e2e server): made by the first test that needs it, then
 * signed in. Two files start at once: the first to take the lock makes the account, the other
 * waits until it can sign in (two sign-ups would each send a code and spoil the other's).
 */
export async function adminAccount(email: string): Promise<Account> {
  const lock = path.join(path.dirname(currentServer().mailDir), `account-${email}.lock`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const signIn = await call('/auth/signin', { email, password: ADMIN_PASSWORD });
    if (signIn.status === 200) {
      const body = (await signIn.json()) as { token: string; user: Account['user'] };
      return { email, password: ADMIN_PASSWORD, token: body.token, user: body.user };
    }
    try {
      mkdirSync(lock);
      return await createVerifiedAccount(email);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (Date.now() > deadline) throw new Error(`the admin ${email} was not made within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** An approved creator, made through the API (the onboarding itself is covered by its own test). */
export async function approvedCreator(
  admin: Account,
  details: Parameters<typeof createCreator>[1],
  names?: { firstName?: string; lastName?: string },
): Promise<{ account: Account; creator: { id: string; handle: string } }> {
  const account = await createVerifiedAccount(undefined, names);
  const creator = await createCreator(account, details);
  const approved = await fetch(`${baseUrl()}/api/admin/creators/${creator.id}/approve`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}` },
  });
  if (approved.status !== 200) throw new Error(`approve ${approved.status}: ${await approved.text()}`);
  // The approval rings the creator's bell; read here, so each test's bell starts at 0 unread.
  const read = await fetch(`${baseUrl()}/api/notifications/read`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.token}` },
  });
  if (read.status >= 300) throw new Error(`notifications read ${read.status}: ${await read.text()}`);
  return { account, creator };
}

/** An approved creator whose avatar and banner are plain colours, with the identity PDF. */
export async function approvedCreatorWithPictures(
  admin: Account,
  details: { handle: string; displayName: string; avatar: string; banner: string },
  names?: { firstName?: string; lastName?: string },
): Promise<{ account: Account; creator: { id: string; handle: string } }> {
  return approvedCreator(
    admin,
    {
      handle: details.handle,
      displayName: details.displayName,
      images: {
        avatar: await solidPng(200, 200, details.avatar),
        banner: await solidPng(1200, 400, details.banner),
      },
      pdf: identityPdf,
    },
    names,
  );
}

/** A post through the API: a YouTube link, so it needs no processing. */
export async function youtubePost(account: Account, description: string): Promise<{ id: string }> {
  const response = await fetch(`${baseUrl()}/api/posts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
    body: JSON.stringify({ description, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', visibility: 'public' }),
  });
  if (response.status !== 201) throw new Error(`post ${response.status}: ${await response.text()}`);
  return (await response.json()) as { id: string };
}

/**
 * Calls the API as an account (bearer token, own client address) and answers the parsed body;
 * anything but a 2xx throws with the server's answer, so a test stops at the step that failed.
 */
export async function apiAs<T>(account: Account, method: string, path: string, body?: object): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${account.token}`,
      'x-forwarded-for': clientAddress(),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : null,
  });
  if (!response.ok) throw new Error(`${method} ${path} ${response.status}: ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/**
 * One video through the resumable (tus) upload the Post Content page uses; answers its media id.
 * `traceRecordings`: made with recording marks, as the composer's checkbox asks.
 */
export function uploadPostVideo(
  account: Account,
  data: Buffer,
  options: { traceRecordings?: boolean } = {},
): Promise<string> {
  return uploadPostMedia(account, data, {
    filename: 'clip.mp4',
    filetype: 'video/mp4',
    ...(options.traceRecordings ? { traceRecordings: true } : {}),
  });
}

/** One photo or video through the resumable (tus) upload; answers its media id. */
export async function uploadPostMedia(
  account: Account,
  data: Buffer,
  file: { filename: string; filetype: string; traceRecordings?: boolean },
): Promise<string> {
  const metadata = [
    `filename ${Buffer.from(file.filename).toString('base64')}`,
    `filetype ${Buffer.from(file.filetype).toString('base64')}`,
    ...(file.traceRecordings ? [`traceRecordings ${Buffer.from('1').toString('base64')}`] : []),
  ];
  const tus = { 'tus-resumable': '1.0.0', authorization: `Bearer ${account.token}` };
  const created = await fetch(`${baseUrl()}/api/uploads`, {
    method: 'POST',
    headers: {
      ...tus,
      'upload-length': String(data.length),
      'upload-metadata': metadata.join(','),
    },
  });
  if (created.status !== 201) throw new Error(`tus create ${created.status}: ${await created.text()}`);
  const patched = await fetch(new URL(created.headers.get('location') as string, baseUrl()), {
    method: 'PATCH',
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(data),
  });
  if (patched.status !== 200) throw new Error(`tus patch ${patched.status}: ${await patched.text()}`);
  return ((await patched.json()) as { id: string }).id;
}
