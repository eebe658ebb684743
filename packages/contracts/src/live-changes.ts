// The live change signal (docs/decisions/0325-changes-pushed-to-devices.md): GET /api/sync/events is a stream of
// server-sent events; `event: changed` carries only the kinds of thing that changed, never rows, and the device
// then pulls (or refetches) as it would have on its own.

/** What a signal can name: the lending book (what GET /api/sync gives) and the appointments lists. */
export const CHANGE_SCOPES = ['lending', 'appointments'] as const;
export type ChangeScope = (typeof CHANGE_SCOPES)[number];

/** The stream's path. */
export const CHANGE_EVENTS_PATH = '/api/sync/events';
/** The event's name on the stream. */
export const CHANGED_EVENT = 'changed';

/** The data of one `changed` event. */
export interface ChangedSignal {
  scopes: ChangeScope[];
}

/** Reads a `changed` event's data; unknown scopes are dropped, anything malformed gives no scopes. */
export function parseChangedSignal(data: string): ChangedSignal {
  try {
    const parsed: unknown = JSON.parse(data);
    const scopes = typeof parsed === 'object' && parsed !== null ? (parsed as { scopes?: unknown }).scopes : undefined;
    if (!Array.isArray(scopes)) return { scopes: [] };
    return { scopes: CHANGE_SCOPES.filter((s) => scopes.includes(s)) };
  } catch {
    return { scopes: [] };
  }
}
