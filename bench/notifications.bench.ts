// Notification delivery (decision 0067). Prints figures and ratios measured in the same run; asserts nothing.
//  1. 10,000 reminders fall due at once: messages per second delivered to a real SMTP receiver (smtp-server, in this
//     process) by 1 worker and by 4 workers (on PostgreSQL each on its own pool; on SQLite they share the one
//     connection, as production runs one worker there). Each reminder writes its in-app row and an email row, which
//     is then sent.
//  2. The outbox write's cost on a booking: POST /api/appointments (in-process) per booking, against the same
//     booking's time less what recordAppointmentEvent adds inside a transaction (measured as transactions with the
//     event minus empty transactions). Target: booking / booking-without ≤ 1.10.
// Runs on SQLite, or on PostgreSQL when DATABASE_URL is a postgres URL (a throwaway database).
import { createTestApp, addUser, registerCompany, type Actor, type TestApp } from '../apps/server/test/harness';
import { startSmtpReceiver, type SmtpReceiver } from '../apps/server/test/smtp-receiver';
import { createDatabase, type DB } from '../apps/server/src/db/database';
import { insertStatusChange } from '../apps/server/src/modules/appointments/appointment.repository';
import { createMailer } from '../apps/server/src/modules/notifications/mailer';
import { newMessageId, recordAppointmentEvent } from '../apps/server/src/modules/notifications/notification-events';
import { NotificationWorker } from '../apps/server/src/modules/notifications/notification-worker';
import { EMAIL_WRITERS } from '../apps/server/src/email-writers';
import { addCategory, daysAhead, setWeek } from '../apps/server/test/schedule/schedule-helpers';

const REMINDERS = Number(process.env.BENCH_REMINDERS ?? 10_000);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 300);
const COUNSELORS = 12;
const SLOTS = ['08', '09', '10', '11', '13', '14', '15', '16', '17'];

interface Centre {
  admin: Actor;
  client: Actor;
  /** One client per counselor: a client is never booked at two places at once (decision 0250). */
  clients: Actor[];
  counselors: Actor[];
  categoryId: number;
}

async function centre(t: TestApp): Promise<Centre> {
  const admin = await registerCompany(t.app, 'Bench Mail School');
  const client = await addUser(t.app, admin.companyId, { userType: 'personnel' });
  const counselors: Actor[] = [];
  const clients: Actor[] = [client];
  for (let i = 0; i < COUNSELORS; i++) {
    const c = await addUser(t.app, admin.companyId, { userType: 'counselor' });
    await setWeek(t.app, c);
    counselors.push(c);
    if (i > 0) clients.push(await addUser(t.app, admin.companyId, { userType: 'personnel' }));
  }
  return { admin, client, clients, counselors, categoryId: await addCategory(t.app, admin.companyId) };
}

/** The n-th free slot (Asia/Manila, UTC+8): counselor, day and hour walk through the grid. */
function slot(n: number, c: Centre, firstDay: number): { counselorId: number; start: string } {
  const counselor = c.counselors[n % COUNSELORS];
  const rest = Math.floor(n / COUNSELORS);
  const hour = SLOTS[rest % SLOTS.length];
  const day = daysAhead(firstDay + Math.floor(rest / SLOTS.length));
  return { counselorId: counselor.user.id, start: new Date(`${day}T${hour}:00:00+08:00`).toISOString() };
}

async function book(t: TestApp, c: Centre, n: number, firstDay: number): Promise<number> {
  const s = slot(n, c, firstDay);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: c.clients[n % COUNSELORS].headers,
    payload: { counselor_id: s.counselorId, appointment_date: s.start, reason: 'Bench', category_id: c.categoryId, location_type: 'online' },
  });
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { id: number } }).data.id;
}

