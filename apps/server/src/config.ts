import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !isIP(address)) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: which X-Forwarded-* headers to believe. Off (the default, or `false`/`0`): the
 * connecting address is the client. A number: that many proxies in front. Otherwise a comma list of
 * proxy addresses or CIDR ranges. `true` is refused: believing every sender lets anyone choose their address.
 */
const trustProxySchema = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string[] => {
    if (v === 'false' || v === '0') return false;
    if (/^\d+$/.test(v)) {
      if (Number(v) > 32) ctx.addIssue({ code: 'custom', message: 'a hop count is at most 32' });
      return Number(v);
    }
    const entries = v.split(',').map((e) => e.trim()).filter((e) => e !== '');
    const wrong = entries.filter((e) => !isProxyAddress(e));
    if (entries.length === 0 || wrong.length > 0) {
      ctx.addIssue({ code: 'custom', message: `use false, a hop count or a comma list of proxy addresses/CIDR ranges (not ${wrong.join(', ') || v})` });
    }
    return entries;
  })
  .default(false);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => /^(postgres|postgresql):\/\//.test(v) || /^(file:|sqlite:)/.test(v), {
      message: 'must be a postgres:// URL or a file:/sqlite: path',
    })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_DATA: z.enum(['true', 'false']).default('true'),
  TRUST_PROXY: trustProxySchema,
  REPORTS_PER_MINUTE: z.coerce.number().int().min(6).max(1_000_000).default(90),
  SMTP_URL: z.string().refine((v) => /^smtps?:\/\/[^/]/.test(v), { message: 'must be an smtp:// or smtps:// URL' }).optional(),
  SMTP_FROM: z.string().trim().min(3).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional(),
  NODE_ENV: z.string().optional(),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_EVERY_HOURS: z.coerce.number().int('must be a whole number of hours').min(0).max(8760).default(24),
  BACKUP_EVERY_MINUTES: z.coerce.number().int('must be a whole number of minutes').min(1).max(525_600).optional(),
  BACKUP_KEEP: z.coerce.number().int('must be a whole number').min(1).max(10_000).default(7),
  CONTENT_KEY: z.string().trim().regex(/^[A-Za-z0-9+/_-]{43}=?$/, 'must be 32 random bytes in base64 (openssl rand -base64 32)').optional(),
  CONTENT_KEYS_PREVIOUS: z
    .string()
    .transform((v) => v.split(',').map((k) => k.trim()).filter((k) => k !== ''))
    .refine((keys) => keys.every((k) => /^[A-Za-z0-9+/_-]{43}=?$/.test(k)), 'must be a comma list of keys, each 32 bytes in base64')
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional(),
  S3_BUCKET: z.string().trim().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)').optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  UPLOAD_URL_KEY: z.string().trim().min(1).optional(),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  METRICS_TOKEN: z.string().trim().min(24, 'must be at least 24 characters (openssl rand -hex 24)').optional(),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  demoData: boolean;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses (TRUST_PROXY). */
  trustProxy: false | number | string[];
  /** Report calls (the three together) one user may make per minute per server process (REPORTS_PER_MINUTE), a sixth of them per 10 s. */
  reportsPerMinute: number;
  /** Outgoing email (SMTP_URL, SMTP_FROM); null without SMTP_URL: no email is sent (decision 0067). */
  email: { smtpUrl: string; from: string } | null;
  /** Where people reach the app, for links in emails (PUBLIC_URL; default http://localhost:PORT), no trailing slash. */
  publicUrl: string;
  /** Whether /api/docs (the API reference) is served: outside production only (NODE_ENV=production hides it; decision 0125). */
  apiDocs: boolean;
  /**
   * Scheduled backups (docs/decisions/0190-backups-and-restore.md): the folder (BACKUP_DIR, default DATA_DIR/backups;
   * best on another disk), every how many minutes (BACKUP_EVERY_HOURS × 60, or BACKUP_EVERY_MINUTES to try retention
   * in minutes, decision 0226; 0 = none) and how many scheduled archives are kept.
   */
  backup: { dir: string; everyMinutes: number; keep: number };
  /**
   * The keys of confidential fields at rest (docs/decisions/0205-encryption-at-rest.md): CONTENT_KEY (else the newest
   * file of `dir`, DATA_DIR/content-keys, created on first start), and older keys still read (CONTENT_KEYS_PREVIOUS).
   */
  contentKeys: { current: string | null; previous: string[]; dir: string };
  /**
   * Where uploaded images are kept (docs/decisions/0328-object-storage.md): DATA_DIR/uploads, or an S3-compatible
   * bucket when S3_BUCKET is set (S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE).
   */
  storage: { kind: 'disk' } | { kind: 's3'; endpoint: string | null; bucket: string; region: string; credentials: { accessKeyId: string; secretAccessKey: string } | null; forcePathStyle: boolean };
  /** The key private images' URLs are signed with (UPLOAD_URL_KEY); null: a key file in DATA_DIR (one machine only). */
  uploadUrlKey: string | null;
  /** How long a looked-up session is kept while its invalidations are heard (SESSION_CACHE_MS; 0: off; decision 0361). */
  sessionCacheMs: number;
  /** The bearer token Prometheus scrapes GET /metrics with (METRICS_TOKEN); null: /metrics is off (decision 0331). */
  metricsToken: string | null;
}

