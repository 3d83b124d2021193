import { createECDH, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { tipDefaults } from '../common/tips.ts';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** '10.0.0.1, 10.1.0.0/16': every part an IP address or a CIDR range. */
function trustedAddresses(value: string): boolean {
  return value.split(',').every((part) => {
    const [address, bits, extra] = part.trim().split('/');
    if (extra !== undefined || !address) return false;
    const family = isIP(address);
    if (family === 0) return false;
    if (bits === undefined) return true;
    const size = Number(bits);
    return /^\d{1,3}$/.test(bits) && size <= (family === 4 ? 32 : 128);
  });
}

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default('./dist/web'),
  ADMIN_EMAILS: optionalString,
  GA_MEASUREMENT_ID: optionalString,
  SMTP_URL: optionalString.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  /** `log`: codes and links go to the log instead of being mailed (refused in production unless set). */
  MAIL_DRIVER: z.enum(['smtp', 'log'], { error: 'must be smtp or log' }).optional(),
  /** In production the embedded database is refused unless this is set. */
  ALLOW_EMBEDDED_DATABASE: booleanFlag.default(false),
  MAIL_FROM: z.string().default('Fanplace <no-reply@localhost>'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
  PAYSTACK_SECRET_KEY: optionalString,
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(100).default(20),
  /** Days a creator's earning is held (refunds, chargebacks) before it can be paid out. */
  EARNINGS_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /** The smallest payout a creator may ask for, and the default of their own minimum, in USD cents. */
  PAYOUT_MINIMUM_CENTS: z.coerce.number().int().min(1).max(100_000_000).default(2000),
  /** A payout is refused while the exchange rate for its currency is older than this. */
  PAYOUT_RATE_MAX_AGE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24),
  /**
   * Pay creators by transfer (Paystack Transfers with PAYSTACK_SECRET_KEY, else the sandbox's
   * simulated transfers). false: every payout is sent by hand and marked paid by an admin.
   */
  PAYOUT_TRANSFERS: booleanFlag.default(true),
  /** Seconds a sandbox transfer stays pending before its outcome (its webhook). */
  SANDBOX_TRANSFER_SECONDS: z.coerce.number().min(0).max(3600).default(3),
  /** The smallest and largest tip a fan may give, in USD cents (common/schemas/tips.ts). */
  TIP_MIN_CENTS: z.coerce.number().int().min(1).max(100_000_000).default(tipDefaults.minCents),
  TIP_MAX_CENTS: z.coerce.number().int().min(1).max(100_000_000).default(tipDefaults.maxCents),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  MEDIA_MAX_IMAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(25 * 1024 * 1024),
  MEDIA_MAX_VIDEO_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 * 1024 * 1024),
  FFMPEG_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(1),
  /** The ffmpeg and ffprobe programs (a name looked up on PATH, or a full path). */
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
  /** How long a signed link to private media works (seconds; S3 presigns allow up to 7 days). */
  MEDIA_SIGNED_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(30)
    .max(7 * 24 * 60 * 60)
    .default(10 * 60),
  /** First wait before a failed media job runs again (seconds, doubled for the next try). */
  MEDIA_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /** Bearer token for /api/metrics; unset: no metrics endpoint. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /**
   * The VAPID key pair push notifications are signed with (base64url, as `web-push
   * generate-vapid-keys` prints them). Unset: derived from APP_SECRET, so every process that shares
   * the secret shares the keys, and a restore under the same secret keeps devices subscribed.
   */
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  /** Who push services may contact about this server: a mailto: or https: URL. */
  VAPID_SUBJECT: optionalString.pipe(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// URL')
      .optional(),
  ),
  /**
   * Push services a browser may subscribe with besides the public ones (FCM, Mozilla, Apple,
   * Windows): origins such as `http://127.0.0.1:9000`, comma-separated (a local push service).
   */
  PUSH_SERVICE_ORIGINS: optionalString,
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  RUN_JOBS: booleanFlag.default(true),
  /** Unset: on for the embedded database outside tests, off on DATABASE_URL (see loadConfig). */
  SEED_DEMO: booleanFlag.optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .refine((value) => value === 'true' || value === 'false' || trustedAddresses(value), {
      message: 'must be true, false, or the proxy addresses (IPs or CIDR ranges, comma-separated)',
    })
    .transform((value): boolean | string =>
      value === 'true' || value === 'false' ? value === 'true' : value,
    ),
});

