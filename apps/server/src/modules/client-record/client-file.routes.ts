import { clientIdParamsSchema } from '@kalinga/contracts/client-access';
import {
  closeBodySchema,
  clientFileReplySchema,
  correctionAnswerBodySchema,
  correctionBodySchema,
  correctionParamsSchema,
  correctionReplySchema,
  correctionsReplySchema,
  disclosureQuerySchema,
  fileStateReplySchema,
  myClientsQuerySchema,
  myClientsReplySchema,
  myRecordQuerySchema,
  myRecordSchema,
  purgeParamsSchema,
  purgeReplySchema,
  purgesReplySchema,
  referBodySchema,
  reopenBodySchema,
} from '@kalinga/contracts/client-file';
import { errorReplySchema } from '@kalinga/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localDateOf } from '@kalinga/contracts/zone-time';
import { z } from 'zod';
import { authOf, needs, signedIn } from '../../lib/auth-context';
import { readerLanguage } from '../../lib/i18n';
import { closeClientFile, getClientFile, myClients, referClient, reopenClientFile } from './client-file.service';
import { answerCorrection, askCorrection, myCorrections } from './corrections.service';
import { disclosurePdf } from './disclosure.service';
import { myRecord, myRecordPdf } from './my-record.service';
import { approvePurge, listPurges } from './retention.service';

// The client file, referrals, closing, disclosures, the client's own record, corrections and retention
// (docs/decisions/0235-client-file-and-disclosure.md, 0236-retention-and-purge.md). Who may is the access model's
// (client-access.ts): the routes only ask for a signed-in user, except the privacy officer's purge review.

const security = [{ bearer: [] }];
const tags = ['client-record'];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema, 422: errorReplySchema };
const pdfHeaders = (name: string) => ({ 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'no-store' });

