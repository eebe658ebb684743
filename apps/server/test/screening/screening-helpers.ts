import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../harness';

/** Answers: PHQ-9 all `phq`, GAD-7 all `gad`, PHQ-9 item 9 `item9` (0 unless given), under a new submission key. */
export function answers(phq: number, gad: number, item9 = 0) {
  const phq9 = Array.from({ length: 9 }, () => phq);
  phq9[8] = item9;
  return { uuid: randomUUID(), phq9, gad7: Array.from({ length: 7 }, () => gad), difficulty: 1 };
}

export async function submit(app: FastifyInstance, actor: Actor, body: unknown) {
  return app.inject({ method: 'POST', url: '/api/screenings', headers: actor.headers, payload: body as Record<string, unknown> });
}

export async function call(app: FastifyInstance, actor: Actor | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return app.inject({ method, url, headers: actor?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

export const CONTACTS = [
  { name: 'Centre duty phone', number: '+63 2 8123 4567', hours: 'Weekdays 8:00 AM - 5:00 PM' },
  { name: 'NCMH Crisis Hotline', number: '1553', hours: '24 hours, every day' },
];

export function safetyBody(overrides: Record<string, unknown> = {}) {
  return { intake_mode: 'required', crisis_contacts: CONTACTS, next_steps: 'A counselor will call you within 15 minutes.', on_call_ids: [], escalation_minutes: 15, ...overrides };
}