async function deliver(t: TestApp, c: Centre, smtp: SmtpReceiver, appointments: { id: number; start: string }[], workers: number): Promise<number> {
  await t.db.deleteFrom('outbox').execute();
  await t.db.deleteFrom('notifications').execute();
  const now = new Date().toISOString();
  const rows = Array.from({ length: REMINDERS }, (_, i) => {
    const a = appointments[i % appointments.length];
    return {
      company_id: c.admin.companyId,
      channel: 'reminder' as const,
      kind: 'reminder' as const,
      recipient_id: i % 2 ? c.client.user.id : c.counselors[i % COUNSELORS].user.id,
      appointment_id: a.id,
      actor_id: null,
      appointment_date: a.start,
      previous_date: null,
      reason: null,
      due_at: now,
      message_id: newMessageId(),
      created_at: now,
    };
  });
  for (let i = 0; i < rows.length; i += 500) await t.db.insertInto('outbox').values(rows.slice(i, i + 500)).execute();
  const pg = t.config.database.kind === 'postgres';
  const pools: DB[] = Array.from({ length: workers }, () => (pg ? createDatabase(t.config.database) : t.db));
  const mailers = pools.map(() => createMailer(t.config.email!));
  const before = smtp.count();
  const started = performance.now();
  try {
    await Promise.all(pools.map((db, i) => new NotificationWorker(db, { writers: EMAIL_WRITERS, mailer: mailers[i], publicUrl: 'http://bench.test' }).runDue()));
    await smtp.waitFor(before + REMINDERS, 600_000);
  } finally {
    for (const m of mailers) m.close();
    if (pg) await Promise.all(pools.map((p) => p.destroy()));
  }
  return REMINDERS / ((performance.now() - started) / 1000);
}

/** Mean ms of `n` runs of `fn`. */
async function mean(n: number, fn: (i: number) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < n; i++) await fn(i);
  return (performance.now() - started) / n;
}

async function main(): Promise<void> {
  const smtp = await startSmtpReceiver({ parse: false });
  const t = await createTestApp({ SMTP_URL: smtp.url });
  try {
    const c = await centre(t);
    // Bookings (warm-up first), each with its booked email, in-app row and two reminders.
    await mean(20, (i) => book(t, c, i, 3));
    const ids: number[] = [];
    const perBooking = await mean(BOOKINGS, async (i) => ids.push(await book(t, c, 20 + i, 3)));
    // What the event adds inside a transaction: transactions with it, less empty transactions.
    const appointments = await t.db.selectFrom('appointments').select(['id', 'counselor_id', 'client_id', 'appointment_date']).where('id', 'in', ids).execute();
    const event = (i: number) => {
      const a = appointments[i % appointments.length];
      return { kind: 'booked' as const, companyId: c.admin.companyId, appointment: { id: a.id, counselorId: a.counselor_id, clientId: a.client_id, start: a.appointment_date }, actorId: a.client_id, now: new Date().toISOString() };
    };
    // Both commit a write (as the booking does): a history row, and the history row plus the event.
    const history = (trx: DB, i: number) => insertStatusChange(trx, c.admin.companyId, event(i).appointment.id, 'pending', 'pending', null, event(i).now);
    await mean(50, (i) => t.db.transaction().execute((trx) => history(trx, i)));
    const plain = await mean(BOOKINGS, (i) => t.db.transaction().execute((trx) => history(trx, i)));
    const withEvent = await mean(BOOKINGS, (i) => t.db.transaction().execute(async (trx) => {
      await history(trx, i);
      await recordAppointmentEvent(trx, event(i));
    }));
    const eventCost = Math.max(0, withEvent - plain);
    console.log(`transactions writing a history row: ${plain.toFixed(3)} ms; with the event too: ${withEvent.toFixed(3)} ms`);
    const without = perBooking - eventCost;

    const live = appointments.map((a) => ({ id: a.id, start: a.appointment_date }));
    const one = await deliver(t, c, smtp, live, 1);
    const four = await deliver(t, c, smtp, live, 4);

    console.log(`database: ${t.config.database.kind}; ${REMINDERS} reminders due at once, ${BOOKINGS} bookings`);
    console.log(`reminders delivered, 1 worker:  ${one.toFixed(0)} messages/s`);
    console.log(`reminders delivered, 4 workers: ${four.toFixed(0)} messages/s (${(four / one).toFixed(2)}x one worker)`);
    console.log(`booking (POST /api/appointments, in-process): ${perBooking.toFixed(2)} ms`);
    console.log(`  of which the notification write (in-app row, email row, 2 reminders): ${eventCost.toFixed(2)} ms`);
    console.log(`  booking / booking without it: ${(perBooking / without).toFixed(3)} (target <= 1.10)`);
  } finally {
    await t.close();
    await smtp.close();
  }
}

await main();
