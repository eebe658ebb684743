// The people and sessions of bench/live-devices.bench.ts: counter clerks working at every branch of the demo
// pawnshop, several devices (sessions) each, written straight into the database (2,000 sign-ins through the API would
// spend minutes hashing passwords), and the reads the bench makes of the servers' metrics and PostgreSQL's processes.
import fs from 'node:fs';
import { sql } from 'kysely';
import type { DB } from '../apps/server/src/db/database';
import { nowIso } from '../apps/server/src/lib/clock';
import { expiryFrom, hashToken, newToken } from '../apps/server/src/lib/tokens';
import { insertUser } from '../apps/server/src/modules/auth/user.repository';
import { insertToken } from '../apps/server/src/modules/auth/token.repository';
import { addMember, setUserRoles } from '../apps/server/src/modules/companies/company.repository';

export interface Crowd {
  companyId: number;
  /** One token per device, `perUser` devices of each clerk in turn. */
  deviceTokens: string[];
  writerToken: string;
  counselorToken: string;
}

async function sessionOf(db: DB, userId: number): Promise<string> {
  const token = newToken();
  const now = new Date();
  await insertToken(db, userId, hashToken(token), now.toISOString(), expiryFrom(now));
  return token;
}

/** `users` clerks of the demo company (role 'clerk', every branch) with `perUser` sessions each, a writer, the counselor's session. */
export async function makeCrowd(db: DB, users: number, perUser: number): Promise<Crowd> {
  const company = await db.selectFrom('companies').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
  const branches = await db.selectFrom('branches').select('id').where('company_id', '=', company.id).execute();
  const password = (await db.selectFrom('users').select('password_hash').where('email', '=', 'clerk@demo.kalinga.test').executeTakeFirstOrThrow()).password_hash;
  const deviceTokens: string[] = [];
  let writerToken = '';
  for (let i = 0; i <= users; i++) {
    const now = nowIso();
    const user = await insertUser(db, { name: `Clerk ${i}`, email: `bench-clerk-${i}@example.test`, password_hash: password, user_type: 'personnel', status: 'active', created_at: now, updated_at: now });
    await addMember(db, company.id, user.id, true);
    await setUserRoles(db, company.id, user.id, ['clerk']);
    await db.insertInto('user_branches').values(branches.map((b) => ({ company_id: company.id, user_id: user.id, branch_id: b.id }))).execute();
    if (i === users) writerToken = await sessionOf(db, user.id);
    else for (let d = 0; d < perUser; d++) deviceTokens.push(await sessionOf(db, user.id));
  }
  const counselor = await db.selectFrom('users').select('id').where('email', '=', 'counselor@demo.kalinga.test').executeTakeFirstOrThrow();
  return { companyId: company.id, deviceTokens, writerToken, counselorToken: await sessionOf(db, counselor.id) };
}

/** One sample of a Prometheus text (`name` or `name{labels}` as printed). */
export function sampleOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? Number.NaN : Number(line.slice(series.length + 1));
}

export async function scrape(base: string, token: string): Promise<string> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`GET /metrics: ${res.status}`);
  return res.text();
}

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) each of PostgreSQL's backends of this database has used, by pid; read from /proc. */
export async function postgresCpu(db: DB): Promise<Map<number, number>> {
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(db);
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      // Fields 14 and 15 (utime, stime) after the command's parenthesis.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND);
    } catch {
      // The backend ended meanwhile.
    }
  }
  return cpu;
}

/** The CPU seconds backends used between two readings (a backend that ended meanwhile is left out; a new one counts whole). */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let seconds = 0;
  for (const [pid, s] of after) seconds += s - (before.get(pid) ?? 0);
  return seconds;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
