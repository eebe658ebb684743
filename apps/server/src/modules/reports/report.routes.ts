import { errorReplySchema } from '@kalinga/contracts/common';
import { ageReportReplySchema, categoryReportReplySchema, departmentReportReplySchema, REPORT_KINDS, reportQuerySchema } from '@kalinga/contracts/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { authOf, needs } from '../../lib/auth-context';
import { heavyRead } from '../../plugins/rate-limits';
import type { ReportGroupBy } from './report.repository';
import { dailyReportJson } from './report.service';
import { noShowReport } from './no-show-report';
import { intakeReport } from './intake-report';
import { intakeReportQuerySchema, intakeReportReplySchema } from '@kalinga/contracts/intake-report';
import { noShowReportQuerySchema, noShowReportReplySchema } from '@kalinga/contracts/no-show-report';

const responses = { 401: errorReplySchema, 403: errorReplySchema, 422: errorReplySchema, 429: errorReplySchema };

const KINDS: { groupBy: ReportGroupBy; path: string; field: string; reply: z.ZodType; summary: string; operationId: string }[] = [
  {
    groupBy: 'category',
    path: REPORT_KINDS.category.path,
    field: 'category_title',
    reply: categoryReportReplySchema,
    summary: 'Counts appointments per day by category over a period.',
    operationId: 'getAppointmentsByCategoryDaily',
  },
  {
    groupBy: 'age',
    path: REPORT_KINDS.age.path,
    field: 'age_group',
    reply: ageReportReplySchema,
    summary: "Counts appointments per day by the client's age group over a period.",
    operationId: 'getAppointmentsByAgeDaily',
  },
  {
    groupBy: 'department',
    path: REPORT_KINDS.department.path,
    field: 'department',
    reply: departmentReportReplySchema,
    summary: "Counts appointments per day by the client's department over a period.",
    operationId: 'getAppointmentsByDepartmentDaily',
  },
];

/** GET /api/reports/appointments-by-{category,age,department}-daily (product-rules.md#reports), 'view reports'. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  // One budget per user for the three calls (the screen makes three per filter change).
  const config = { rateLimit: heavyRead('reports', app.config.reportsPerMinute) };
  for (const { groupBy, path, field, reply: replySchema, summary, operationId } of KINDS) {
    app.get(path, {
      preHandler: needs('view reports'),
      config,
      schema: { summary, operationId, tags: ['reports'], security: [{ bearer: [] }], querystring: reportQuerySchema, response: { 200: replySchema, ...responses } },
      handler: async (request, reply) => {
        const auth = authOf(request);
        // The rows are checked against the reply schema once per distinct reply, then the kept text is sent
        // as it is (a JSON string with a JSON content type is not serialised again).
        const json = await dailyReportJson(app.db, { companyId: auth.companyId, timezone: auth.company.timezone }, groupBy, request.query, (points) =>
          JSON.stringify(replySchema.parse(points.map(({ group, ...row }) => ({ ...row, [field]: group })))),
        );
        return reply.type('application/json; charset=utf-8').send(json);
      },
    });
  }

  // The no-show rate and the intake counts: the same permission, a budget of their own (the screen calls them
  // beside the three daily reports, which keep theirs).
  const tablesConfig = { rateLimit: heavyRead('report-tables', app.config.reportsPerMinute) };
  app.get('/api/reports/no-show-rate', {
    preHandler: needs('view reports'),
    config: tablesConfig,
    schema: { summary: 'Reports the no-show rate by group over a period.', operationId: 'getNoShowReport', tags: ['reports'], security: [{ bearer: [] }], querystring: noShowReportQuerySchema, response: { 200: noShowReportReplySchema, ...responses } },
    handler: async (request) => {
      const auth = authOf(request);
      return { data: await noShowReport(app.db, { companyId: auth.companyId, timezone: auth.company.timezone }, request.query.period) };
    },
  });

  // Intake questionnaires per severity band and week: counts only.
  app.get('/api/reports/intake-bands', {
    preHandler: needs('view reports'),
    config: tablesConfig,
    schema: { summary: 'Reports the intake screenings by severity band, week by week.', operationId: 'getIntakeBandsReport', tags: ['reports'], security: [{ bearer: [] }], querystring: intakeReportQuerySchema, response: { 200: intakeReportReplySchema, ...responses } },
    handler: async (request) => {
      const auth = authOf(request);
      return { data: await intakeReport(app.db, { companyId: auth.companyId, timezone: auth.company.timezone }, request.query.period) };
    },
  });
};
