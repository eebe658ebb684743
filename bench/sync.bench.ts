// Sync bench (decision 0066). Prints figures and ratios against references measured in the same run; asserts nothing.
//  1. A first sync of 100,000 loans with their items (and their customers and transactions): the chunked
//     download of every table, end to end over HTTP (GET /api/sync?table=…, chunk_size 1000 as the client
//     sends, pinned to the first reply's cursor), in rows/s, against one plain SELECT of each table's same
//     rows + JSON.stringify. Target: the download costs <= 2x that.
//  2. Replaying 1,000 queued operations, one request each (POST /api/customers with an Idempotency-Key, one
//     at a time as the queue sends them), against one batched insert of the same 1,000 rows. Target: <= 3x.
//  Plus EXPLAIN of the chunk and delta queries. SQLite, or PostgreSQL when DATABASE_URL is a postgres URL.
//  Alone: `npx tsx bench/sync.bench.ts`; smaller: `SYNC_BENCH_LOANS=20000 npx tsx bench/sync.bench.ts`;
//  `SYNC_BENCH_CHUNK=5000` for the largest chunks.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { SYNC_EPOCH, SYNC_TABLES, type SyncTable } from '@kalinga/contracts/sync';
import { sql } from 'kysely';
import { makeCustomers, makeLoans } from '../apps/server/src/seed/lending-book';
import { seededRandom } from '../apps/server/src/seed/random';
import { insertBook, insertLendingCategories } from '../apps/server/src/seed/seed-lending';
import { bumpVersion } from '../apps/server/src/db/sync-version';
import { createTestApp, registerCompany } from '../apps/server/test/harness';

const LOANS = Number(process.env.SYNC_BENCH_LOANS ?? 100_000);
const CHUNK = Number(process.env.SYNC_BENCH_CHUNK ?? 1000);
const OPS = 1000;
const TABLE_NAMES: Record<SyncTable, string> = { customers: 'customers', loans: 'loans', items: 'items', transactions: 'transactions', categories: 'categories' };
const ms = (x: number) => `${x.toFixed(0)} ms`;

