import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../../common/limits.ts';
import { type SupportTicket, safetyMessages } from '../../../common/schemas/safety.ts';
import {
  type AccountsTestApp,
  get,
  post,
  signUpVerified,
  uniqueEmail,
  uniqueIp,
} from '../../test/accounts.ts';
import { exportedFiles } from '../../test/data-exports.ts';
import { createMediaTestApp } from '../../test/media.ts';

const DAY = 86_400_000;

describe('support tickets', () => {
  let t: AccountsTestApp;
  const adminEmail = uniqueEmail('admin');
  let admin: { token: string; user: { id: string } };
  beforeAll(async () => {
    // Jobs run: the data export is made by one.
    t = await createMediaTestApp({ ADMIN_EMAILS: adminEmail }, { runJobs: true });
    admin = await signUpVerified(t, { email: adminEmail, firstName: 'Grace', lastName: 'Hopper' });
  });
  afterAll(async () => {
    await t.close();
  });

  const request = (overrides: Record<string, unknown> = {}) => ({
    name: 'Ada Lovelace',
    email: uniqueEmail('writer'),
    category: 'billing',
    subject: 'Charged twice',
    message: 'I was charged twice for one subscription.',
    ...overrides,
  });
  const send = (body: object, options: { token?: string; ip?: string } = {}) =>
    post(t, '/api/support', body, options);
  const ticket = async (id: string, token = admin.token) => {
    const response = await get(t, `/api/admin/support/${id}`, token);
    expect(response.statusCode).toBe(200);
    return response.json<SupportTicket>();
  };

  it('checks every field with the spec messages, the email format too', async () => {
    const empty = await send({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({
      name: safetyMessages.nameRequired,
      email: safetyMessages.emailRequired,
      category: safetyMessages.categoryRequired,
      subject: safetyMessages.subjectRequired,
      message: safetyMessages.messageRequired,
    });
    const blank = await send(request({ name: '  ', subject: ' ', message: '\n' }));
    expect(blank.json().fields).toEqual({
      name: safetyMessages.nameRequired,
      subject: safetyMessages.subjectRequired,
      message: safetyMessages.messageRequired,
    });
    const badEmail = await send(request({ email: 'not-an-email' }));
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({
      message: safetyMessages.invalidEmail,
      code: 'VALIDATION_FAILED',
    });
    expect((await send(request({ category: 'refunds' }))).json().fields).toEqual({
      category: safetyMessages.categoryRequired,
    });
  });

  it('stores a ticket sent signed out and mails a receipt promising a reply within 24 hours', async () => {
    const body = request({ email: uniqueEmail('Anon').toUpperCase() });
    const response = await send(body);
    expect(response.statusCode).toBe(201);
    const { id, message } = response.json<{ id: string; message: string }>();
    expect(message).toBe(safetyMessages.ticketSent);

    const address = body.email.toLowerCase();
    const receipt = await t.smtp.waitFor((mail) => mail.to.includes(address));
    expect(receipt.subject).toBe('We received your message: Charged twice');
    expect(receipt.text).toContain(`within ${limits.supportReplyHours} hours`);
    expect(receipt.text).toContain('> I was charged twice for one subscription.');

    expect(await ticket(id)).toMatchObject({
      id,
      userId: null,
      name: 'Ada Lovelace',
      email: address,
      category: 'billing',
      subject: 'Charged twice',
      status: 'open',
      replies: [],
      ageDays: 0,
      closedAt: null,
    });
  });

  it('remembers the account of a signed-in writer', async () => {
    const user = await signUpVerified(t);
    const response = await send(request({ email: user.email }), { token: user.token });
    expect(response.statusCode).toBe(201);
    expect((await ticket(response.json().id)).userId).toBe(user.user.id);
  });

  it("puts a user's requests and the answers to them in their data export", async () => {
    const user = await signUpVerified(t);
    const { id } = (
      await send(request({ email: user.email, subject: 'Export me' }), { token: user.token })
    ).json();
    await post(
      t,
      `/api/admin/support/${id}/reply`,
      { message: 'Here is your answer' },
      { token: admin.token },
    );
    const { tables: data } = JSON.parse(
      (await exportedFiles(t, user.token)).get('data.json')?.toString() ?? '{}',
    ) as {
      tables: {
        support_tickets: { id: string; subject: string }[];
        support_replies: { ticket_id: string; message: string }[];
      };
    };
    expect(data.support_tickets.map((ticket) => ticket.subject)).toEqual(['Export me']);
    expect(data.support_replies.map((reply) => [reply.ticket_id, reply.message])).toEqual([
      [id, 'Here is your answer'],
    ]);
  });

  it('limits signed-out requests per IP', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) expect((await send(request(), { ip })).statusCode).toBe(201);
    const refused = await send(request(), { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: safetyMessages.tooManyTickets, code: 'RATE_LIMITED' });
    // Another address is not held back by it.
    expect((await send(request(), { ip: uniqueIp() })).statusCode).toBe(201);
  });

  it('limits signed-out requests per address, from whatever IP they come', async () => {
    const email = uniqueEmail('locked-out');
    for (let i = 0; i < 3; i++)
      expect((await send(request({ email }), { ip: uniqueIp() })).statusCode).toBe(201);
    const refused = await send(request({ email: email.toUpperCase() }), { ip: uniqueIp() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: safetyMessages.tooManyTickets, code: 'RATE_LIMITED' });
    expect(refused.json().retryAfterSeconds).toBeGreaterThan(0);
    // The account holder, signed in, is counted by account instead.
    const user = await signUpVerified(t);
    expect((await send(request({ email }), { token: user.token, ip: uniqueIp() })).statusCode).toBe(201);
  });

  it('is for admins only on the other side: list, read, reply, close', async () => {
    const user = await signUpVerified(t);
    const id = (await send(request())).json().id as string;
    expect((await get(t, '/api/admin/support')).statusCode).toBe(401);
    expect((await get(t, '/api/admin/support', user.token)).statusCode).toBe(403);
    expect((await get(t, `/api/admin/support/${id}`, user.token)).statusCode).toBe(403);
    expect(
      (await post(t, `/api/admin/support/${id}/reply`, { message: 'hi' }, { token: user.token })).statusCode,
    ).toBe(403);
    expect((await post(t, `/api/admin/support/${id}/close`, {}, { token: user.token })).statusCode).toBe(403);
    expect((await ticket(id)).status).toBe('open');
  });

  it('runs a ticket from open to closed: the admin replies by email, the reply is kept, then closes it', async () => {
    const body = request({ subject: 'Cannot upload', category: 'technical' });
    const { id } = (await send(body)).json<{ id: string }>();
    t.clock.advance(2 * DAY);

    const empty = await post(t, `/api/admin/support/${id}/reply`, { message: ' ' }, { token: admin.token });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(safetyMessages.replyRequired);

    const replied = await post(
      t,
      `/api/admin/support/${id}/reply`,
      { message: 'Please try a smaller file.\nWe are looking into it.' },
      { token: admin.token },
    );
    expect(replied.statusCode).toBe(200);
    const after = replied.json<SupportTicket>();
    expect(after.ageDays).toBe(2);
    expect(after.replies).toEqual([
      {
        id: expect.any(String),
        message: 'Please try a smaller file.\nWe are looking into it.',
        adminName: 'Grace Hopper',
        createdAt: t.clock.now().toISOString(),
      },
    ]);
    const mail = await t.smtp.waitFor((m) => m.to.includes(body.email) && m.subject === 'Re: Cannot upload');
    expect(mail.text).toContain('Please try a smaller file.');
    expect(mail.text).toContain('> I was charged twice for one subscription.');

    const closed = await post(t, `/api/admin/support/${id}/close`, {}, { token: admin.token });
    expect(closed.statusCode).toBe(200);
    expect(closed.json<SupportTicket>()).toMatchObject({
      status: 'closed',
      closedAt: t.clock.now().toISOString(),
    });
    expect((await ticket(id)).replies).toHaveLength(1);

    const again = await post(t, `/api/admin/support/${id}/close`, {}, { token: admin.token });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(safetyMessages.ticketAlreadyClosed);
    const late = await post(
      t,
      `/api/admin/support/${id}/reply`,
      { message: 'one more' },
      { token: admin.token },
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(safetyMessages.ticketClosed);

    const missing = '0195f3c1-7d4e-7000-8000-000000000000';
    expect((await get(t, `/api/admin/support/${missing}`, admin.token)).statusCode).toBe(404);
    expect(
      (await post(t, `/api/admin/support/${missing}/close`, {}, { token: admin.token })).statusCode,
    ).toBe(404);
  });

  it('lists open tickets oldest first and closed ones newest first, in keyset pages', async () => {
    const list = async (query: string) => {
      const response = await get(t, `/api/admin/support?${query}`, admin.token);
      expect(response.statusCode).toBe(200);
      return response.json<{ items: SupportTicket[]; nextCursor: string | null }>();
    };
    const all = async (status: string) => {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { items: SupportTicket[]; nextCursor: string | null } = await list(
          `status=${status}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(page.items.length).toBeLessThanOrEqual(2);
        expect(page.items.every((item) => item.status === status)).toBe(true);
        ids.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
      } while (cursor);
      return ids;
    };

    const mine: string[] = [];
    for (let i = 0; i < 3; i++) {
      mine.push((await send(request({ subject: `Paging ${i}` }))).json().id);
      t.clock.advance(1000);
    }
    await post(t, `/api/admin/support/${mine[0]}/close`, {}, { token: admin.token });
    await post(t, `/api/admin/support/${mine[2]}/close`, {}, { token: admin.token });

    const open = await all('open');
    expect(open).toEqual([...open].sort());
    expect(open).toContain(mine[1]);
    expect(open).not.toContain(mine[0]);
    const closed = await all('closed');
    expect(closed).toEqual([...closed].sort().reverse());
    expect(closed.indexOf(mine[2] as string)).toBeLessThan(closed.indexOf(mine[0] as string));
    expect(new Set([...open, ...closed]).size).toBe(open.length + closed.length);

    expect((await get(t, '/api/admin/support?cursor=%%%', admin.token)).statusCode).toBe(400);
  });
});
