import { errorReplySchema } from '@kalinga/contracts/common';
import {
  conflictListQuerySchema,
  conflictListReplySchema,
  syncChunkReplySchema,
  syncDeltaReplySchema,
  syncPushReplySchema,
  syncPushSchema,
  syncQuerySchema,
  type SyncDeltaReply,
} from '@kalinga/contracts/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cursorsOfThisHistory, restoreTag, withTag } from '../../lib/restore-tag';
import { authOf, needs } from '../../lib/auth-context';
import { requestLanguage } from '../../lib/i18n';
import { inPullTurn, sent, watchOtherRequests } from './pull-turns';
import { pushMutations } from './sync-push';
import { fieldConflicts, pullChunk, pullDelta } from './sync.service';
import { deltaGap, emptyDelta, skipsTurn } from './delta-gap';
import { ownBranchIds } from '../lending/branch-context';
import { openPulledCustomers } from '../lending/customer-id-number';
import { openConflictPage } from '../lending/field-merge';

/**
 * GET /api/sync (product-rules.md#pulls, decision 0065): a delta since a cursor, or with `table` one chunk of a download.
 * The reply is serialised here with JSON.stringify (a string skips the per-response zod pass, which
 * costs more than the reads for 5,000 rows); the schemas document it and the tests parse every reply with them.
 */
export const syncRoutes: FastifyPluginAsyncZod = async (app) => {
  watchOtherRequests(app, (url) => url === '/api/sync' || url.startsWith('/api/sync?'));

  app.get('/api/sync', {
    preHandler: needs('view lending'),
    schema: {
      summary: 'Sends the lending records changed since a cursor, for the offline book.', operationId: 'pullChanges',
      tags: ['sync'],
      security: [{ bearer: [] }],
      querystring: syncQuerySchema,
      response: { 200: syncDeltaReplySchema.or(syncChunkReplySchema), 401: errorReplySchema, 403: errorReplySchema, 422: errorReplySchema },
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const { companyId } = auth;
      // Cursors carry the tag of the database's last restore: one from before it is refused (decision 0190).
      const tag = await restoreTag(app.db);
      const query = cursorsOfThisHistory(request.query, tag);
      const json = (body: unknown) => reply.type('application/json; charset=utf-8').send(JSON.stringify(body) as unknown as SyncDeltaReply);
      // A delta is sized up by the counter first (decision 0333): nothing after the cursor is answered at once.
      const gap = query.table ? null : await deltaGap(app.db, companyId, query.since);
      if (gap?.behind === 0) return json(withTag(emptyDelta(gap.counter), tag));
      // A clerk's cash days are theirs alone, and only a clerk who may open one gets them (decision 0193).
      const clerkId = auth.permissions.has('manage lending') ? auth.user.id : null;
      // The book of the branches the user works at (decision 0304); a manager's device keeps every branch.
      const branchIds = await ownBranchIds(app.db, auth);
      const build = async () =>
        withTag<{ meta: { cursor: string } }>(openPulledCustomers(app.contentKeys, companyId, query.table ? await pullChunk(app.db, companyId, query.table, query, branchIds) : await pullDelta(app.db, companyId, query, clerkId, branchIds)), tag);
      // A delta a few writes or rows behind goes without a turn (decisions 0333, 0348); downloads and larger deltas take turns and
      // leave time to other requests between them (decisions 0132, 0134): a turn is the reply's building,
      // compression and writing. A string body is sent as it is (Fastify serialises only objects).
      if (gap !== null && (await skipsTurn(app.db, companyId, query.since, gap))) return json(await build());
      await inPullTurn(async () => {
        void json(await build());
        await sent(reply.raw);
      });
      return reply;
    },
  });

  // Fields an update overwrote although its device had not seen their value (docs/decisions/0103), newest first.
  app.get('/api/sync/conflicts', {
    preHandler: needs('view lending'),
    schema: {
      summary: 'Lists the fields an offline update overwrote unseen, newest first.', operationId: 'listSyncConflicts',
      tags: ['sync'],
      security: [{ bearer: [] }],
      querystring: conflictListQuerySchema,
      response: { 200: conflictListReplySchema, 401: errorReplySchema, 403: errorReplySchema, 422: errorReplySchema },
    },
    handler: async (request) => {
      const { companyId } = authOf(request);
      const { page, per_page: perPage, record_uuid: recordUuid } = request.query;
      return openConflictPage(app.contentKeys, companyId, await fieldConflicts(app.db, companyId, { page, perPage, recordUuid }));
    },
  });

  // The queue's writes in one request (docs/decisions/0130): each mutation applied as its single route
  // would, in order, each with its own result; one company (the request's), one user (the keys are theirs).
  app.post('/api/sync/push', {
    preHandler: needs('manage lending'),
    schema: {
      summary: 'Applies a batch of queued offline lending writes.', operationId: 'pushMutations',
      tags: ['sync'],
      security: [{ bearer: [] }],
      body: syncPushSchema,
      response: { 200: syncPushReplySchema, 401: errorReplySchema, 403: errorReplySchema, 422: errorReplySchema },
    },
    handler: async (request) => ({ results: await pushMutations(app, authOf(request), request.log, request.body.mutations, requestLanguage(request.headers['accept-language'])) }),
  });
};