export const clientFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, keys: app.contentKeys };

  app.get('/api/clients/mine', {
    preHandler: signedIn,
    schema: { summary: "Lists the clients whose file the counselor may open; each one shown is recorded.", operationId: 'listMyClients', tags, security, querystring: myClientsQuerySchema, response: { 200: myClientsReplySchema, ...errors } },
    handler: async (request) => ({ data: await myClients(app.db, authOf(request), request.query.search) }),
  });

  app.get('/api/clients/:id/file', {
    preHandler: signedIn,
    schema: { summary: "Opens a client's file (timeline, scores, state) for their care team; the opening is recorded.", operationId: 'getClientFile', tags, security, params: clientIdParamsSchema, response: { 200: clientFileReplySchema, ...errors } },
    handler: async (request) => ({ data: await getClientFile(deps, authOf(request), request.params.id, readerLanguage(request)) }),
  });

  app.post('/api/clients/:id/referrals', {
    preHandler: signedIn,
    schema: { summary: 'Refers the client to another counselor, who joins the care team.', operationId: 'referClient', tags, security, params: clientIdParamsSchema, body: referBodySchema, response: { 201: z.object({ data: z.object({ id: z.number().int(), created_at: z.string() }) }), ...errors } },
    handler: async (request, reply) => reply.code(201).send({ data: await referClient(app.db, authOf(request), request.params.id, request.body) }),
  });

  app.post('/api/clients/:id/close', {
    preHandler: signedIn,
    schema: { summary: "Closes a client's file with a closing summary; it is read-only until reopened.", operationId: 'closeClientFile', tags, security, params: clientIdParamsSchema, body: closeBodySchema, response: { 200: fileStateReplySchema, ...errors } },
    handler: async (request) => ({ data: await closeClientFile(deps, authOf(request), request.params.id, request.body.summary) }),
  });

  app.post('/api/clients/:id/reopen', {
    preHandler: signedIn,
    schema: { summary: "Reopens a closed client file, with the reason.", operationId: 'reopenClientFile', tags, security, params: clientIdParamsSchema, body: reopenBodySchema, response: { 200: fileStateReplySchema, ...errors } },
    handler: async (request) => ({ data: await reopenClientFile(deps, authOf(request), request.params.id, request.body.reason) }),
  });

  app.get('/api/clients/:id/disclosure', {
    preHandler: signedIn,
    schema: { summary: "Prints a range of a client's file as a PDF for a referral, recorded as a disclosure.", operationId: 'discloseClientFile', tags, security, params: clientIdParamsSchema, querystring: disclosureQuerySchema, response: { 200: z.any(), ...errors } },
    handler: async (request, reply) => {
      const pdf = await disclosurePdf(deps, authOf(request), request.params.id, request.query, readerLanguage(request));
      return reply.headers(pdfHeaders(`client-file-${request.query.from}-${request.query.to}.pdf`)).send(Buffer.from(pdf));
    },
  });

  app.put('/api/clients/:id/corrections/:correctionId', {
    preHandler: signedIn,
    schema: { summary: "Answers a client's correction request (once); the answer is shown to the client.", operationId: 'answerCorrection', tags, security, params: correctionParamsSchema, body: correctionAnswerBodySchema, response: { 200: correctionReplySchema, ...errors } },
    handler: async (request) => ({ data: await answerCorrection(app.db, app.contentKeys, authOf(request), request.params.id, request.params.correctionId, request.body) }),
  });

  app.get('/api/me/record', {
    preHandler: signedIn,
    schema: { summary: 'Downloads the signed-in client’s own record as JSON or PDF; the download is recorded.', operationId: 'downloadMyRecord', tags, security, querystring: myRecordQuerySchema, response: { 200: myRecordSchema, ...errors } },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const record = await myRecord(app.db, app.contentKeys, auth);
      const day = localDateOf(record.generated_at, auth.company.timezone); // the centre's day (decision 0373)
      if (request.query.format === 'pdf') {
        const pdf = Buffer.from(await myRecordPdf(record, auth.company.timezone, readerLanguage(request)));
        // A Buffer goes out as it is (Fastify serialises only objects); the schema describes the JSON form.
        return reply.headers(pdfHeaders(`my-record-${day}.pdf`)).send(pdf as unknown as typeof record);
      }
      return reply.header('content-disposition', `attachment; filename="my-record-${day}.json"`).header('cache-control', 'no-store').send(record);
    },
  });

  app.get('/api/me/corrections', {
    preHandler: signedIn,
    schema: { summary: 'Lists the signed-in client’s correction requests and their answers.', operationId: 'listMyCorrections', tags, security, response: { 200: correctionsReplySchema, ...errors } },
    handler: async (request) => ({ data: await myCorrections(app.db, app.contentKeys, authOf(request)) }),
  });

  app.post('/api/me/corrections', {
    preHandler: signedIn,
    schema: { summary: 'Asks the care team to correct the client’s record.', operationId: 'askCorrection', tags, security, body: correctionBodySchema, response: { 201: correctionReplySchema, 200: correctionReplySchema, ...errors } },
    handler: async (request, reply) => {
      const { correction, created } = await askCorrection(app.db, app.contentKeys, authOf(request), request.body);
      return reply.code(created ? 201 : 200).send({ data: correction });
    },
  });

  app.get('/api/retention/purges', {
    preHandler: needs('view access log'),
    schema: { summary: 'Lists the closed files past retention to purge, and those purged.', operationId: 'listPurges', tags, security, response: { 200: purgesReplySchema, ...errors } },
    handler: async (request) => listPurges(app.db, authOf(request)),
  });

  app.post('/api/retention/purges/:id/approve', {
    preHandler: needs('view access log'),
    schema: { summary: "Approves a listed file's purge: its content is removed at once, its counts kept.", operationId: 'approvePurge', tags, security, params: purgeParamsSchema, response: { 200: purgeReplySchema, ...errors } },
    handler: async (request) => ({ data: await approvePurge(app.db, authOf(request), request.params.id) }),
  });
};
