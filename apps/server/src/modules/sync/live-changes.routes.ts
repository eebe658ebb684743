import { errorReplySchema } from '@kalinga/contracts/common';
import { CHANGE_EVENTS_PATH, CHANGED_EVENT, type ChangeScope } from '@kalinga/contracts/live-changes';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { type AuthContext, authOf, isCounselor, signedIn } from '../../lib/auth-context';
import { HttpError } from '../../lib/http-errors';
import { createChangeHub, type LiveConnection } from './live-changes';
import { createLiveStreamRegistry, MAX_STREAMS_PER_USER, type StreamHolder } from './live-sessions';
import { authenticate } from '../auth/session';
import type { DeltaReader } from './live-deltas';
import { ownBranchIds } from '../lending/branch-context';

// GET /api/sync/events (docs/decisions/0325-changes-pushed-to-devices.md): a server-sent-events stream that says
// `changed` with the scopes whose rows changed in the caller's company; a lending signal may carry the small delta
// the caller's own pull would give (docs/decisions/0360-deltas-carried-in-the-signal.md). A comment every
// HEARTBEAT_MS keeps proxies from closing it as idle; after MAX_AGE_MS (spread) the server ends it and the device
// opens a new one, authenticated again. With each heartbeat the streams' sessions are checked in one query: a
// signed-out or revoked session's stream ends then; one user holds at most MAX_STREAMS_PER_USER streams on an
// instance (docs/decisions/0351-live-stream-sessions.md). A write that changes a session re-checks its streams at
// once, and ends those whose scopes or reader kind changed (docs/decisions/0361-session-cache.md).

export const HEARTBEAT_MS = 25_000;
const MAX_AGE_MS = 10 * 60_000;
/** How long a device waits before it reconnects after the stream ends (the `retry:` field). */
const RETRY_MS = 3_000;
/** How long a new stream waits for the instance's LISTEN before it opens anyway (the listener keeps trying). */
const LISTEN_WAIT_MS = 5_000;

/**
 * The scopes a user hears of: lending with the lending view; appointments for counselors and those who manage
 * appointments. A client's list holds only their own appointments: a signal for every booking is not for them.
 */
function scopesOf(auth: AuthContext): Set<ChangeScope> {
  const scopes = new Set<ChangeScope>();
  if (auth.permissions.has('view lending')) scopes.add('lending');
  if (auth.permissions.has('view appointments') && (isCounselor(auth) || auth.permissions.has('manage appointments'))) scopes.add('appointments');
  return scopes;
}

/** What a stream of this session is sent: its scopes and, with lending, who its device reads as (decisions 0193, 0304). */
async function deliveryOf(db: FastifyInstance['db'], auth: AuthContext): Promise<{ scopes: Set<ChangeScope>; reader?: DeltaReader; key: string }> {
  const scopes = scopesOf(auth);
  const reader = scopes.has('lending') ? { userId: auth.user.id, branchIds: await ownBranchIds(db, auth), clerk: auth.permissions.has('manage lending') } : undefined;
  const branches = reader && (reader.branchIds === null ? '*' : [...reader.branchIds].sort((a, b) => a - b).join(','));
  const key = `${[...scopes].sort().join(',')}|${reader ? `${branches}|${reader.clerk ? 'clerk' : ''}` : ''}`;
  return { scopes, reader, key };
}

interface OpenStream {
  raw: ServerResponse;
  endsAt: number;
}

export const liveChangesRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = createChangeHub(app.db, app.config.database, (message) => app.log.warn(message), app.contentKeys);
  const registry = createLiveStreamRegistry(app.db, app.sessionCache, async (auth) => (await deliveryOf(app.db, auth)).key);
  const streams = new Set<OpenStream>();
  // One timer for every stream: the heartbeat, the end of streams past their age, and of those signed out.
  const beat = setInterval(() => {
    const now = Date.now();
    for (const s of streams) {
      if (now >= s.endsAt) s.raw.end();
      else s.raw.write(':\n\n');
    }
    registry.endSignedOut(new Date(now).toISOString()).catch((error: unknown) => app.log.warn({ err: error }, 'live streams: the session check failed'));
  }, HEARTBEAT_MS);
  beat.unref();
  app.addHook('preClose', async () => {
    clearInterval(beat);
    registry.close();
    // The devices reconnect (to another instance, or to this one restarted); the server's close need not wait for them.
    for (const s of streams) s.raw.destroy();
    await hub.close();
  });

  app.get(CHANGE_EVENTS_PATH, {
    preHandler: signedIn,
    schema: {
      summary: 'Streams a signal (server-sent events) naming what kind of records changed in the company, for devices to pull.',
      operationId: 'streamChanges',
      tags: ['sync'],
      security: [{ bearer: [] }],
      produces: ['text/event-stream'],
      // It takes nothing: an unknown parameter is refused (422) rather than ignored.
      querystring: z.strictObject({}),
      response: { 200: z.string(), 401: errorReplySchema, 403: errorReplySchema, 422: errorReplySchema, 429: errorReplySchema },
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const raw = reply.raw;
      // Ended by a re-check before its head was written: it is opened and ended at once (the device reconnects).
      let ended = false;
      // Registered first, then read (decision 0374): a note heard from here on re-checks this stream, and a write
      // noted before is in the read below. Until the read is done its delivery is unknown (''), so any note naming
      // it ends it. The place is taken and the count checked in one step, so a burst cannot all pass the count.
      const holder: StreamHolder = {
        userId: auth.user.id,
        tokenId: auth.tokenId,
        companyId: auth.companyId,
        tokenHash: auth.tokenHash,
        delivery: '',
        end: () => {
          ended = true;
          if (raw.headersSent) raw.end();
        },
      };
      const release = registry.admit(holder);
      if (!release) throw new HttpError(429, `At most ${MAX_STREAMS_PER_USER} change streams can be open for one user.`);
      let delivery: Awaited<ReturnType<typeof deliveryOf>>;
      try {
        // The session as it is now (the cache's answer is as exact: a note drops it), and who the device reads as,
        // for the deltas its signals may carry: what its pull reads with.
        delivery = await deliveryOf(app.db, await authenticate(app, request));
        holder.delivery = delivery.key;
        // The stream's first bytes say it is heard: after them no change is missed (a device pulls once on opening).
        await hub.ready(LISTEN_WAIT_MS);
      } catch (error) {
        release();
        throw error;
      }
      const { scopes, reader } = delivery;
      reply.hijack();
      if (raw.destroyed) {
        release();
        return reply;
      }
      raw.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        // nginx would otherwise hold the events in its buffer.
        'X-Accel-Buffering': 'no',
        'X-Content-Type-Options': 'nosniff',
      });
      const stream: OpenStream = { raw, endsAt: Date.now() + MAX_AGE_MS * (1 + Math.random() / 2) };
      const connection: LiveConnection = {
        companyId: auth.companyId,
        scopes,
        reader,
        // The delta is JSON already, built once for every stream of its kind of reader.
        send: (named, delta) => void raw.write(`event: ${CHANGED_EVENT}\ndata: {"scopes":${JSON.stringify(named)}${delta === null ? '' : `,"delta":${delta}`}}\n\n`),
      };
      streams.add(stream);
      const unsubscribe = hub.subscribe(connection);
      raw.once('close', () => {
        streams.delete(stream);
        unsubscribe();
        release();
      });
      raw.write(`retry: ${RETRY_MS}\n\n`);
      if (ended) raw.end();
      return reply;
    },
  });
};
