import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import type { AppointmentRow } from '../db/tables';
import { seedAppointments } from './seed-appointments';
import { type DemoContext, seedFoundation } from './seed-foundation';
import { seedLibrary } from './seed-library';
import { localDateOf } from '@kalinga/contracts/zone-time';

let t: TestApp;
let ctx: DemoContext;
let rows: AppointmentRow[];
let seconds: number;

beforeAll(async () => {
  t = await createTestApp();
  ctx = await seedFoundation(t.db);
  await seedLibrary(t.db, t.config, ctx);
  const started = performance.now();
  await seedAppointments(t.db, t.config, ctx);
  seconds = (performance.now() - started) / 1000;
  rows = await t.db.selectFrom('appointments').selectAll().where('company_id', '=', ctx.company.id).execute();
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('appointment demo data', () => {
  it('is quick to seed (bulk inserts)', () => {
    expect(seconds).toBeLessThan(10);
  });

  it('gives both counselors a Monday–Friday week and an excluded date ahead', async () => {
    for (const c of ctx.counselors) {
      const days = await t.db.selectFrom('counselor_schedules').selectAll().where('counselor_id', '=', c.id).execute();
      expect(days).toHaveLength(7);
      expect(days.filter((d) => d.is_available === 1).map((d) => d.day).sort()).toEqual(['friday', 'monday', 'thursday', 'tuesday', 'wednesday']);
    }
    const excluded = await t.db.selectFrom('excluded_dates').selectAll().where('company_id', '=', ctx.company.id).execute();
    expect(excluded.length).toBeGreaterThanOrEqual(1);
    expect(excluded.every((e) => e.excluded_date > localDateOf(new Date(), ctx.company.timezone))).toBe(true);
  });

  it('has a year of completed and cancelled appointments with a weekly rhythm', () => {
    const now = new Date().toISOString();
    const past = rows.filter((r) => r.appointment_date < now);
    expect(past.length).toBeGreaterThan(1500);
    expect(new Set(past.map((r) => r.status))).toEqual(new Set(['completed', 'cancelled']));
    const perWeekday = [0, 0, 0, 0, 0, 0, 0];
    for (const r of past) perWeekday[new Date(`${r.local_date}T00:00:00Z`).getUTCDay()]++;
    const weeks = 52;
    const mean = perWeekday.map((n) => n / weeks);
    if (process.env.SEED_STATS) console.log('appointments', rows.length, 'seconds', seconds.toFixed(2), 'per weekday (Sun..Sat)', mean.map((m) => m.toFixed(1)).join(' '));
    expect(mean[1]).toBeGreaterThan(mean[3]);
    expect(mean[3]).toBeGreaterThan(mean[5]);
    for (const d of [1, 2, 3, 4, 5]) {
      expect(mean[d]).toBeGreaterThanOrEqual(4);
      expect(mean[d]).toBeLessThanOrEqual(16);
    }
    expect(mean[0] + mean[6]).toBeLessThan(1.5);
    const earliest = past.map((r) => r.local_date).sort()[0];
    expect(Date.now() - Date.parse(earliest)).toBeGreaterThan(360 * 86_400_000);
  });

  it('spreads over categories, clients of both types, departments and ages', async () => {
    const categories = new Set(rows.map((r) => r.category_id));
    expect(categories.size).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((r) => r.user_type))).toEqual(new Set(['student', 'personnel']));
    const clients = await t.db.selectFrom('users').select(['id', 'department', 'birth_date']).where('id', 'in', [...new Set(rows.map((r) => r.client_id))]).execute();
    expect(new Set(clients.map((c) => c.department)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(clients.map((c) => c.birth_date?.slice(0, 3))).size).toBeGreaterThanOrEqual(3);
  });

  it('has pending and confirmed ones ahead, on free slots, for the demo student and personnel too', () => {
    const now = new Date().toISOString();
    const future = rows.filter((r) => r.appointment_date >= now);
    expect(future.some((r) => r.status === 'pending')).toBe(true);
    expect(future.some((r) => r.status === 'confirmed')).toBe(true);
    expect(future.every((r) => r.status === 'pending' || r.status === 'confirmed')).toBe(true);
    const live = future.map((r) => `${r.counselor_id}|${r.appointment_date}`);
    expect(new Set(live).size).toBe(live.length);
    const [personnel, student] = ctx.clients;
    expect(future.some((r) => r.client_id === personnel.id)).toBe(true);
    expect(future.some((r) => r.client_id === student.id)).toBe(true);
  });

  it('keeps local_date as the start day in the company zone, and a status history for each', async () => {
    for (const r of rows.slice(0, 200)) expect(r.local_date).toBe(localDateOf(r.appointment_date, ctx.company.timezone));
    const changes = await t.db.selectFrom('appointment_status_changes').select(['appointment_id', 'to_status']).where('company_id', '=', ctx.company.id).orderBy('id').execute();
    expect(new Set(changes.map((c) => c.appointment_id)).size).toBe(rows.length);
    const completed = rows.find((r) => r.status === 'completed')!;
    expect(changes.filter((c) => c.appointment_id === completed.id).map((c) => c.to_status)).toEqual(['pending', 'confirmed', 'completed']);
  });

  it('dates every status change in order: none before the booking was made, none in the future, updated_at the last one', async () => {
    const changes = await t.db
      .selectFrom('appointment_status_changes')
      .select(['appointment_id', 'changed_at'])
      .where('company_id', '=', ctx.company.id)
      .orderBy('id')
      .execute();
    const byAppointment = new Map<number, string[]>();
    for (const c of changes) byAppointment.set(c.appointment_id, [...(byAppointment.get(c.appointment_id) ?? []), c.changed_at]);
    const now = new Date().toISOString();
    const wrong = rows.filter((r) => {
      const times = byAppointment.get(r.id) ?? [];
      const ordered = times.every((at, i) => i === 0 || at >= times[i - 1]);
      return !ordered || times[0] !== r.created_at || times.some((at) => at > now) || r.updated_at !== times[times.length - 1];
    });
    expect(wrong.map((r) => ({ status: r.status, created_at: r.created_at, updated_at: r.updated_at, changes: byAppointment.get(r.id) })).slice(0, 3)).toEqual([]);
  });
});
