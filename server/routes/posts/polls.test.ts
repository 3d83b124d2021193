import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostView, postMessages } from '../../../common/schemas/posts.ts';
import { postPurchases } from '../../db/schema/index.ts';
import { bearer, get, post, signUpVerified } from '../../test/accounts.ts';
import { HOUR, MINUTE } from '../../test/clock.ts';
import { buildCreator } from '../../test/creators.ts';
import { createMediaTestApp, type MediaTestApp } from '../../test/media.ts';

const youtubeUrl = 'https://youtu.be/dQw4w9WgXcQ';

/** Polls in posts: the option rules, one vote per fan, results after voting or the end, blocks and locks. */
describe('polls', () => {
  let t: MediaTestApp;
  let admin: { token: string };
  beforeAll(async () => {
    t = await createMediaTestApp({ ADMIN_EMAILS: 'polls-admin@example.com' });
    admin = await signUpVerified(t, { email: 'polls-admin@example.com' });
  });
  afterAll(async () => {
    await t.close();
  });

  const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
  const create = (token: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: bearer(token),
      payload: { description: 'Vote!', youtubeUrl, ...payload },
    });
  const vote = (token: string, id: string, option: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/posts/${id}/poll/vote`,
      headers: bearer(token),
      payload: { option },
    });

  it('refuses fewer than 2 or more than 4 options, an empty or repeated option, and an end in the past', async () => {
    const { token } = await buildCreator(t, { approveWith: admin.token });
    const fields = async (poll: object) => {
      const response = await create(token, { poll });
      expect(response.statusCode).toBe(400);
      return response.json<{ fields: Record<string, string> }>().fields;
    };
    const endsAt = at(HOUR);
    expect(await fields({ options: ['Only'], endsAt })).toEqual({
      'poll.options': postMessages.pollOptionsCount,
    });
    expect(await fields({ options: ['A', 'B', 'C', 'D', 'E'], endsAt })).toEqual({
      'poll.options': postMessages.pollOptionsCount,
    });
    expect(await fields({ options: ['Yes', '  '], endsAt })).toEqual({
      'poll.options': postMessages.pollOptionEmpty,
    });
    expect(await fields({ options: ['Yes', 'yes '], endsAt })).toEqual({
      'poll.options': postMessages.pollOptionRepeated,
    });
    expect(await fields({ options: ['Yes', 'No'], endsAt: at(-MINUTE) })).toEqual({
      poll: postMessages.pollEndInPast,
    });
  });

  it('takes one vote per fan and shows results only after voting or the end', async () => {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const created = await create(creator.token, {
      poll: { options: ['Beach', 'Mountains', 'City'], endsAt: at(HOUR) },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<PostView>();
    const [fan1, fan2, late] = [await signUpVerified(t), await signUpVerified(t), await signUpVerified(t)];

    const before = (await get(t, `/api/posts/${id}`, fan1.token)).json<PostView>().poll;
    expect(before).toMatchObject({
      options: [
        { text: 'Beach', votes: null },
        { text: 'Mountains', votes: null },
        { text: 'City', votes: null },
      ],
      ended: false,
      myVote: null,
      totalVotes: null,
      canVote: true,
    });
    // A visitor sees the open poll but may not vote; the creator may not vote in their own poll.
    expect((await get(t, `/api/posts/${id}`)).json<PostView>().poll).toMatchObject({
      totalVotes: null,
      canVote: false,
    });
    expect((await get(t, `/api/posts/${id}`, creator.token)).json<PostView>().poll).toMatchObject({
      totalVotes: 0,
      canVote: false,
    });
    const first = await vote(fan1.token, id, 1);
    expect(first.statusCode).toBe(200);
    expect(first.json<PostView>().poll).toMatchObject({
      options: [{ votes: 0 }, { votes: 1 }, { votes: 0 }],
      myVote: 1,
      totalVotes: 1,
      canVote: false,
    });
    const again = await vote(fan1.token, id, 0);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(postMessages.pollAlreadyVoted);
    expect((await get(t, `/api/posts/${id}`, fan2.token)).json<PostView>().poll?.totalVotes).toBeNull();
    expect((await vote(fan2.token, id, 7)).statusCode).toBe(400);
    expect((await vote(fan2.token, id, 3)).json<{ fields: object }>().fields).toEqual({
      option: postMessages.pollNoSuchOption,
    });
    expect(
      (await vote(fan2.token, id, 0)).json<PostView>().poll?.options.map((option) => option.votes),
    ).toEqual([1, 1, 0]);
    // The creator sees the count from the start, and does not vote.
    expect((await get(t, `/api/posts/${id}`, creator.token)).json<PostView>().poll?.totalVotes).toBe(2);
    expect((await vote(creator.token, id, 0)).json<{ message: string }>().message).toBe(
      postMessages.pollOwnPost,
    );

    t.clock.advance(2 * HOUR);
    const ended = (await get(t, `/api/posts/${id}`, late.token)).json<PostView>().poll;
    expect(ended).toMatchObject({ ended: true, totalVotes: 2, myVote: null, canVote: false });
    const tooLate = await vote(late.token, id, 2);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json<{ message: string }>().message).toBe(postMessages.pollEnded);
  });

  it('respects blocks and entitlements', async () => {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const poll = { options: ['Yes', 'No'], endsAt: at(HOUR) };
    const open = (await create(creator.token, { poll })).json<PostView>();
    const locked = (
      await create(creator.token, { poll, visibility: 'pay_per_view', price: '3.00' })
    ).json<PostView>();
    const fan = await signUpVerified(t);

    // A locked post shows no poll and takes no vote until it is unlocked.
    expect((await get(t, `/api/posts/${locked.id}`, fan.token)).json<PostView>().poll).toBeNull();
    const refused = await vote(fan.token, locked.id, 0);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(postMessages.pollLocked);
    await t.app.services.database.db.insert(postPurchases).values({ fanId: fan.user.id, postId: locked.id });
    expect((await get(t, `/api/posts/${locked.id}`, fan.token)).json<PostView>().poll?.canVote).toBe(true);
    expect((await vote(fan.token, locked.id, 0)).statusCode).toBe(200);

    // Blocked (either way): the post does not exist for them.
    const blocked = await signUpVerified(t);
    expect(
      (await post(t, '/api/me/blocks', { userId: blocked.user.id }, { token: creator.token })).statusCode,
    ).toBeLessThan(300);
    expect((await vote(blocked.token, open.id, 0)).statusCode).toBe(404);
    // Signed out: sign in first.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/posts/${open.id}/poll/vote`, payload: { option: 0 } }))
        .statusCode,
    ).toBe(401);
  });
});