export type Env = z.infer<typeof envSchema>;

/** Every variable the server reads (deployment files are checked against it). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  appSecret: string;
  logLevel: Env['LOG_LEVEL'];
  webDistDir: string;
  database: { driver: 'pglite'; dir: string | null } | { driver: 'postgres'; url: string };
  redisUrl: string | null;
  adminEmails: string[];
  gaMeasurementId: string | null;
  mail: { smtpUrl: string | null; from: string };
  google: { clientId: string; clientSecret: string; issuerUrl: string } | null;
  payments: {
    paystackSecretKey: string | null;
    paystackBaseUrl: string;
    platformFeePercent: number;
    earningsHoldDays: number;
    /** Tip limits in USD cents, min <= max. */
    tips: { minCents: number; maxCents: number };
    /** Creator payouts (docs/decisions/0037-payouts.md). */
    payouts: {
      minimumCents: number;
      rateMaxAgeHours: number;
      /** Transfers on (the provider's, or the sandbox's); false: by hand only. */
      transfers: boolean;
      sandboxSettleMs: number;
    };
  };
  s3: {
    bucket: string;
    endpoint: string | null;
    region: string;
    accessKeyId: string | null;
    secretAccessKey: string | null;
  } | null;
  media: {
    /** Local media root (disk driver) and scratch space for processing (both drivers). */
    dir: string;
    maxImageBytes: number;
    maxVideoBytes: number;
    /** How many ffmpeg processes one process runs at once. */
    ffmpegConcurrency: number;
    /** The ffmpeg and ffprobe programs (FFMPEG_PATH, FFPROBE_PATH). */
    ffmpegPath: string;
    ffprobePath: string;
    /** Lifetime of signed links to private renditions, in seconds. */
    signedUrlTtlSeconds: number;
    /** First wait before a failed processing job runs again, in seconds (then doubled). */
    retryDelaySeconds: number;
  };
  /** Web push: the VAPID keys and subject, and the push services the server may send to. */
  push: { publicKey: string; privateKey: string; subject: string; extraOrigins: string[] };
  shutdownTimeoutMs: number;
  /** Bearer token for /api/metrics; null: the endpoint is off. */
  metricsToken: string | null;
  runJobs: boolean;
  /** Seed demo creators and posts into an empty database after the server starts listening. */
  seedDemo: boolean;
  /** Fastify's trustProxy: false, true, or a comma list of proxy addresses/CIDRs. */
  trustProxy: boolean | string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Turns zod issues into one line naming each bad variable. */