/** Reads and validates the environment; throws one readable line per wrong variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable means "not set" (e.g. DATABASE_URL= selects the default SQLite file).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  // In production the links in emails must reach the app: never the http://localhost default (decision 0123).
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    throw new ConfigError('Invalid configuration: PUBLIC_URL: must be set when NODE_ENV=production (the address people open the app at, for the links in emails)');
  }
  if (e.BACKUP_EVERY_MINUTES !== undefined && present.BACKUP_EVERY_HOURS !== undefined) {
    throw new ConfigError('Invalid configuration: BACKUP_EVERY_MINUTES: set BACKUP_EVERY_HOURS or BACKUP_EVERY_MINUTES, not both');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const url = e.DATABASE_URL;
  const database: AppConfig['database'] =
    url && /^postgres/.test(url)
      ? { kind: 'postgres', url }
      : { kind: 'sqlite', file: url ? path.resolve(url.replace(/^(file:|sqlite:)(\/\/)?/, '')) : path.join(dataDir, 'kalinga.sqlite') };
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    database,
    logLevel: e.LOG_LEVEL,
    demoData: e.DEMO_DATA === 'true',
    trustProxy: e.TRUST_PROXY,
    reportsPerMinute: e.REPORTS_PER_MINUTE,
    email: e.SMTP_URL ? { smtpUrl: e.SMTP_URL, from: e.SMTP_FROM ?? 'no-reply@localhost' } : null,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    apiDocs: e.NODE_ENV !== 'production',
    backup: { dir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : path.join(dataDir, 'backups'), everyMinutes: e.BACKUP_EVERY_MINUTES ?? e.BACKUP_EVERY_HOURS * 60, keep: e.BACKUP_KEEP },
    contentKeys: { current: e.CONTENT_KEY ?? null, previous: e.CONTENT_KEYS_PREVIOUS ?? [], dir: path.join(dataDir, 'content-keys') },
    sessionCacheMs: e.SESSION_CACHE_MS,
    metricsToken: e.METRICS_TOKEN ?? null,
    storage: storageOf(e),
    uploadUrlKey: e.UPLOAD_URL_KEY ?? null,
  };
}

/**
 * The image storage the S3_* variables choose (docs/decisions/0328-object-storage.md). Several machines share no
 * DATA_DIR, so with a bucket the URL-signing key must be set too; credentials come as a pair or not at all (then the
 * SDK's own chain: AWS_* variables, an instance role). Path-style addressing is the default with an S3_ENDPOINT
 * (MinIO, Garage, Ceph and the like), virtual-hosted style on AWS itself.
 */
function storageOf(e: z.infer<typeof envSchema>): AppConfig['storage'] {
  const set = [e.S3_ENDPOINT, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY, e.S3_FORCE_PATH_STYLE].some((v) => v !== undefined);
  if (!e.S3_BUCKET) {
    if (set) throw new ConfigError('Invalid configuration: S3_BUCKET: must be set with the other S3_ variables (the bucket the images are kept in)');
    return { kind: 'disk' };
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together, or neither');
  }
  if (!e.UPLOAD_URL_KEY) {
    throw new ConfigError('Invalid configuration: UPLOAD_URL_KEY: must be set when S3_BUCKET is set, the same on every machine (openssl rand -hex 32), so a private image\'s link made on one machine opens on another');
  }
  return {
    kind: 's3',
    endpoint: e.S3_ENDPOINT ?? null,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : null,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : e.S3_ENDPOINT !== undefined,
  };
}

export class ConfigError extends Error {}
