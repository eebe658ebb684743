import type { SyncDeltaReply } from './sync';

// The live change signal (docs/decisions/0325-changes-pushed-to-devices.md): GET /api/sync/events is a stream of
// server-sent events; `event: changed` names the kinds of thing that changed, and the device then pulls (or
// refetches) as it would have on its own. A lending signal may carry a small delta (decision 0360): the reply the
// device's own pull `since=<from>` would give; a device whose cursor is `from` applies it instead of pulling.

/** What a signal can name: the lending book (what GET /api/sync gives) and the appointments lists. */
export const CHANGE_SCOPES = ['lending', 'appointments'] as const;
export type ChangeScope = (typeof CHANGE_SCOPES)[number];

/** The stream's path. */
export const CHANGE_EVENTS_PATH = '/api/sync/events';
/** The event's name on the stream. */
export const CHANGED_EVENT = 'changed';

/** A delta carried by a lending signal: the pull's reply after the cursor `from` (both cursors opaque, restore tag included). */
export type PushedDelta = SyncDeltaReply & { from: string; to: string };

/** The data of one `changed` event. */
export interface ChangedSignal {
  scopes: ChangeScope[];
  /** With 'lending' only, and only when small: otherwise the device pulls. */
  delta?: PushedDelta;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The delta's outline (cursors, data and meta); anything else is no delta, and the device pulls. */
function pushedDelta(v: unknown): PushedDelta | undefined {
  if (!isObject(v) || typeof v.from !== 'string' || typeof v.to !== 'string' || !isObject(v.data) || !isObject(v.meta)) return undefined;
  if (v.meta.cursor !== v.to || v.meta.recommendation !== null) return undefined;
  return v as unknown as PushedDelta;
}

/** Reads a `changed` event's data; unknown scopes are dropped, anything malformed gives no scopes. */
export function parseChangedSignal(data: string): ChangedSignal {
  try {
    const parsed: unknown = JSON.parse(data);
    const scopes = typeof parsed === 'object' && parsed !== null ? (parsed as { scopes?: unknown }).scopes : undefined;
    if (!Array.isArray(scopes)) return { scopes: [] };
    const known = CHANGE_SCOPES.filter((s) => scopes.includes(s));
    const delta = known.includes('lending') ? pushedDelta((parsed as { delta?: unknown }).delta) : undefined;
    return delta ? { scopes: known, delta } : { scopes: known };
  } catch {
    return { scopes: [] };
  }
}
