import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../../common/events.ts';
import {
  type CommentPage,
  type CommentView,
  commentLimits,
  commentMessages,
} from '../../../common/schemas/engagement.ts';
import { type AccountsTestApp, bearer, get, post, signUpVerified, uniqueEmail } from '../../test/accounts.ts';
import { buildCreator, buildPost } from '../../test/creators.ts';
import { createMediaTestApp, listen } from '../../test/media.ts';
import { openSse, type SseStream } from '../../test/sse.ts';

describe('comments', () => {
  let t: AccountsTestApp;
  let baseUrl: string;
  const streams: SseStream[] = [];
  const adminEmail = uniqueEmail('admin');
  let admin: { token: string };
  beforeAll(async () => {
    t = await createMediaTestApp({ ADMIN_EMAILS: adminEmail });
    baseUrl = await listen(t);
    admin = await signUpVerified(t, { email: adminEmail });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.close();
  });

  const comment = (token: string, postId: string, text: string, parentId?: string) =>
    post(t, `/api/posts/${postId}/comments`, { text, ...(parentId ? { parentId } : {}) }, { token });
  const comments = async (postId: string, token?: string) => {
    const response = await get(t, `/api/posts/${postId}/comments`, token);
    expect(response.statusCode).toBe(200);
    return response.json<CommentPage>();
  };
  const call = (method: 'DELETE' | 'PUT' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  async function creatorWithPost(visibility: 'public' | 'subscribers' = 'public') {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const postView = await buildPost(t, creator.token, { youtube: true, visibility });
    return { creator, post: postView };
  }

  it('a fan comments, the creator replies; both show names and handles, never an email', async () => {
    const { creator, post: p } = await creatorWithPost();
    const fan = await signUpVerified(t, { firstName: 'Grace', lastName: 'Hopper' });
    const created = await comment(fan.token, p.id, '  Lovely light here  ');
    expect(created.statusCode).toBe(201);
    const first = created.json<CommentView>();
    expect(first).toMatchObject({
      text: 'Lovely light here',
      author: { name: 'Grace Hopper', handle: null },
    });
    const reply = await comment(creator.token, p.id, 'Thank you!', first.id);
    expect(reply.statusCode).toBe(201);
    expect(reply.json<CommentView>()).toMatchObject({
      parentId: first.id,
      byCreator: true,
      author: { handle: creator.creator.handle },
    });

    const page = await comments(p.id);
    expect(page.count).toBe(2);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]?.replyCount).toBe(1);
    expect(page.items[0]?.replies.map((r) => r.text)).toEqual(['Thank you!']);
    const body = JSON.stringify(page);
    expect(body).not.toContain(fan.email);
    expect(body).not.toContain(creator.email);
    // The card's count follows.
    expect((await get(t, `/api/posts/${p.id}`)).json()).toMatchObject({ commentCount: 2 });
  });

  it('refuses blank and too long comments, and replies to replies, with clear messages', async () => {
    const { post: p } = await creatorWithPost();
    const fan = await signUpVerified(t);
    const blank = await comment(fan.token, p.id, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain(commentMessages.blank);
    const long = await comment(fan.token, p.id, 'x'.repeat(commentLimits.maxLength + 1));
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(commentMessages.tooLong);
    expect((await comment(fan.token, p.id, 'x'.repeat(commentLimits.maxLength))).statusCode).toBe(201);

    const top = (await comment(fan.token, p.id, 'Top')).json<CommentView>();
    const reply = (await comment(fan.token, p.id, 'Reply', top.id)).json<CommentView>();
    const deeper = await comment(fan.token, p.id, 'Deeper', reply.id);
    expect(deeper.statusCode).toBe(400);
    expect(deeper.body).toContain(commentMessages.oneLevel);
  });

  it('follows the post: a locked post shows its comments but never its content', async () => {
    const { creator, post: p } = await creatorWithPost('subscribers');
    const fan = await signUpVerified(t);
    await comment(creator.token, p.id, 'Subscribers get the full video');
    const page = await get(t, `/api/posts/${p.id}/comments`, fan.token);
    expect(page.statusCode).toBe(200);
    expect(page.json<CommentPage>().items).toHaveLength(1);
    expect(page.body).not.toContain('dQw4w9WgXcQ');
    expect(page.body).not.toContain('youtube');
    expect((await get(t, '/api/posts/01890000-0000-7000-8000-000000000000/comments')).statusCode).toBe(404);
  });

  it('the creator deletes any comment and turns comments off; authors delete only their own', async () => {
    const { creator, post: p } = await creatorWithPost();
    const [fan, other] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    const mine = (await comment(fan.token, p.id, 'Mine')).json<CommentView>();
    const theirs = (await comment(other.token, p.id, 'Theirs')).json<CommentView>();
    await comment(fan.token, p.id, 'A reply to theirs', theirs.id);

    const page = await comments(p.id, fan.token);
    expect(page.items.find((c) => c.id === mine.id)?.canDelete).toBe(true);
    expect(page.items.find((c) => c.id === theirs.id)?.canDelete).toBe(false);
    expect((await call('DELETE', `/api/comments/${theirs.id}`, fan.token)).statusCode).toBe(403);

    // The creator removes another's comment with its reply.
    const removed = await call('DELETE', `/api/comments/${theirs.id}`, creator.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ postId: p.id, count: 1 });
    expect((await call('DELETE', `/api/comments/${mine.id}`, fan.token)).statusCode).toBe(200);
    expect((await comments(p.id)).count).toBe(0);

    // Off: nobody else may write; what the page says follows.
    expect(
      (await call('PUT', `/api/posts/${p.id}/comments/settings`, fan.token, { enabled: false })).statusCode,
    ).toBe(403);
    const off = await call('PUT', `/api/posts/${p.id}/comments/settings`, creator.token, { enabled: false });
    expect(off.json()).toEqual({ enabled: false });
    const refused = await comment(fan.token, p.id, 'Hello?');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain(commentMessages.turnedOff);
    expect(await comments(p.id, fan.token)).toMatchObject({ enabled: false, canComment: false });
    await call('PUT', `/api/posts/${p.id}/comments/settings`, creator.token, { enabled: true });
    expect((await comment(fan.token, p.id, 'Back on')).statusCode).toBe(201);
  });

  it('likes a comment once, and unlikes it', async () => {
    const { post: p } = await creatorWithPost();
    const [fan, other] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    const c = (await comment(fan.token, p.id, 'Like me')).json<CommentView>();
    await call('POST', `/api/comments/${c.id}/like`, other.token);
    const again = await call('POST', `/api/comments/${c.id}/like`, other.token);
    expect(again.json()).toEqual({ liked: true, likes: 1 });
    expect((await comments(p.id, other.token)).items[0]).toMatchObject({ likes: 1, liked: true });
    expect((await call('DELETE', `/api/comments/${c.id}/like`, other.token)).json()).toEqual({
      liked: false,
      likes: 0,
    });
  });

  it('across a block: no comments on the post, and two commenters do not see each other', async () => {
    const { creator, post: p } = await creatorWithPost();
    const [fan, blocker] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    const fans = (await comment(fan.token, p.id, 'From the fan')).json<CommentView>();
    await comment(blocker.token, p.id, 'From the blocker');
    expect(
      (await post(t, '/api/me/blocks', { userId: fan.user.id }, { token: blocker.token })).statusCode,
    ).toBe(200);

    expect((await comments(p.id, fan.token)).items.map((c) => c.text)).toEqual(['From the fan']);
    expect((await comments(p.id, blocker.token)).items.map((c) => c.text)).toEqual(['From the blocker']);
    const reply = await comment(blocker.token, p.id, 'reply', fans.id);
    expect(reply.statusCode).toBe(403);
    expect(reply.body).toContain(commentMessages.blocked);
    expect((await call('POST', `/api/comments/${fans.id}/like`, blocker.token)).statusCode).toBe(404);
    expect(
      (
        await post(
          t,
          '/api/reports',
          { targetType: 'comment', targetId: fans.id, reason: 'spam' },
          { token: blocker.token },
        )
      ).statusCode,
    ).toBe(404);

    // Blocked by the creator: the post and its comments are not found, and cannot be written on.
    await post(t, '/api/me/blocks', { userId: fan.user.id }, { token: creator.token });
    expect((await get(t, `/api/posts/${p.id}/comments`, fan.token)).statusCode).toBe(404);
    expect((await comment(fan.token, p.id, 'still here?')).statusCode).toBe(404);
  });

  it('is rate limited', async () => {
    const { post: p } = await creatorWithPost();
    const fan = await signUpVerified(t);
    for (let index = 0; index < commentLimits.perMinute; index += 1)
      expect((await comment(fan.token, p.id, `Comment ${index}`)).statusCode).toBe(201);
    const limited = await comment(fan.token, p.id, 'One too many');
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain(commentMessages.tooMany);
  });

  it('is reportable into the reports queue, and removing it takes it off the post', async () => {
    const { post: p } = await creatorWithPost();
    const [fan, reporter] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    const bad = (await comment(fan.token, p.id, 'Buy followers at spam.example')).json<CommentView>();
    const reported = await post(
      t,
      '/api/reports',
      { targetType: 'comment', targetId: bad.id, reason: 'spam' },
      { token: reporter.token },
    );
    expect(reported.statusCode).toBe(201);
    const queue = await get(t, '/api/admin/reports', admin.token);
    const entry = queue
      .json<{ items: { id: string; targetId: string; target: { summary: string } }[] }>()
      .items.find((item) => item.targetId === bad.id);
    expect(entry?.target.summary).toBe('Buy followers at spam.example');
    const resolved = await post(
      t,
      `/api/admin/reports/${entry?.id}/resolve`,
      { resolution: 'Spam removed', removeContent: true, suspendAccount: false },
      { token: admin.token },
    );
    expect(resolved.statusCode).toBe(200);
    expect((await comments(p.id)).count).toBe(0);
  });

  const liveCounts = async (postIds: string[], token?: string) => {
    const live = await openSse(
      `${baseUrl}/api/comments/live?posts=${postIds.join(',')}`,
      token ? { token } : {},
    );
    streams.push(live);
    return live;
  };
  const countOf = (live: SseStream, postId: string, count: number) =>
    live.waitFor(
      (event) =>
        event.event === 'post.comments' &&
        (event.data as { postId: string }).postId === postId &&
        (event.data as { count: number }).count === count,
    );

  it('pushes counts live to everyone reading the comments, signed in or not, and only of posts they may see', async () => {
    const { creator, post: p } = await creatorWithPost();
    const { creator: blocker, post: hidden } = await creatorWithPost();
    const [fan, reader] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    expect(
      (await post(t, '/api/me/blocks', { userId: reader.user.id }, { token: blocker.token })).statusCode,
    ).toBe(200);
    await comment(fan.token, hidden.id, 'Seen by some');

    // A signed-out bystander and a signed-in reader, each with the comments of two posts open.
    const anonymous = await liveCounts([p.id, hidden.id]);
    const signedIn = await liveCounts([p.id, hidden.id, 'not-a-post'], reader.token);
    expect(anonymous.status).toBe(200);
    await countOf(anonymous, p.id, 0);
    await countOf(anonymous, hidden.id, 1);
    await countOf(signedIn, p.id, 0);

    const first = (await comment(fan.token, p.id, 'Live one')).json<CommentView>();
    await countOf(anonymous, p.id, 1);
    await countOf(signedIn, p.id, 1);
    expect((await call('DELETE', `/api/comments/${first.id}`, creator.token)).statusCode).toBe(200);
    await countOf(anonymous, p.id, 0);
    await countOf(signedIn, p.id, 0);

    // The post of the creator who blocked the reader is not in the reader's stream at all, then or later.
    await comment(fan.token, hidden.id, 'Seen by some, again');
    await countOf(anonymous, hidden.id, 2);
    // The reader's stream is written in order: once the next change on p is there, a count of the
    // hidden post would have been too.
    await comment(fan.token, p.id, 'After the hidden one');
    await countOf(signedIn, p.id, 1);
    expect(signedIn.events.filter((event) => (event.data as { postId?: string }).postId !== p.id)).toEqual(
      [],
    );

    const none = await get(t, '/api/comments/live?posts=');
    expect(none.statusCode).toBe(400);
    const tooMany = await get(
      t,
      `/api/comments/live?posts=${Array.from({ length: 21 }, (_, i) => `p${i}`).join(',')}`,
    );
    expect(tooMany.statusCode).toBe(400);
  });

  it('tells the creator and the comment author (bell and email)', async () => {
    const { creator, post: p } = await creatorWithPost();
    const fan = await signUpVerified(t, { firstName: 'Ada', lastName: 'King' });
    const replier = await signUpVerified(t, { firstName: 'Alan', lastName: 'Turing' });
    const live = await liveCounts([p.id], creator.token);

    const first = (await comment(fan.token, p.id, 'First!')).json<CommentView>();
    await countOf(live, p.id, 1);
    const creatorMail = await t.smtp.waitFor(
      (m) => m.to.includes(creator.email) && /commented/.test(m.subject),
    );
    expect(creatorMail.subject).toBe('Ada King commented on your post');
    expect(creatorMail.text).toContain(`/post/${p.id}`);
    expect(creatorMail.text).not.toContain(fan.email);

    // The fan turns reply emails off, keeps them in the bell.
    const settings = await call('PUT', '/api/me/notification-settings', fan.token, {
      kind: 'reply',
      email: false,
    });
    expect(
      settings.json<{ items: { kind: string; inApp: boolean; email: boolean | null }[] }>().items,
    ).toContainEqual({
      kind: 'reply',
      label: 'Replies to your comments',
      inApp: true,
      email: false,
      push: true,
    });
    await comment(replier.token, p.id, 'Second to that', first.id);
    await countOf(live, p.id, 2);
    const bell = (await get(t, '/api/notifications', fan.token)).json<NotificationList>();
    expect(bell.items[0]).toMatchObject({ kind: 'reply', text: 'Alan Turing replied to your comment' });
    await t.smtp.waitFor(
      (m) => m.to.includes(creator.email) && m.subject === 'Alan Turing commented on your post',
    );

    // In-app off: no bell entry either.
    await call('PUT', '/api/me/notification-settings', creator.token, { kind: 'comment', inApp: false });
    await comment(replier.token, p.id, 'Third');
    await t.smtp.waitFor((m) => m.to.includes(creator.email) && m.text.includes('Third'));
    // Mails go out in the order they were asked for: by now a reply mail to the fan would be in.
    expect(t.smtp.messages.filter((m) => m.to.includes(fan.email) && /replied/.test(m.subject))).toEqual([]);
    const creatorBell = (await get(t, '/api/notifications', creator.token)).json<NotificationList>();
    expect(creatorBell.items.filter((n) => n.kind === 'comment')).toHaveLength(2);
  });
});
