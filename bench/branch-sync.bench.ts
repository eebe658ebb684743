// Branch sync bench (decision 0304). Prints figures and ratios against a reference measured in the same run;
// asserts nothing. A clerk's first sync (the chunked download of every table over HTTP, chunk_size 1000 as the
// client sends, pinned to the first reply's cursor) at one branch of a generated 50-branch company, against a
// clerk's first sync of a single-branch company whose book is the size of one branch. Target: <= 1.5x.
// SQLite, or PostgreSQL when DATABASE_URL is a postgres URL.
// Alone: `npx tsx bench/branch-sync.bench.ts`; smaller: `BRANCH_BENCH_LOANS=500 npx tsx bench/branch-sync.bench.ts`.
import { performance } from 'node:perf_hooks';
import { SYNC_EPOCH, SYNC_TABLES } from '@kalinga/contracts/sync';
import { sql } from 'kysely';
import { makeCustomers, makeLoans } from '../apps/server/src/seed/lending-book';
import { seededRandom } from '../apps/server/src/seed/random';
import { insertBook, insertLendingCategories, uuidFrom } from '../apps/server/src/seed/seed-lending';
import { bumpVersion } from '../apps/server/src/db/sync-version';
import { type Actor, addUser, createTestApp, registerCompany } from '../apps/server/test/harness';

const PER_BRANCH = Number(process.env.BRANCH_BENCH_LOANS ?? 1000);
const BRANCHES = 50;
const CHUNK = 1000;
const ROUNDS = 3;

async function main(): Promise<void> {
  const t = await createTestApp();
  try {
    const kind = t.config.database.kind;
    const single = await registerCompany(t.app, 'One Counter');
    const chain = await registerCompany(t.app, 'Fifty Counters');
    const rand = seededRandom(4150);
    const today = new Date().toISOString().slice(0, 10);
    let started = performance.now();
    const now = new Date().toISOString();
    for (let i = 2; i <= BRANCHES; i++) {
      await t.db.insertInto('branches').values({ company_id: chain.companyId, uuid: uuidFrom(rand), name: `Branch ${i}`, ticket_prefix: `B${i}`, created_at: now, updated_at: now }).execute();
    }
    for (const [company, loans] of [[single.companyId, PER_BRANCH], [chain.companyId, PER_BRANCH * BRANCHES]] as const) {
      await t.db.transaction().execute(async (trx) => {
        const version = await bumpVersion(trx, company);
        const categories = await insertLendingCategories(trx, company, version, rand);
        const customers = makeCustomers(rand, Math.ceil(loans / 5), today);
        await insertBook(trx, { companyId: company, userId: null, version, rand, customers, loans: makeLoans(rand, { customers: customers.length, count: loans, today, categories }) });
      });
    }
    await sql`analyze`.execute(t.db);
    console.log(`[${kind}] books written in ${((performance.now() - started) / 1000).toFixed(1)} s: one counter ${PER_BRANCH.toLocaleString('en')} loans; ${BRANCHES} branches ${(PER_BRANCH * BRANCHES).toLocaleString('en')} loans`);

    // Clerks with the lending screens; the chain's works at one branch (its 25th), the single counter's at its only one.
    const clerkOf = async (owner: Actor) => {
      const role = await t.app.inject({ method: 'POST', url: '/api/roles', headers: owner.headers, payload: { name: 'counter', permissions: ['view lending', 'manage lending'] } });
      if (role.statusCode !== 201) throw new Error(`role: ${role.body}`);
      return addUser(t.app, owner.companyId, { userType: 'personnel', roles: ['counter'] });
    };
    const oneClerk = await clerkOf(single);
    const chainClerk = await clerkOf(chain);
    const branch = await t.db.selectFrom('branches').select('id').where('company_id', '=', chain.companyId).where('ticket_prefix', '=', 'B25').executeTakeFirstOrThrow();
    await t.db.insertInto('user_branches').values({ company_id: chain.companyId, user_id: chainClerk.user.id, branch_id: branch.id }).execute();

    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const download = async (actor: Actor) => {
      let until: string | undefined;
      let rows = 0;
      let requests = 0;
      for (const table of SYNC_TABLES) {
        let lastId = 0;
        for (;;) {
          const url = `${base}/api/sync?table=${table}&since=${encodeURIComponent(SYNC_EPOCH)}&last_id=${lastId}&chunk_size=${CHUNK}${until ? `&until=${until}` : ''}`;
          const res = await fetch(url, { headers: actor.headers });
          const text = await res.text();
          if (res.status !== 200) throw new Error(`chunk failed: ${res.status} ${text}`);
          const body = JSON.parse(text) as { data: unknown[]; meta: { cursor: string; has_more: boolean; next_chunk_id: number | null } };
          requests++;
          rows += body.data.length;
          until = body.meta.cursor;
          if (!body.meta.has_more) break;
          lastId = body.meta.next_chunk_id ?? 0;
        }
      }
      return { rows, requests };
    };
    const timed = async (actor: Actor) => {
      const s = performance.now();
      const value = await download(actor);
      return { ...value, ms: performance.now() - s };
    };
    await timed(oneClerk);
    await timed(chainClerk);
    const one: number[] = [];
    const fifty: number[] = [];
    let last = { one: { rows: 0, requests: 0 }, fifty: { rows: 0, requests: 0 } };
    for (let round = 0; round < ROUNDS; round++) {
      const a = await timed(oneClerk);
      const b = await timed(chainClerk);
      one.push(a.ms);
      fifty.push(b.ms);
      last = { one: a, fifty: b };
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    const m1 = median(one);
    const m50 = median(fifty);
    console.log(`one counter's clerk: ${last.one.rows.toLocaleString('en')} rows in ${last.one.requests} requests, median ${m1.toFixed(0)} ms`);
    console.log(`50-branch clerk (one branch): ${last.fifty.rows.toLocaleString('en')} rows in ${last.fifty.requests} requests, median ${m50.toFixed(0)} ms`);
    console.log(`ratio 50-branch / one counter: ${(m50 / m1).toFixed(2)}x (target <= 1.5x)`);
    started = performance.now();
  } finally {
    await t.close();
  }
}

void main();
