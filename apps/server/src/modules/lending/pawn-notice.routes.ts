import { errorReplySchema } from '@kalinga/contracts/common';
import { auctionListQuerySchema, auctionListReplySchema, coveredQuerySchema, coveredReplySchema, noticeListQuerySchema, noticeListReplySchema, noticeReplySchema } from '@kalinga/contracts/lending/notices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, needs } from '../../lib/auth-context';
import { canManage, canView, common, readErrors, uuidParams, writeErrors } from './lending-routes-common';
import { listCovered } from './covered.service';
import { writeKeyOf } from './idempotency';
import { getNotice, listAuction, listNotices, sendNotice } from './pawn-notice.service';

// The notices before redemption periods end, the auction list and the covered transactions (decisions 0184-0186). Online only: a notice is
// sent once for every device, so the server decides it; nothing here is in the offline queue.

export const pawnNoticeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/pawn-notices', {
    preHandler: canView,
    schema: { summary: 'Lists the loans whose redemption period ends soon, with their notices.', operationId: 'listPawnNotices', ...common('notices'), querystring: noticeListQuerySchema, response: { 200: noticeListReplySchema, ...readErrors } },
    handler: async (request) => listNotices(app.db, authOf(request), request.query, app.config.email !== null),
  });

  app.get('/api/loans/:uuid/notice', {
    preHandler: canView,
    schema: { summary: 'Shows the notice sent for a loan.', operationId: 'getLoanNotice', ...common('notices'), params: uuidParams, response: { 200: noticeReplySchema, ...readErrors, 404: errorReplySchema } },
    handler: async (request) => ({ data: await getNotice(app.db, authOf(request), request.params.uuid) }),
  });

  app.post('/api/loans/:uuid/notice', {
    preHandler: canManage,
    schema: {
      summary: "Records a loan's notice once and queues its email; a repeat with the same Idempotency-Key answers the first result.",
      operationId: 'sendLoanNotice',
      ...common('notices'),
      params: uuidParams,
      response: { 200: noticeReplySchema, 201: noticeReplySchema, ...writeErrors },
    },
    handler: async (request, reply) => {
      const result = await sendNotice(app, authOf(request), writeKeyOf(request), request.params.uuid);
      return reply.status(result.status).send(result.body);
    },
  });

  app.get('/api/auction-list', {
    preHandler: canView,
    schema: { summary: 'Lists the forfeited items for the auction.', operationId: 'listAuctionItems', ...common('notices'), querystring: auctionListQuerySchema, response: { 200: auctionListReplySchema, ...readErrors } },
    handler: async (request) => listAuction(app.db, authOf(request), request.query),
  });

  // The company's report to the AMLC, not a branch's (decision 0364): a manager's, who works at every branch.
  app.get('/api/covered-transactions', {
    preHandler: [canView, needs('manage branches')],
    schema: { summary: "Lists the company's covered transactions to report for a period, every branch's (a manager's report).", operationId: 'listCoveredTransactions', ...common('notices'), querystring: coveredQuerySchema, response: { 200: coveredReplySchema, ...readErrors } },
    handler: async (request) => listCovered(app.db, authOf(request), request.query),
  });
};
