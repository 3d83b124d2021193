import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountsTestApp,
  createAccountsTestApp,
  GOOD_PASSWORD,
  get,
  signUpVerified,
} from '../../test/accounts.ts';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('new-device alerts and the place of sessions', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const signIn = (email: string, userAgent: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password: GOOD_PASSWORD },
      remoteAddress: ip,
      headers: { 'user-agent': userAgent },
    });

  it('emails the owner when a browser the account has not used signs in, with the browser, the place and a link to revoke', async () => {
    const account = await signUpVerified(t);
    // The browser that verified the account is its first: remembered, not reported. Chrome is new.
    expect((await signIn(account.email, CHROME_LINUX, '8.8.8.8')).statusCode).toBe(200);
    const chrome = await t.smtp.waitFor(
      (m) => m.to.includes(account.email) && m.text.includes('Chrome on Linux'),
    );
    expect(chrome.text).toContain('near United States');
    // Chrome on Linux again, from another address: known, not reported.
    expect((await signIn(account.email, CHROME_LINUX, '8.8.4.4')).statusCode).toBe(200);
    const answer = await signIn(account.email, SAFARI_IPHONE, '81.2.69.160');
    expect(answer.statusCode).toBe(200);
    const mail = await t.smtp.waitFor((m) => m.to.includes(account.email) && m.text.includes('Safari'));
    expect(mail.subject).toBe('New sign-in to your Fanplace account');
    expect(mail.text).toContain('Safari on iOS');
    expect(mail.text).toContain('near United Kingdom');
    expect(mail.text).toContain(`${t.config.publicUrl}/settings`);

    // The same browser again: no second email. A third browser: one more.
    await signIn(account.email, SAFARI_IPHONE, '81.2.69.160');
    await signIn(account.email, FIREFOX_WINDOWS, '41.0.0.1');
    const firefox = await t.smtp.waitFor(
      (m) => m.to.includes(account.email) && m.text.includes('Firefox on Windows'),
    );
    expect(firefox.text).toContain('near South Africa');
    const alerts = t.smtp.messages.filter(
      (m) => m.to.includes(account.email) && /New sign-in/.test(m.subject),
    );
    expect(
      alerts.map((m) =>
        m.text.includes('Safari') ? 'safari' : m.text.includes('Firefox') ? 'firefox' : 'chrome',
      ),
    ).toEqual(['chrome', 'safari', 'firefox']);

    // The session list shows each session's approximate place.
    const token = answer.json<{ token: string }>().token;
    const sessions = (await get(t, '/api/auth/sessions', token)).json<{
      items: { ipAddress: string | null; place: string | null }[];
    }>();
    const places = Object.fromEntries(sessions.items.map((item) => [item.ipAddress, item.place]));
    expect(places['81.2.69.160']).toBe('United Kingdom');
    expect(places['8.8.8.8']).toBe('United States');
    expect(places['41.0.0.1']).toBe('South Africa');
  });
});
