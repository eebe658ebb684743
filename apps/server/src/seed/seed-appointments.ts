import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../config';
import type { DB } from '../db/database';
import type { AppointmentsTable, UserRow } from '../db/tables';
import { pick, seededRandom } from './random';
import type { DemoContext } from './seed-foundation';
import { addDaysToDate, localDateOf, weekdayOf, ZoneDay } from '@kalinga/contracts/zone-time';

type NewAppointment = Omit<AppointmentsTable, 'id'>;
type Status = NewAppointment['status'];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The demo week: Monday to Friday 08:00–17:00 with lunch 12:00–13:00, so eight one-hour slots per counselor. */
const SLOT_HOURS = [8, 9, 10, 11, 13, 14, 15, 16];
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/**
 * Appointments per day by weekday (Sunday = 0): busy Mondays tapering to Friday, almost nothing
 * on weekends. Reports and forecasts are judged on this rhythm, so it is deliberate.
 */
const WEEKLY_MEAN = [0.1, 12.5, 11, 9.5, 8, 6, 0.5];

const REASONS = [
  'Feeling overwhelmed with deadlines',
  'Trouble sleeping before exams',
  'Conflict with a roommate',
  'Wants to talk about a change of course',
  'Grieving a family member',
  'Anxiety about presentations',
  'Follow-up session',
  'Burnout at work',
  'Family pressure about grades',
  'Career options after graduation',
  'Difficulty concentrating in class',
  'Adjusting to a new team',
  'Homesickness',
  'Panic attacks on the commute',
];
const NOTES = ['Agreed on a weekly check-in.', 'Referred to the school nurse for sleep hygiene.', 'Practised box breathing; follow up in two weeks.', 'Discussed study plan and time blocking.', null, null];
const ROOMS = ['Guidance Office, Room 101', 'Counselling Room B', 'Wellness Centre'];

/** Topic weights: students lean academic and anxiety, personnel stress and career. */
function categoryWeight(title: string, userType: UserRow['user_type']): number {
  const t = title.toLowerCase();
  const student = userType === 'student';
  if (t.includes('academic')) return student ? 6 : 1;
  if (t.includes('anxiety')) return student ? 5 : 3;
  if (t.includes('stress')) return student ? 3 : 6;
  if (t.includes('career')) return student ? 2 : 4;
  if (t.includes('relationship')) return 3;
  if (t.includes('grief')) return 1;
  return 2;
}

function weightedPick<T>(rand: () => number, items: readonly T[], weight: (item: T) => number): T {
  const total = items.reduce((sum, i) => sum + weight(i), 0);
  let r = rand() * total;
  for (const item of items) {
    r -= weight(item);
    if (r < 0) return item;
  }
  return items[items.length - 1];
}

/** A Poisson-ish count around a mean (sum of coin flips), clamped to the day's capacity. */
function countAround(rand: () => number, mean: number, capacity: number): number {
  const trials = 20;
  let n = 0;
  for (let i = 0; i < trials; i++) if (rand() < mean / trials) n++;
  return Math.min(n, capacity);
}

