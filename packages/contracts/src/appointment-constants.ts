// The appointment constants without zod: screens that only need these (the Appointments list's tabs, the status
// rules) import this file, so their first paint does not build the schemas (decision 0091). appointments.ts re-exports
// them: one definition for the server and the web app.

// no_show: the client did not come; marked by the counselor once the session has started (never 'cancelled').
export const APPOINTMENT_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled', 'no_show'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** The only status changes allowed (product-rules.md#appointments); anything else is 422. */
export const ALLOWED_STATUS_CHANGES: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  pending: ['confirmed', 'cancelled', 'no_show'],
  confirmed: ['completed', 'cancelled', 'no_show'],
  completed: [],
  cancelled: [],
  no_show: [],
};

export const LOCATION_TYPES = ['online', 'on-site'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

/** The people who book: appointments are for students or personnel. */
export const CLIENT_USER_TYPES = ['student', 'personnel'] as const;
export type ClientUserType = (typeof CLIENT_USER_TYPES)[number];

/** List tabs (product-rules.md#appointments): pending = pending and not past; upcoming = confirmed and not past; history = completed, cancelled, no-show or past. */
export const APPOINTMENT_TABS = ['pending', 'upcoming', 'history'] as const;
export type AppointmentTab = (typeof APPOINTMENT_TABS)[number];

/** The 409 a lost race (or an already taken slot) gets. */
export const SLOT_TAKEN_MESSAGE = 'This time slot is no longer available';

/** The 409 of a booking that overlaps one of the client's own live appointments (decision 0221). */
export const CLIENT_BUSY_MESSAGE = 'The client already has an appointment at this time.';
/** The same, said to a client booking for themselves. */
export const OWN_BUSY_MESSAGE = 'You already have an appointment at this time.';
