import path from 'node:path';
import { z } from 'zod';

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
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  demoData: boolean;
  /** Failed sign-ins allowed per email and per address in one minute. */
  loginAttemptsPerMinute: number;
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
    loginAttemptsPerMinute: 5,
  };
}

export class ConfigError extends Error {}
