import { appointmentParamsSchema } from '@kalinga/contracts/appointments';
import { attendanceReplySchema, bookingCheckReplySchema } from '@kalinga/contracts/attendance';
import { errorReplySchema } from '@kalinga/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, needs } from '../../lib/auth-context';
import { scopeOf } from './appointment-view';
import { approvalReason, attendanceFor } from './attendance';

const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema };
const common = { tags: ['appointments'], security: [{ bearer: [] }] };

/** The client's attendance beside an appointment, and whether the caller's next booking waits for approval. */
export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/appointments/booking-check', {
    preHandler: needs('view appointments'),
    schema: { summary: "Tells whether the caller's next booking waits for a counselor's approval, and why.", operationId: 'checkBooking', ...common, response: { 200: bookingCheckReplySchema, ...errors } },
    handler: async (request) => {
      const auth = authOf(request);
      // Only a client's own bookings wait: a counselor or manager booking for someone approves it by booking.
      const reason = scopeOf(auth).kind === 'client' ? await approvalReason(app.db, auth.companyId, auth.user.id) : null;
      return { data: { approval_reason: reason } };
    },
  });

  app.get('/api/appointments/:uuid/attendance', {
    preHandler: needs('view appointments'),
    schema: { summary: "Shows the client's attendance record beside an appointment.", operationId: 'getAppointmentAttendance', ...common, params: appointmentParamsSchema, response: { 200: attendanceReplySchema, ...errors } },
    handler: async (request) => ({ data: await attendanceFor(app.db, authOf(request), request.params.uuid) }),
  });
};
