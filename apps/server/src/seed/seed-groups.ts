import { randomUUID } from 'node:crypto';
import { addDaysToDate, localDateOf, weekdayOf, ZoneDay } from '@kalinga/contracts/zone-time';
import type { AppConfig } from '../config';
import type { DB } from '../db/database';
import type { DemoContext } from './seed-foundation';

// The demo centre's groups (decisions 0277-0280): a weekly closed group both demo counselors run, with the demo student
// among its members, two sessions already held (the first with attendance recorded, the second waiting for it); a
// workshop that is full (Paula Personnel holds a seat), so a sign-up meets the waitlist; and a workshop with seats
// free. Sessions sit at 16:00, the last slot of the day, on days neither counselor has an appointment then.

const HOUR = 60 * 60_000;

export async function seedGroups(db: DB, _config: AppConfig, ctx: DemoContext): Promise<void> {
  const companyId = ctx.company.id;
  const timeZone = ctx.company.timezone;
  const category = await db.selectFrom('categories').select('id').where('company_id', '=', companyId).where('kind', '=', 'counselling').orderBy('id').executeTakeFirst();
  if (!category || ctx.counselors.length < 2 || ctx.clients.length < 8) return;
  const [lead, co] = ctx.counselors;
  const settings = await db.selectFrom('settings').select('appointment_duration_minutes').where('company_id', '=', companyId).executeTakeFirst();
  const duration = settings?.appointment_duration_minutes ?? 60;
  const now = new Date().toISOString();
  const today = localDateOf(new Date(), timeZone);

  /** 16:00 on `date` when it is a weekday both counselors are free then, else null. */
  async function freeAt(date: string): Promise<string | null> {
    if (['saturday', 'sunday'].includes(weekdayOf(date))) return null;
    const start = new ZoneDay(date, timeZone).instantOf(16 * 60);
    if (start === null) return null;
    const from = new Date(start - 4 * HOUR).toISOString();
    const to = new Date(start + duration * 60_000).toISOString();
    const busy = await db
      .selectFrom('appointments')
      .select('id')
      .where('company_id', '=', companyId)
      .where('counselor_id', 'in', [lead.id, co.id])
      .where('status', 'in', ['pending', 'confirmed'])
      .where('appointment_date', '>', from)
      .where('appointment_date', '<', to)
      .executeTakeFirst();
    const group = await db.selectFrom('group_sessions').select('id').where('company_id', '=', companyId).where('starts_at', '>', from).where('starts_at', '<', to).executeTakeFirst();
    const off = await db.selectFrom('excluded_dates').select('id').where('company_id', '=', companyId).where('excluded_date', '=', date).executeTakeFirst();
    return busy || group || off ? null : new Date(start).toISOString();
  }

  /** Up to `count` session starts, `step` days apart from `first`, on free days (a busy one moves a day on). */
  async function starts(first: string, step: number, count: number): Promise<string[]> {
    const out: string[] = [];
    for (let date = first; out.length < count; date = addDaysToDate(date, step)) {
      let d = date;
      let at = await freeAt(d);
      for (let tries = 0; at === null && tries < 4; tries++) at = await freeAt((d = addDaysToDate(d, 1)));
      if (at) out.push(at);
    }
    return out;
  }

  async function group(values: { name: string; kind: 'closed' | 'workshop'; capacity: number; description: string; location_type: 'on-site' | 'online'; location: string; audience: 'students' | 'personnel' | 'both'; frequency: 'once' | 'weekly' | 'fortnightly'; sessions: string[]; members: number[] }): Promise<{ id: number; sessionIds: number[] }> {
    return db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('groups')
        .values({
          uuid: randomUUID(),
          company_id: companyId,
          name: values.name,
          kind: values.kind,
          category_id: category!.id,
          description: values.description,
          capacity: values.capacity,
          seats_taken: values.members.length,
          location_type: values.location_type,
          location: values.location,
          audience: values.audience,
          facilitator_id: lead.id,
          co_facilitator_id: values.kind === 'closed' ? co.id : null,
          frequency: values.frequency,
          created_by: lead.id,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const sessionIds: number[] = [];
      for (const [i, startsAt] of values.sessions.entries()) {
        const s = await trx
          .insertInto('group_sessions')
          .values({ uuid: randomUUID(), company_id: companyId, group_id: row.id, session_index: i + 1, starts_at: startsAt, local_date: localDateOf(new Date(startsAt), timeZone), duration_minutes: duration, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        sessionIds.push(s.id);
      }
      if (values.members.length > 0) {
        await trx
          .insertInto('group_members')
          .values(values.members.map((clientId) => ({ company_id: companyId, group_id: row.id, client_id: clientId, status: 'active' as const, added_by: lead.id, joined_at: now, left_at: null })))
          .execute();
      }
      return { id: row.id, sessionIds };
    });
  }

  const [personnel, student, ...others] = ctx.clients;
  // The closed group: started two weeks ago, weekly, six sessions.
  const closed = await group({
    name: 'Managing Exam Anxiety',
    kind: 'closed',
    capacity: 8,
    description: 'A six-week group for students whose worry before exams gets in the way.',
    location_type: 'on-site',
    location: 'Guidance Office, Room 2',
    audience: 'students',
    frequency: 'weekly',
    sessions: await starts(addDaysToDate(today, -15), 7, 6),
    members: [student.id, ...others.slice(0, 4).map((c) => c.id)],
  });
  const held = await db.selectFrom('group_sessions').select(['id', 'starts_at', 'local_date']).where('group_id', '=', closed.id).where('starts_at', '<', now).orderBy('starts_at').execute();
  if (held.length > 0) {
    const first = held[0];
    const outcomes = ['present', 'present', 'absent', 'present', 'late_cancellation'] as const;
    await db
      .insertInto('group_attendance')
      .values([student.id, ...others.slice(0, 4).map((c) => c.id)].map((clientId, i) => ({ company_id: companyId, group_session_id: first.id, client_id: clientId, outcome: outcomes[i], starts_at: first.starts_at, local_date: first.local_date, recorded_by: lead.id, recorded_at: now })))
      .execute();
  }
  // A full one-off workshop: Paula Personnel and two others hold its three seats.
  await group({
    name: 'Stress Management Before Exams',
    kind: 'workshop',
    capacity: 3,
    description: 'One afternoon of breathing, planning and sleep habits for exam week.',
    location_type: 'online',
    location: 'https://meet.example.test/stress-workshop',
    audience: 'both',
    frequency: 'once',
    sessions: await starts(addDaysToDate(today, 10), 7, 1),
    members: [personnel.id, others[5].id, others[6].id],
  });
  // A fortnightly workshop with seats free.
  await group({
    name: 'Mindful Mornings',
    kind: 'workshop',
    capacity: 20,
    description: 'Short guided practice every two weeks, open to students and personnel.',
    location_type: 'on-site',
    location: 'Chapel Hall',
    audience: 'both',
    frequency: 'fortnightly',
    sessions: await starts(addDaysToDate(today, 4), 14, 4),
    members: others.slice(7, 10).map((c) => c.id),
  });
}
