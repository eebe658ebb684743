import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type Actor, addUser, registerCompany, type TestApp } from '../harness';
import { addCategory, daysAhead, instantOf, setWeek } from '../schedule/schedule-helpers';

/** A centre for the group tests: its administrator, two counselors with hours every day, students and a category. */
export interface GroupCentre {
  admin: Actor;
  lead: Actor;
  co: Actor;
  students: Actor[];
  categoryId: number;
}

export async function groupCentre(t: TestApp, name: string, students = 3): Promise<GroupCentre> {
  const admin = await registerCompany(t.app, name);
  const lead = await addUser(t.app, admin.companyId, { userType: 'counselor', name: `Lead of ${name}` });
  const co = await addUser(t.app, admin.companyId, { userType: 'counselor', name: `Co of ${name}` });
  const list: Actor[] = [];
  for (let i = 0; i < students; i++) list.push(await addUser(t.app, admin.companyId, { userType: 'student', name: `Student ${i + 1} of ${name}` }));
  const categoryId = await addCategory(t.app, admin.companyId, 'Anxiety');
  await setWeek(t.app, lead);
  await setWeek(t.app, co);
  return { admin, lead, co, students: list, categoryId };
}

/** A group body: `extra` overrides; the first session at `time` on the date `days` ahead. */
export async function groupBody(t: TestApp, c: GroupCentre, days: number, time = '10:00', extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  return {
    name: 'Anxiety group',
    kind: 'closed',
    category_id: c.categoryId,
    capacity: 8,
    location_type: 'on-site',
    location: 'Room 2',
    co_facilitator_id: c.co.user.id,
    starts_at: await instantOf(t.app, c.admin, c.lead.user.id, daysAhead(days), time),
    frequency: 'weekly',
    count: 4,
    ...extra,
  };
}

export const postGroup = (app: FastifyInstance, by: Actor, payload: Record<string, unknown>, preview = false) =>
  app.inject({ method: 'POST', url: `/api/groups${preview ? '/preview' : ''}`, headers: by.headers, payload });

/** Creates a group and returns its uuid. */
export async function createGroup(t: TestApp, c: GroupCentre, payload: Record<string, unknown>): Promise<string> {
  const res = await postGroup(t.app, c.lead, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.uuid as string;
}

export const workshopCall = (app: FastifyInstance, by: Actor, method: 'GET' | 'POST' | 'DELETE', uuid: string, what: '' | '/sign-up' | '/waitlist' = '') =>
  app.inject({ method, url: `/api/workshops/${uuid}${what}`, headers: by.headers });