function shuffled<T>(rand: () => number, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * The counselling demo data (decision 0023): the counselors' weekly schedules and an excluded date, a year of past
 * appointments (completed and cancelled) with a weekly rhythm, and pending and confirmed ones ahead.
 * Reads the categories the library step made; creates none. Inserts in batches in one transaction.
 */
export async function seedAppointments(db: DB, _config: AppConfig, ctx: DemoContext): Promise<void> {
  const companyId = ctx.company.id;
  const timeZone = ctx.company.timezone;
  const categories = await db.selectFrom('categories').select(['id', 'title']).where('company_id', '=', companyId).where('kind', '=', 'counselling').execute();
  const rand = seededRandom(4004);
  const now = Date.now();
  const today = localDateOf(new Date(now), timeZone);
  const [counselor, counselor2] = ctx.counselors;
  const nowText = new Date(now).toISOString();

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('counselor_schedules')
      .values(
        ctx.counselors.flatMap((c) =>
          WEEKDAYS.map((day) => ({
            company_id: companyId,
            counselor_id: c.id,
            day,
            is_available: day === 'saturday' || day === 'sunday' ? 0 : 1,
            start_time: '08:00',
            end_time: '17:00',
            break_start: '12:00',
            break_end: '13:00',
          })),
        ),
      )
      .execute();
    // A seminar day ahead for the first counselor (a weekday, so it visibly removes slots).
    let seminar = addDaysToDate(today, 9);
    while (['saturday', 'sunday'].includes(weekdayOf(seminar))) seminar = addDaysToDate(seminar, 1);
    await trx
      .insertInto('excluded_dates')
      .values([
        { company_id: companyId, counselor_id: counselor.id, excluded_date: seminar, reason: 'Guidance seminar', created_at: nowText },
        { company_id: companyId, counselor_id: counselor2.id, excluded_date: addDaysToDate(seminar, 14), reason: 'Personal leave', created_at: nowText },
      ])
      .execute();

    if (categories.length === 0 || ctx.clients.length === 0) return;

    // The two demo sign-ins appear often, so their own lists are lived in.
    const featured = ctx.clients.slice(0, 2);
    const chooseClient = () => (rand() < 0.12 ? pick(rand, featured) : pick(rand, ctx.clients));
    const rows: NewAppointment[] = [];
    const histories: { index: number; changes: { from: Status | null; to: Status; by: number; at: string }[] }[] = [];

    const make = (date: string, startMs: number, counselorRow: UserRow, status: Status, client: UserRow = chooseClient()) => {
      const category = weightedPick(rand, categories, (c) => categoryWeight(c.title, client.user_type));
      const onsite = rand() < 0.6;
      const createdMs = Math.min(now, startMs - Math.floor(1 + rand() * 10) * DAY - Math.floor(rand() * 8) * HOUR);
      const byCounselor = rand() < 0.35;
      const createdAt = new Date(createdMs).toISOString();
      const row: NewAppointment = {
        uuid: randomUUID(),
        company_id: companyId,
        counselor_id: counselorRow.id,
        client_id: client.id,
        category_id: category.id,
        appointment_date: new Date(startMs).toISOString(),
        local_date: date,
        duration_minutes: 60,
        reason: pick(rand, REASONS),
        status,
        location_type: onsite ? 'on-site' : 'online',
        location: onsite ? pick(rand, ROOMS) : null,
        user_type: client.user_type === 'personnel' ? 'personnel' : 'student',
        notes: status === 'completed' ? pick(rand, NOTES) : null,
        created_by: byCounselor ? counselorRow.id : client.id,
        created_at: createdAt,
        updated_at: createdAt,
      };
      const changes: { from: Status | null; to: Status; by: number; at: string }[] = [{ from: null, to: 'pending', by: row.created_by!, at: createdAt }];
      const confirmAt = new Date(Math.min(now, createdMs + Math.floor(2 + rand() * 20) * HOUR)).toISOString();
      if (status === 'confirmed' || status === 'completed') changes.push({ from: 'pending', to: 'confirmed', by: counselorRow.id, at: confirmAt });
      if (status === 'completed') changes.push({ from: 'confirmed', to: 'completed', by: counselorRow.id, at: new Date(Math.max(Date.parse(confirmAt), Math.min(now, startMs + HOUR))).toISOString() });
      if (status === 'cancelled') {
        const who = rand() < 0.5 ? counselorRow.id : client.id;
        // Cancelled up to two days before the start, never before the booking was made nor after now.
        const cancelMs = Math.max(createdMs, Math.min(now, startMs - Math.floor(rand() * 48) * HOUR));
        changes.push({ from: 'pending', to: 'cancelled', by: who, at: new Date(cancelMs).toISOString() });
      }
      row.updated_at = changes[changes.length - 1].at;
      histories.push({ index: rows.length, changes });
      rows.push(row);
    };

    // Slots of a day as (counselor, start) pairs, shuffled.
    const daySlots = (date: string) => {
      const zone = new ZoneDay(date, timeZone);
      return shuffled(
        rand,
        ctx.counselors.flatMap((c) => SLOT_HOURS.map((h) => ({ counselor: c, start: zone.instantOf(h * 60) }))).filter((s): s is { counselor: UserRow; start: number } => s.start !== null),
      );
    };

    // A year of history up to today: completed mostly, some cancelled; a gentle term rhythm on top of the weekly one.
    for (let back = 365; back >= 0; back--) {
      const date = addDaysToDate(today, -back);
      const dow = new Date(`${date}T00:00:00Z`).getUTCDay();
      const month = Number(date.slice(5, 7));
      const term = month === 4 || month === 5 ? 0.6 : month === 12 ? 0.8 : 1; // summer and Christmas breaks
      const slots = daySlots(date).filter((s) => s.start + HOUR <= now);
      const n = countAround(rand, WEEKLY_MEAN[dow] * term, slots.length);
      for (const s of slots.slice(0, n)) make(date, s.start, s.counselor, rand() < 0.14 ? 'cancelled' : 'completed');
    }

    // The next three weeks: confirmed soon, pending further out; never on an excluded date.
    for (let ahead = 0; ahead <= 21; ahead++) {
      const date = addDaysToDate(today, ahead);
      const dow = new Date(`${date}T00:00:00Z`).getUTCDay();
      if (dow === 0 || dow === 6) continue;
      const slots = daySlots(date).filter((s) => s.start > now && !(date === seminar && s.counselor.id === counselor.id) && !(date === addDaysToDate(seminar, 14) && s.counselor.id === counselor2.id));
      const n = countAround(rand, WEEKLY_MEAN[dow] * (ahead < 7 ? 0.5 : 0.25), slots.length);
      for (const s of slots.slice(0, n)) make(date, s.start, s.counselor, ahead < 5 && rand() < 0.6 ? 'confirmed' : 'pending');
    }
    // Make sure the demo student and personnel each have something ahead.
    for (const [i, client] of featured.entries()) {
      if (rows.some((r) => r.client_id === client.id && r.appointment_date > nowText)) continue;
      const date = addDaysToDate(today, 2 + i);
      const taken = new Set(rows.filter((r) => r.local_date === date).map((r) => `${r.counselor_id}|${r.appointment_date}`));
      const free = daySlots(date).find((s) => s.start > now && !taken.has(`${s.counselor.id}|${new Date(s.start).toISOString()}`));
      if (!free) continue;
      make(date, free.start, free.counselor, 'pending', client);
    }

    // RETURNING order is not promised (SQLite), so ids are matched by uuid.
    const idOf = new Map<string, number>();
    for (let i = 0; i < rows.length; i += 400) {
      const inserted = await trx.insertInto('appointments').values(rows.slice(i, i + 400)).returning(['id', 'uuid']).execute();
      for (const r of inserted) idOf.set(r.uuid, r.id);
    }
    const changes = histories.flatMap((h) =>
      h.changes.map((c) => ({ company_id: companyId, appointment_id: idOf.get(rows[h.index].uuid)!, from_status: c.from, to_status: c.to, changed_by: c.by, changed_at: c.at })),
    );
    for (let i = 0; i < changes.length; i += 1000) {
      await trx.insertInto('appointment_status_changes').values(changes.slice(i, i + 1000)).execute();
    }
  });
}
