// The bell's poll (decision 0073). Prints ratios against references measured in the same run; asserts nothing.
// A user with 2,000 notifications (200 other users with 200 each share the table) polls GET /api/notifications:
//  - the full newest page (200: aggregate + list with four joins + serialising), against
//  - the same poll with If-None-Match matching (304: the aggregate only), and
//  - GET /api/me (one authenticated query, the cheapest signed-in route) as the floor.
// Target: the 304 poll costs no more than /api/me's neighbourhood (>= 50% of its requests per second) and clearly
// less than the full page. Runs on SQLite, or on PostgreSQL when DATABASE_URL is a postgres URL (a throwaway database).
import { addUser, createTestApp, registerCompany } from '../apps/server/test/harness';
import { autocannon } from './cannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const MINE = 2_000;
const OTHERS = 200;
const EACH = 200;

async function main(): Promise<void> {
  const t = await createTestApp();
  try {
    const admin = await registerCompany(t.app, 'Bench Inbox School');
    const me = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Bench Counselor' });
    const others = await t.db
      .insertInto('users')
      .values(Array.from({ length: OTHERS }, (_, i) => ({ name: `Other ${i}`, email: `other-${i}@bench.test`, password_hash: 'x', user_type: 'student' as const, status: 'active' as const, created_at: 'x', updated_at: 'x' })))
      .returning('id')
      .execute();
    const now = Date.now();
    const rows: { company_id: number; user_id: number; kind: 'booked' | 'reminder'; actor_id: number; appointment_date: string; created_at: string; read_at: string | null }[] = [];
    const push = (userId: number, i: number) =>
      rows.push({ company_id: admin.companyId, user_id: userId, kind: i % 3 ? 'booked' : 'reminder', actor_id: others[i % OTHERS].id, appointment_date: new Date(now + i * 3_600_000).toISOString(), created_at: new Date(now - i * 60_000).toISOString(), read_at: i % 4 ? new Date(now).toISOString() : null });
    for (let i = 0; i < MINE; i++) push(me.user.id, i);
    for (const o of others) for (let i = 0; i < EACH; i++) push(o.id, i);
    // Interleaved ids, as many users' notifications arrive over time.
    rows.sort((a, b) => (a.created_at < b.created_at ? -1 : 1));
    for (let i = 0; i < rows.length; i += 500) await t.db.insertInto('notifications').values(rows.slice(i, i + 500)).execute();

    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const first = await fetch(`${base}/api/notifications?limit=20`, { headers: me.headers });
    const etag = first.headers.get('etag')!;
    const run = (path: string, headers: Record<string, string>) => autocannon({ url: `${base}${path}`, connections: 10, duration: SECONDS, headers });
    await run('/api/me', me.headers); // warm-up
    const floor = await run('/api/me', me.headers);
    const full = await run('/api/notifications?limit=20', me.headers);
    const poll = await run('/api/notifications?limit=20', { ...me.headers, 'if-none-match': etag });
    const rps = (r: { requests: { average: number } }) => r.requests.average;
    console.log(`database: ${t.config.database.kind}; ${rows.length} notifications, ${MINE} of them the poller's`);
    console.log(`GET /api/me (floor):            ${rps(floor).toFixed(0)} req/s, p99 ${floor.latency.p99} ms`);
    console.log(`GET /api/notifications (200):   ${rps(full).toFixed(0)} req/s, p99 ${full.latency.p99} ms  (${((rps(full) / rps(floor)) * 100).toFixed(0)}% of the floor)`);
    console.log(`  same with If-None-Match (304): ${rps(poll).toFixed(0)} req/s, p99 ${poll.latency.p99} ms  (${((rps(poll) / rps(floor)) * 100).toFixed(0)}% of the floor, ${(rps(poll) / rps(full)).toFixed(2)}x the full page)`);
    if (poll.errors || full.errors) console.log(`errors: full ${full.errors}, poll ${poll.errors}`);
  } finally {
    await t.close();
  }
}

await main();
