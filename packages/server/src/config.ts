import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Configuration, parsed once at start. A bad value stops the start with a clear message.
 * process.env is read here and nowhere else in the server.
 */
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = (protocols: RegExp, what: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => protocols.test(value), `must be a ${what} URL`)
      .optional(),
  );

/**
 * TRUST_PROXY (decision 021): how many proxies in front of the app (a hop count), or their
 * addresses (a comma-separated list of IPs, CIDR ranges or loopback/linklocal/uniquelocal).
 * `true` trusted every hop: any client could choose its address with its own X-Forwarded-For.
 */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};
const TrustProxy = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .default('false')
    .transform((value, context): false | number | string[] => {
      const text = value.trim();
      if (text === 'false' || text === '0') return false;
      if (text === 'true') {
        context.addIssue({
          code: 'custom',
          message:
            '"true" would trust every X-Forwarded-For hop, so any client could choose its own address. Give the number of proxies in front of the app (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.5,10.0.1.0/24)',
        });
        return z.NEVER;
      }
      if (/^\d+$/.test(text)) return Number(text) <= 10 ? Number(text) : fail();
      const entries = text.split(',').map((entry) => entry.trim());
      if (entries.every(isProxyAddress)) return entries;
      return fail();
      function fail(): never {
        context.addIssue({
          code: 'custom',
          message:
            'must be false, a number of proxy hops from 1 to 10, or a comma-separated list of proxy addresses or CIDR ranges',
        });
        return z.NEVER;
      }
    }),
);

const ConfigSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['development', 'production', 'test']).default('production'),
  ),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  APP_URL: optionalUrl(/^https?:\/\/[^\s]+$/, 'http(s)'),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:\/\/[^\s]+$/, 'postgres://'),
  REDIS_URL: optionalUrl(/^rediss?:\/\/[^\s]+$/, 'redis://'),
  SMTP_URL: optionalUrl(/^smtps?:\/\/[^\s]+$/, 'smtp:// or smtps://'),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('QuizQuest <no-reply@quizquest.local>')),
  JWT_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters (256 bits)').optional(),
  ),
  JWT_TTL_HOURS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .positive()
      .max(24 * 30)
      .default(24 * 7),
  ),
  // Decision 037: a private Ed25519 JWK (JSON) signing the credentials, and retired keys (a JSON
  // array of JWKs) whose credentials still verify. Checked by lib/credential-keys.ts, never printed.
  CREDENTIAL_SIGNING_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  CREDENTIAL_RETIRED_KEYS: z.preprocess(emptyToUndefined, z.string().optional()),
  PAYMENT_LINK_PLAN59: optionalUrl(/^https:\/\/[^\s]+$/, 'https'),
  PAYMENT_LINK_PLAN99: optionalUrl(/^https:\/\/[^\s]+$/, 'https'),
  PAYMENT_LINK_PLAN199: optionalUrl(/^https:\/\/[^\s]+$/, 'https'),
  PAYMENT_LINK_PLAN299: optionalUrl(/^https:\/\/[^\s]+$/, 'https'),
  PAYMENT_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
  SUPPORT_NUMBER: z.preprocess(emptyToUndefined, z.string().max(32).default('+91 90000 00000')),
  // The app's own UPI QR page for plans without a payment link (decision 020).
  UPI_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/, 'must be a UPI ID such as name@bank')
      .optional(),
  ),
  UPI_PAYEE_NAME: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .min(1)
      .max(50)
      .regex(/^[^\p{Cc}]+$/u, 'must be plain text')
      .default('QuizQuest'),
  ),
  DEMO_ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.string().default('admin@quizquest.local')),
  DEMO_ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8).optional()),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  RATE_LIMIT_FACTOR: z.preprocess(emptyToUndefined, z.coerce.number().min(1).max(10_000).default(1)),
  TRUST_PROXY: TrustProxy,
  SIGNUP_LIMIT_PER_ADDRESS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(100)),
  SIGNUP_LIMIT_PER_EMAIL: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(3)),
  REQUEST_TIMEOUT_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().min(1).max(600).default(30)),
  CONNECTION_TIMEOUT_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().min(1).max(3600).default(60)),
  MAX_CONNECTIONS_PER_ADDRESS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(200)),
  BENCH_ROUTES: z.preprocess(emptyToUndefined, z.enum(['0', '1']).default('0')),
  MEDIA_UPLOADS_PER_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(20)),
  MEDIA_ADMIN_UPLOADS_PER_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(600)),
  MEDIA_QUOTA_MB: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(100_000).default(2)),
  MEDIA_ADMIN_QUOTA_MB: z.preprocess(
    emptyToUndefined,
    z.coerce.number().positive().max(100_000).default(512),
  ),
});

