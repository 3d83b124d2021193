import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
    expect(config.appSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('names the variable whose value is bad', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ URL/,
    );
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET: must be at least 32 characters/);
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
});
