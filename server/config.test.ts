import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { type Config, ConfigError, loadConfig, vapidKeysFrom } from './config.ts';

describe('loadConfig', () => {
  it('uses the embedded defaults on a bare environment', () => {
    const config = loadConfig({}, { ephemeral: true });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ driver: 'pglite', dir: null });
    expect(config.redisUrl).toBeNull();
    expect(config.google).toBeNull();
    expect(config.payments.platformFeePercent).toBe(20);
    expect(config.payments.earningsHoldDays).toBe(7);
    expect(config.appSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('reads the platform fee and the earnings hold, and refuses values out of range', () => {
    const config = loadConfig({ PLATFORM_FEE_PERCENT: '12.5', EARNINGS_HOLD_DAYS: '0' }, { ephemeral: true });
    expect(config.payments.platformFeePercent).toBe(12.5);
    expect(config.payments.earningsHoldDays).toBe(0);
    expect(() => loadConfig({ PLATFORM_FEE_PERCENT: '101' }, { ephemeral: true })).toThrow(
      /PLATFORM_FEE_PERCENT/,
    );
    expect(() => loadConfig({ EARNINGS_HOLD_DAYS: '-1' }, { ephemeral: true })).toThrow(/EARNINGS_HOLD_DAYS/);
    expect(() => loadConfig({ EARNINGS_HOLD_DAYS: '1.5' }, { ephemeral: true })).toThrow(
      /EARNINGS_HOLD_DAYS/,
    );
  });

  it('reads the tip limits in cents ($1 to $200 by default) and refuses a minimum above the maximum', () => {
    expect(loadConfig({}, { ephemeral: true }).payments.tips).toEqual({ minCents: 100, maxCents: 20_000 });
    const config = loadConfig({ TIP_MIN_CENTS: '250', TIP_MAX_CENTS: '50000' }, { ephemeral: true });
    expect(config.payments.tips).toEqual({ minCents: 250, maxCents: 50_000 });
    expect(() => loadConfig({ TIP_MIN_CENTS: '0' }, { ephemeral: true })).toThrow(/TIP_MIN_CENTS/);
    expect(() => loadConfig({ TIP_MAX_CENTS: '1.5' }, { ephemeral: true })).toThrow(/TIP_MAX_CENTS/);
    expect(() => loadConfig({ TIP_MIN_CENTS: '600', TIP_MAX_CENTS: '500' }, { ephemeral: true })).toThrow(
      /TIP_MIN_CENTS must not be larger than TIP_MAX_CENTS/,
    );
  });

  it('derives the push keys from APP_SECRET (the same for every process that shares it), or takes both from the environment', () => {
    const secret = 'a'.repeat(48);
    const one = loadConfig({ APP_SECRET: secret }, { ephemeral: true }).push;
    expect(loadConfig({ APP_SECRET: secret }, { ephemeral: true }).push).toEqual(one);
    expect(loadConfig({ APP_SECRET: 'b'.repeat(48) }, { ephemeral: true }).push.publicKey).not.toBe(
      one.publicKey,
    );
    expect(one).toMatchObject({
      publicKey: vapidKeysFrom(secret).publicKey,
      subject: 'mailto:no-reply@localhost',
    });
    // A usable pair: web-push signs with it.
    const request = webpush.generateRequestDetails(
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/x',
        keys: { p256dh: one.publicKey, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
      },
      'hello',
      { vapidDetails: one },
    );
    expect(request.headers.Authorization).toMatch(new RegExp(`k=${one.publicKey}$`));

    const given = webpush.generateVAPIDKeys();
    expect(
      loadConfig(
        { VAPID_PUBLIC_KEY: given.publicKey, VAPID_PRIVATE_KEY: given.privateKey },
        { ephemeral: true },
      ).push,
    ).toMatchObject(given);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: given.publicKey }, { ephemeral: true })).toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'ops@example.com' }, { ephemeral: true })).toThrow(
      /VAPID_SUBJECT/,
    );
    expect(
      loadConfig(
        { PUBLIC_URL: 'https://fans.example.com/', PUSH_SERVICE_ORIGINS: 'http://127.0.0.1:9000/, ' },
        { ephemeral: true },
      ).push,
    ).toMatchObject({ subject: 'https://fans.example.com', extraOrigins: ['http://127.0.0.1:9000'] });
  });

  it('names the variable whose value is bad', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ URL/,
    );
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET: must be at least 32 characters/);
    // A word for a proxy list is named, not passed on to crash the start with a stack trace.
    for (const value of ['yes', '10.0.0.1, proxy', '10.0.0.0/33'])
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: must be true, false, or the proxy/,
      );
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).trustProxy).toBe(
      '10.0.0.1, 10.1.0.0/16,::1',
    );
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('chooses PostgreSQL when DATABASE_URL is set and parses lists', () => {
    const config = loadConfig(
      {
        DATABASE_URL: 'postgres://u@localhost/db',
        ADMIN_EMAILS: ' Boss@Example.com, ,ops@example.com',
        PORT: '8080',
        PUBLIC_URL: 'https://fans.example/',
        APP_SECRET: 'x'.repeat(40),
      },
      { ephemeral: true },
    );
    expect(config.database).toEqual({ driver: 'postgres', url: 'postgres://u@localhost/db' });
    expect(config.adminEmails).toEqual(['boss@example.com', 'ops@example.com']);
    expect(config.publicUrl).toBe('https://fans.example');
    expect(config.appSecret).toBe('x'.repeat(40));
  });

  it('seeds demo data by default only on the embedded database outside tests', () => {
    const postgres = 'postgres://u@localhost/db';
    const seedDemo = (env: Record<string, string>) => loadConfig(env, { ephemeral: true }).seedDemo;
    expect(seedDemo({})).toBe(true);
    // Production seeds only when asked to, even on the embedded database it was allowed to use.
    const embeddedProduction = {
      NODE_ENV: 'production',
      ALLOW_EMBEDDED_DATABASE: 'true',
      MAIL_DRIVER: 'log',
    };
    expect(seedDemo(embeddedProduction)).toBe(false);
    expect(seedDemo({ ...embeddedProduction, SEED_DEMO: 'true' })).toBe(true);
    expect(seedDemo({ NODE_ENV: 'test' })).toBe(false);
    expect(seedDemo({ SEED_DEMO: 'false' })).toBe(false);
    expect(seedDemo({ DATABASE_URL: postgres })).toBe(false);
    expect(seedDemo({ DATABASE_URL: postgres, SEED_DEMO: 'true' })).toBe(true);
    expect(seedDemo({ NODE_ENV: 'test', SEED_DEMO: 'true' })).toBe(true);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });

  describe('production refuses what only suits a laptop, unless told explicitly', () => {
    const production = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40) };
    const postgres = { DATABASE_URL: 'postgres://u@db/fanplace' };
    const smtp = { SMTP_URL: 'smtps://user:pass@smtp.example.com:465' };

    it('refuses the embedded database (a misspelt DATABASE_URL) unless ALLOW_EMBEDDED_DATABASE=true', () => {
      expect(() => loadConfig({ ...production, ...smtp, DATABSE_URL: 'postgres://u@db/x' })).toThrow(
        /^Invalid configuration: DATABASE_URL is not set, and NODE_ENV=production refuses the embedded database unless ALLOW_EMBEDDED_DATABASE=true$/,
      );
      const allowed = loadConfig(
        { ...production, ...smtp, ALLOW_EMBEDDED_DATABASE: 'true' },
        { ephemeral: true },
      );
      expect(allowed.database.driver).toBe('pglite');
    });

    it('refuses to print codes and links to the log unless MAIL_DRIVER=log', () => {
      expect(() => loadConfig({ ...production, ...postgres })).toThrow(
        /^Invalid configuration: SMTP_URL is not set, and NODE_ENV=production refuses to print codes and links to the log unless MAIL_DRIVER=log$/,
      );
      expect(loadConfig({ ...production, ...postgres, MAIL_DRIVER: 'log' }).mail.smtpUrl).toBeNull();
      expect(loadConfig({ ...production, ...postgres, ...smtp }).mail.smtpUrl).toBe(smtp.SMTP_URL);
      expect(() => loadConfig({ ...production, ...postgres, MAIL_DRIVER: 'smtp' })).toThrow(/SMTP_URL/);
    });

    it.each([
      ['SMTP_URL', 'smtp.example.com:465', 'must be an smtp:// or smtps:// URL'],
      ['SMTP_URL', 'smtps://user:pa ss@[bad', 'must be an smtp:// or smtps:// URL'],
      ['PUBLIC_URL', 'fans.example.com', 'must be an http:// or https:// URL'],
      ['PUBLIC_URL', 'ftp://fans.example.com', 'must be an http:// or https:// URL'],
      ['S3_ENDPOINT', 'minio:9000', 'must be an http:// or https:// URL'],
    ])('checks %s=%s as a URL, in one line naming it', (name, value, message) => {
      let error: unknown;
      try {
        loadConfig({ ...postgres, ...smtp, [name]: value }, { ephemeral: true });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toBe(`Invalid configuration: ${name}: ${message}`);
    });
  });

  it.each([
    {
      name: 'MEDIA_SIGNED_URL_TTL_SECONDS',
      read: (config: Config) => config.media.signedUrlTtlSeconds,
      fallback: 600,
      valid: 120,
      invalid: ['5', String(8 * 24 * 3600)],
    },
    {
      name: 'MEDIA_RETRY_DELAY_SECONDS',
      read: (config: Config) => config.media.retryDelaySeconds,
      fallback: 10,
      valid: 1,
      invalid: ['0', '3601'],
    },
  ])(
    'reads $name: $fallback unless set, refused out of range',
    ({ name, read, fallback, valid, invalid }) => {
      const load = (env: Record<string, string>) => read(loadConfig(env, { ephemeral: true }));
      expect(load({})).toBe(fallback);
      expect(load({ [name]: String(valid) })).toBe(valid);
      for (const value of invalid) expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
    },
  );
});
