import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Actor } from '../harness';
import { nowIso } from '../../src/lib/clock';
import { addDaysToDate, localDateOf } from '@kalinga/contracts/zone-time';

/** Test fixtures shared by the schedule and appointment API tests. */

export const ALL_WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
  day,
  is_available: true,
  start_time: '08:00',
  end_time: '18:00',
  break_start: '12:00',
  break_end: '13:00',
}));

export async function setWeek(app: FastifyInstance, counselor: Actor, week: object[] = ALL_WEEK): Promise<void> {
  const res = await app.inject({ method: 'POST', url: '/api/counselor/schedule', headers: counselor.headers, payload: { schedule: week } });
  expect(res.statusCode, res.body).toBe(200);
}

export async function addCategory(app: FastifyInstance, companyId: number, title = 'Academic Stress'): Promise<number> {
  const now = nowIso();
  const row = await app.db
    .insertInto('categories')
    .values({ uuid: randomUUID(), company_id: companyId, title, description: null, image_path: null, name: title, interest_rate: 0, penalty_rate: 0, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 0, is_renewable: 1, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A date some days ahead in the zone (default Asia/Manila, the default company zone). */
export function daysAhead(days: number, timeZone = 'Asia/Manila'): string {
  return addDaysToDate(localDateOf(new Date(), timeZone), days);
}

export async function slotsOf(app: FastifyInstance, actor: Actor, counselorId: number, date: string, exclude?: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/appointments/available-slots?counselor_id=${counselorId}&date=${date}${exclude ? `&exclude=${exclude}` : ''}`,
    headers: actor.headers,
  });
  return res;
}

/** The ISO instant of a slot, as the available-slots reply gives it. */
export async function instantOf(app: FastifyInstance, actor: Actor, counselorId: number, date: string, time: string): Promise<string> {
  const res = await slotsOf(app, actor, counselorId, date);
  expect(res.statusCode, res.body).toBe(200);
  const found = (res.json() as { starts: { time: string; appointment_date: string }[] }).starts.find((s) => s.time === time);
  if (!found) throw new Error(`no free slot ${time} on ${date}: ${res.body}`);
  return found.appointment_date;
}
