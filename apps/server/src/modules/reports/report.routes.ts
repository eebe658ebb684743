import { errorReplySchema } from '@kalinga/contracts/common';
import { ageReportReplySchema, categoryReportReplySchema, departmentReportReplySchema, REPORT_KINDS, reportQuerySchema } from '@kalinga/contracts/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, needs } from '../../plugins/auth';
import { dailyReport, type ReportScope } from './report.service';

const responses = { 401: errorReplySchema, 403: errorReplySchema, 422: errorReplySchema };

function scopeOf(auth: ReturnType<typeof authOf>): ReportScope {
  return { companyId: auth.companyId, timezone: auth.company.timezone };
}

/** GET /api/reports/appointments-by-{category,age,department}-daily (spec section 7), 'view reports'. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(REPORT_KINDS.category.path, {
    preHandler: needs('view reports'),
    schema: { tags: ['reports'], security: [{ bearer: [] }], querystring: reportQuerySchema, response: { 200: categoryReportReplySchema, ...responses } },
    handler: async (request) =>
      (await dailyReport(app.db, scopeOf(authOf(request)), 'category', request.query)).map(({ group, ...row }) => ({ ...row, category_title: group })),
  });

  app.get(REPORT_KINDS.age.path, {
    preHandler: needs('view reports'),
    schema: { tags: ['reports'], security: [{ bearer: [] }], querystring: reportQuerySchema, response: { 200: ageReportReplySchema, ...responses } },
    handler: async (request) =>
      (await dailyReport(app.db, scopeOf(authOf(request)), 'age', request.query)).map(({ group, ...row }) => ({ ...row, age_group: group })),
  });

  app.get(REPORT_KINDS.department.path, {
    preHandler: needs('view reports'),
    schema: { tags: ['reports'], security: [{ bearer: [] }], querystring: reportQuerySchema, response: { 200: departmentReportReplySchema, ...responses } },
    handler: async (request) =>
      (await dailyReport(app.db, scopeOf(authOf(request)), 'department', request.query)).map(({ group, ...row }) => ({ ...row, department: group })),
  });
};