async function main(): Promise<void> {
  const t = await createTestApp();
  try {
    const kind = t.config.database.kind;
    const admin = await registerCompany(t.app, 'Bench Pawnshop');
    const companyId = admin.companyId;
    const other = await registerCompany(t.app, 'Other Pawnshop');

    // The book: the demo generator at bench size (a fifth as many customers as loans), plus a small other company.
    let started = performance.now();
    const rand = seededRandom(42);
    const today = new Date().toISOString().slice(0, 10);
    for (const [company, loans] of [[companyId, LOANS], [other.companyId, Math.ceil(LOANS / 20)]] as const) {
      await t.db.transaction().execute(async (trx) => {
        const version = await bumpVersion(trx, company);
        const categories = await insertLendingCategories(trx, company, version, rand);
        const customers = makeCustomers(rand, Math.ceil(loans / 5), today);
        await insertBook(trx, { companyId: company, userId: null, version, rand, customers, loans: makeLoans(rand, { customers: customers.length, count: loans, today, categories }) });
      });
    }
    await sql`analyze`.execute(t.db);
    const counts: Record<string, number> = {};
    for (const table of SYNC_TABLES) {
      const { n } = await t.db.selectFrom(TABLE_NAMES[table] as 'loans').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow();
      counts[table] = Number(n);
    }
    const totalRows = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(`[${kind}] book of ${Object.entries(counts).map(([k, v]) => `${v.toLocaleString('en')} ${k}`).join(', ')} (+ another company's ${Math.ceil(LOANS / 20).toLocaleString('en')} loans) written in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // 1. The chunked download over HTTP, every table, pinned to the first chunk's cursor.
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const download = async () => {
      let until: string | undefined;
      let rows = 0;
      let bytes = 0;
      let requests = 0;
      let parseMs = 0;
      for (const table of SYNC_TABLES) {
        let lastId = 0;
        for (;;) {
          const url = `${base}/api/sync?table=${table}&since=${encodeURIComponent(SYNC_EPOCH)}&last_id=${lastId}&chunk_size=${CHUNK}${until ? `&until=${until}` : ''}`;
          const res = await fetch(url, { headers: admin.headers });
          const text = await res.text();
          if (res.status !== 200) throw new Error(`chunk failed: ${res.status} ${text}`);
          const parsing = performance.now();
          const body = JSON.parse(text) as { data: unknown[]; meta: { cursor: string; has_more: boolean; next_chunk_id: number | null } };
          parseMs += performance.now() - parsing;
          requests++;
          bytes += text.length;
          rows += body.data.length;
          until = body.meta.cursor;
          if (!body.meta.has_more) break;
          lastId = body.meta.next_chunk_id ?? 0;
        }
      }
      return { rows, bytes, requests, parseMs };
    };
    // The reference: one plain SELECT of each table's rows of the company, and JSON.stringify of them.
    const reference = async () => {
      let rows = 0;
      let bytes = 0;
      for (const table of SYNC_TABLES) {
        const result = await sql<Record<string, unknown>>`select * from ${sql.table(TABLE_NAMES[table])} where company_id = ${companyId} order by id`.execute(t.db);
        rows += result.rows.length;
        bytes += JSON.stringify(result.rows).length;
      }
      return { rows, bytes };
    };
    const timed = async <T>(fn: () => Promise<T>) => {
      const s = performance.now();
      const value = await fn();
      return { value, ms: performance.now() - s };
    };
    await download(); // warm-up (JIT, caches, statement cache)
    await reference();
    const downloads: number[] = [];
    const references: number[] = [];
    let last = { rows: 0, bytes: 0, requests: 0, parseMs: 0 };
    const served: number[] = [];
    let ref = { rows: 0, bytes: 0 };
    for (let round = 0; round < 3; round++) {
      const d = await timed(download);
      const r = await timed(reference);
      downloads.push(d.ms);
      served.push(d.ms - d.value.parseMs);
      references.push(r.ms);
      last = d.value;
      ref = r.value;
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
    const dMs = median(downloads);
    const rMs = median(references);
    console.log(`\n1. First sync by chunks over HTTP (chunk_size ${CHUNK}, ${last.requests} requests, ${(last.bytes / 1e6).toFixed(1)} MB; loans carry their items), median of 3`);
    console.log(`  download:  ${ms(dMs)} for ${last.rows.toLocaleString('en')} rows = ${Math.round(last.rows / (dMs / 1000)).toLocaleString('en')} rows/s`);
    console.log(`  reference: ${ms(rMs)} for ${ref.rows.toLocaleString('en')} rows (one SELECT per table + JSON.stringify, ${(ref.bytes / 1e6).toFixed(1)} MB) = ${Math.round(ref.rows / (rMs / 1000)).toLocaleString('en')} rows/s`);
    const sMs = median(served);
    console.log(`  of which the client's JSON.parse of the replies: ${ms(dMs - sMs)}; without it (server and HTTP): ${ms(sMs)}`);
    console.log(`  ratio download / reference: ${(dMs / rMs).toFixed(2)} end to end, ${(sMs / rMs).toFixed(2)} without the client's parse (target <= 2.00); rows ${last.rows === totalRows ? 'complete' : `MISMATCH ${last.rows} != ${totalRows}`}`);

    // A delta when little changed: the (company_id, version) index answers it.
    const cursor = (await (await fetch(`${base}/api/sync?table=categories`, { headers: admin.headers })).json()) as { meta: { cursor: string } };
    const d0 = performance.now();
    const few = 50;
    for (let i = 0; i < few; i++) await fetch(`${base}/api/sync?since=${cursor.meta.cursor}`, { headers: admin.headers }).then((r) => r.text());
    console.log(`  an empty delta (nothing changed since the cursor): ${((performance.now() - d0) / few).toFixed(2)} ms per pull`);

    await explain(t.db, kind, companyId);

    // 2. Replaying queued operations, one request each, against one batched insert of the same rows.
    const bodies = (n: number) => Array.from({ length: n }, (_, i) => ({ uuid: randomUUID(), first_name: `Queued ${i}`, last_name: 'Dela Cruz', phone_number: '0917 555 0101', address: 'Brgy. Commonwealth, Quezon City' }));
    const replay = bodies(OPS);
    started = performance.now();
    for (const body of replay) {
      const res = await fetch(`${base}/api/customers`, { method: 'POST', headers: { ...admin.headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: JSON.stringify(body) });
      await res.text();
      if (res.status !== 201) throw new Error(`replay failed: ${res.status}`);
    }
    const replayMs = performance.now() - started;
    const batch = bodies(OPS);
    started = performance.now();
    await t.db.transaction().execute(async (trx) => {
      const version = await bumpVersion(trx, companyId);
      const now = new Date().toISOString();
      const rows = batch.map((b) => ({ ...b, company_id: companyId, id_type: null, id_number: null, birth_date: null, version, created_by: admin.user.id, created_at: now, updated_at: now }));
      for (let i = 0; i < rows.length; i += 500) await trx.insertInto('customers').values(rows.slice(i, i + 500)).execute();
    });
    const batchMs = performance.now() - started;
    console.log(`\n2. Replaying ${OPS} queued creates (POST /api/customers + Idempotency-Key, one at a time over HTTP)`);
    console.log(`  one request each: ${ms(replayMs)} (${(replayMs / OPS).toFixed(2)} ms per operation)`);
    console.log(`  one batched insert of the same rows: ${ms(batchMs)}`);
    console.log(`  ratio: ${(replayMs / batchMs).toFixed(1)} (target <= 3.0)`);
  } finally {
    await t.close();
  }
}

/** The plans of a chunk (first and a middle one) and of a small delta, on this database. */
async function explain(db: Parameters<typeof bumpVersion>[0], kind: string, companyId: number): Promise<void> {
  const prefix = kind === 'postgres' ? sql`explain` : sql`explain query plan`;
  const show = async (label: string, query: ReturnType<typeof sql>) => {
    const { rows } = await sql<Record<string, unknown>>`${prefix} ${query}`.execute(db);
    console.log(`  ${label}:\n${rows.map((r) => `    ${String(r['QUERY PLAN'] ?? r.detail)}`).join('\n')}`);
  };
  const { until } = (await sql<{ until: number }>`select sync_version as until from lending_counters where company_id = ${companyId}`.execute(db)).rows[0];
  const { mid } = (await sql<{ mid: number }>`select max(id) / 2 as mid from loans`.execute(db)).rows[0];
  console.log('\nPlans');
  await show('loans chunk after the middle id', sql`select * from loans where company_id = ${companyId} and version > ${-1} and version <= ${until} and id > ${mid} order by id limit ${1001}`);
  await show('items of a chunk of loans (its loan id range)', sql`select * from items where company_id = ${companyId} and version <= ${until} and loan_id >= ${mid} and loan_id <= ${mid + 1000} order by id`);
  await show('delta of transactions since the current cursor', sql`select * from transactions where company_id = ${companyId} and version > ${until} and version <= ${until} order by id`);
}

await main();
