import type { GroupSession, GroupSummary } from '@kalinga/contracts/groups';
import type { DB } from '../../db/database';
import { type GroupRow, sessionsOf } from './groups.repository';

// How a group reads in a reply: its summary (no member's name, for anyone who may see the group) and its sessions.

function toSession(s: Awaited<ReturnType<typeof sessionsOf>>[number]): GroupSession {
  return { uuid: s.uuid, index: s.session_index, starts_at: s.starts_at, local_date: s.local_date, duration_minutes: s.duration_minutes, status: s.status };
}

/** The summary every reader sees (no member's name). */
export function toSummary(g: GroupRow, sessions: readonly GroupSession[]): GroupSummary {
  const now = new Date().toISOString();
  const facilitators = [{ id: g.facilitator_id, name: g.facilitator_name }];
  if (g.co_facilitator_id !== null) facilitators.push({ id: g.co_facilitator_id, name: g.co_facilitator_name ?? '' });
  return {
    uuid: g.uuid,
    name: g.name,
    kind: g.kind,
    category: { id: g.category_id, name: g.category_title },
    description: g.description,
    capacity: g.capacity,
    seats_taken: g.seats_taken,
    location_type: g.location_type,
    location: g.location,
    audience: g.audience,
    screening_required: g.screening_required === 1,
    frequency: g.frequency,
    facilitators,
    next_session: sessions.find((s) => s.status === 'scheduled' && s.starts_at >= now)?.starts_at ?? null,
    sessions_total: sessions.length,
  };
}

/** The sessions of the company's groups, by group id. */
export async function sessionsByGroup(db: DB, companyId: number, groups: readonly GroupRow[]): Promise<Map<number, GroupSession[]>> {
  const rows = await sessionsOf(db, companyId, groups.map((g) => g.id));
  const map = new Map<number, GroupSession[]>();
  for (const r of rows) map.set(r.group_id, [...(map.get(r.group_id) ?? []), toSession(r)]);
  return map;
}