export type RawConfig = z.infer<typeof ConfigSchema>;

export interface Config {
  env: RawConfig['NODE_ENV'];
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Undefined until resolved: server.ts reads it or generates one under dataDir. */
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  /**
   * The credentials' signing key and retired keys as configured (decision 037); undefined: the
   * data folder's (lib/credential-keys.ts). Secret: never logged.
   */
  credentialSigningKey: string | undefined;
  credentialRetiredKeys: string | undefined;
  paymentLinks: Record<'plan59' | 'plan99' | 'plan199' | 'plan299', string | null>;
  paymentWebhookSecret: string | undefined;
  supportNumber: string;
  /** The payee of the UPI QR page; null when no UPI ID is configured. */
  upi: { id: string; payeeName: string } | null;
  demoAdminEmail: string;
  demoAdminPassword: string | undefined;
  logLevel: RawConfig['LOG_LEVEL'];
  /** false, a number of trusted proxy hops, or the trusted proxies' addresses (decision 021). */
  trustProxy: false | number | string[];
  /** Sign-ups per hour per client address and per e-mail address (before RATE_LIMIT_FACTOR). */
  signupLimits: { perAddress: number; perEmail: number };
  /** Whole request (headers and body) and socket inactivity limits, in milliseconds. */
  requestTimeoutMs: number;
  connectionTimeoutMs: number;
  /** Open connections per client address (0: no limit; not applied behind a trusted proxy). */
  maxConnectionsPerAddress: number;
  /** Multiplies every rate limit; 1 in production, raised for browser tests and benchmarks. */
  rateLimitFactor: number;
  /** Registers the benchmark's database-floor route (set only by `npm run bench`). */
  benchRoutes: boolean;
  /** Uploads (requests carrying new images) per hour and stored bytes per uploader (decision 022). */
  media: { uploadsPerHour: number; adminUploadsPerHour: number; quotaBytes: number; adminQuotaBytes: number };
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const raw = parsed.data;
  return {
    env: raw.NODE_ENV,
    port: raw.PORT,
    host: raw.HOST,
    appUrl: (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
    dataDir: raw.DATA_DIR,
    databaseUrl: raw.DATABASE_URL,
    redisUrl: raw.REDIS_URL,
    smtpUrl: raw.SMTP_URL,
    mailFrom: raw.MAIL_FROM,
    jwtSecret: raw.JWT_SECRET,
    jwtTtlSeconds: Math.round(raw.JWT_TTL_HOURS * 3600),
    credentialSigningKey: raw.CREDENTIAL_SIGNING_KEY,
    credentialRetiredKeys: raw.CREDENTIAL_RETIRED_KEYS,
    paymentLinks: {
      plan59: raw.PAYMENT_LINK_PLAN59 ?? null,
      plan99: raw.PAYMENT_LINK_PLAN99 ?? null,
      plan199: raw.PAYMENT_LINK_PLAN199 ?? null,
      plan299: raw.PAYMENT_LINK_PLAN299 ?? null,
    },
    paymentWebhookSecret: raw.PAYMENT_WEBHOOK_SECRET,
    supportNumber: raw.SUPPORT_NUMBER,
    upi: raw.UPI_ID ? { id: raw.UPI_ID, payeeName: raw.UPI_PAYEE_NAME } : null,
    demoAdminEmail: raw.DEMO_ADMIN_EMAIL,
    demoAdminPassword: raw.DEMO_ADMIN_PASSWORD,
    logLevel: raw.LOG_LEVEL,
    trustProxy: raw.TRUST_PROXY,
    signupLimits: { perAddress: raw.SIGNUP_LIMIT_PER_ADDRESS, perEmail: raw.SIGNUP_LIMIT_PER_EMAIL },
    requestTimeoutMs: Math.round(raw.REQUEST_TIMEOUT_SECONDS * 1000),
    connectionTimeoutMs: Math.round(raw.CONNECTION_TIMEOUT_SECONDS * 1000),
    maxConnectionsPerAddress: raw.MAX_CONNECTIONS_PER_ADDRESS,
    rateLimitFactor: raw.RATE_LIMIT_FACTOR,
    benchRoutes: raw.BENCH_ROUTES === '1',
    media: {
      uploadsPerHour: raw.MEDIA_UPLOADS_PER_HOUR,
      adminUploadsPerHour: raw.MEDIA_ADMIN_UPLOADS_PER_HOUR,
      quotaBytes: Math.round(raw.MEDIA_QUOTA_MB * 1024 * 1024),
      adminQuotaBytes: Math.round(raw.MEDIA_ADMIN_QUOTA_MB * 1024 * 1024),
    },
  };
}