function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`).join('; ');
}

/** Settings that are fine on a laptop and wrong for real users: production must ask for them. */
function refuseProductionTraps(env: Env): void {
  if (env.NODE_ENV !== 'production') return;
  if (!env.DATABASE_URL && !env.ALLOW_EMBEDDED_DATABASE) {
    throw new ConfigError(
      'Invalid configuration: DATABASE_URL is not set, and NODE_ENV=production refuses the embedded database unless ALLOW_EMBEDDED_DATABASE=true',
    );
  }
  if (!env.SMTP_URL && env.MAIL_DRIVER !== 'log') {
    throw new ConfigError(
      'Invalid configuration: SMTP_URL is not set, and NODE_ENV=production refuses to print codes and links to the log unless MAIL_DRIVER=log',
    );
  }
  if (env.MAIL_DRIVER === 'smtp' && !env.SMTP_URL) {
    throw new ConfigError('Invalid configuration: MAIL_DRIVER=smtp needs SMTP_URL');
  }
}

/** The order of P-256's group: a private key is a number in [1, n-1]. */
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

/**
 * A VAPID key pair that follows from the app secret: the first HMAC of the secret that is a valid
 * P-256 private key (the first one almost always is), and its public key.
 */
export function vapidKeysFrom(appSecret: string): { publicKey: string; privateKey: string } {
  for (let counter = 0; ; counter++) {
    const candidate = createHmac('sha256', appSecret).update(`fanplace vapid key ${counter}`).digest();
    const value = BigInt(`0x${candidate.toString('hex')}`);
    if (value === 0n || value >= P256_ORDER) continue;
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(candidate);
    return {
      publicKey: ecdh.getPublicKey().toString('base64url'),
      privateKey: candidate.toString('base64url'),
    };
  }
}

/** The VAPID subject: the one given, else the public https address, else the mail sender's address. */
function vapidSubject(env: Env): string {
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT;
  if (env.PUBLIC_URL?.startsWith('https://')) return env.PUBLIC_URL.replace(/\/$/, '');
  const address = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
  return `mailto:${address.trim()}`;
}

/** Reads APP_SECRET from DATA_DIR, creating it once, so signed URLs survive restarts. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export interface LoadConfigOptions {
  /** In-memory database and no files written: used by tests. */
  ephemeral?: boolean;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, options: LoadConfigOptions = {}): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration: ${describeIssues(parsed.error)}`);
  }
  const env = parsed.data;
  refuseProductionTraps(env);
  if (env.TIP_MIN_CENTS > env.TIP_MAX_CENTS) {
    throw new ConfigError('Invalid configuration: TIP_MIN_CENTS must not be larger than TIP_MAX_CENTS');
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const appSecret =
    env.APP_SECRET ??
    (options.ephemeral ? randomBytes(48).toString('base64url') : loadOrCreateSecret(dataDir));
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid configuration: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
    );
  }
  const vapid =
    env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
      ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
      : vapidKeysFrom(appSecret);
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
          issuerUrl: env.GOOGLE_ISSUER_URL,
        }
      : null;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    appSecret,
    logLevel: env.LOG_LEVEL,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    database: env.DATABASE_URL
      ? { driver: 'postgres', url: env.DATABASE_URL }
      : { driver: 'pglite', dir: options.ephemeral ? null : path.join(dataDir, 'db') },
    redisUrl: env.REDIS_URL ?? null,
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    gaMeasurementId: env.GA_MEASUREMENT_ID ?? null,
    // MAIL_DRIVER=log keeps codes in the log even where SMTP_URL is set.
    mail: { smtpUrl: env.MAIL_DRIVER === 'log' ? null : (env.SMTP_URL ?? null), from: env.MAIL_FROM },
    google,
    payments: {
      paystackSecretKey: env.PAYSTACK_SECRET_KEY ?? null,
      paystackBaseUrl: env.PAYSTACK_BASE_URL,
      platformFeePercent: env.PLATFORM_FEE_PERCENT,
      earningsHoldDays: env.EARNINGS_HOLD_DAYS,
      tips: { minCents: env.TIP_MIN_CENTS, maxCents: env.TIP_MAX_CENTS },
      payouts: {
        minimumCents: env.PAYOUT_MINIMUM_CENTS,
        rateMaxAgeHours: env.PAYOUT_RATE_MAX_AGE_HOURS,
        transfers: env.PAYOUT_TRANSFERS,
        sandboxSettleMs: env.SANDBOX_TRANSFER_SECONDS * 1000,
      },
    },
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT ?? null,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID ?? null,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? null,
        }
      : null,
    media: {
      dir: path.join(dataDir, 'media'),
      maxImageBytes: env.MEDIA_MAX_IMAGE_BYTES,
      maxVideoBytes: env.MEDIA_MAX_VIDEO_BYTES,
      ffmpegConcurrency: env.FFMPEG_CONCURRENCY,
      ffmpegPath: env.FFMPEG_PATH,
      ffprobePath: env.FFPROBE_PATH,
      signedUrlTtlSeconds: env.MEDIA_SIGNED_URL_TTL_SECONDS,
      retryDelaySeconds: env.MEDIA_RETRY_DELAY_SECONDS,
    },
    push: {
      ...vapid,
      subject: vapidSubject(env),
      extraOrigins: (env.PUSH_SERVICE_ORIGINS ?? '')
        .split(',')
        .map((origin) => origin.trim().replace(/\/$/, ''))
        .filter(Boolean),
    },
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    metricsToken: env.METRICS_TOKEN ?? null,
    runJobs: env.RUN_JOBS,
    // A newcomer's laptop gets a living Discover page; a real PostgreSQL deployment only on request.
    // Production seeds only when SEED_DEMO=true says so.
    seedDemo: env.SEED_DEMO ?? (!env.DATABASE_URL && env.NODE_ENV === 'development'),
    trustProxy: env.TRUST_PROXY,
  };
}
