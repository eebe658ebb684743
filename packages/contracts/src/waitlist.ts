import { z } from './zod';
import { idSchema, isoDateSchema } from './common';
import { LOCATION_TYPES } from './appointment-constants';
import { WEEKDAYS } from './schedule';

// The waitlist (decision 0151): a client with no suitable free time waits for one; a freed slot that matches is
// offered to the first person waiting and held for them for the site's hold time.

/** The longest date range a client may wait over, in days from today. */
export const WAITLIST_MAX_DAYS = 92;
export const WAITLIST_STATUSES = ['waiting', 'booked', 'left', 'ended'] as const;
export const OFFER_STATUSES = ['open', 'accepted', 'declined', 'expired', 'withdrawn'] as const;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time written HH:MM (24-hour).');

/** POST /api/waitlist: the client joins. `counselor_id` null = any counselor. */
export const joinWaitlistBodySchema = z
  .object({
    counselor_id: idSchema.nullable(),
    from_date: isoDateSchema,
    to_date: isoDateSchema,
    days: z.array(z.enum(WEEKDAYS, 'Choose days of the week.')).min(1, 'Choose at least one day.').max(7),
    time_from: hhmm,
    time_to: hhmm,
    reason: z.string().trim().min(1, 'The reason field is required.').max(1000, 'The reason may not be greater than 1000 characters.'),
    category_id: idSchema,
    location_type: z.enum(LOCATION_TYPES, 'The location type must be online or on-site.'),
    location: z.string().trim().max(255).nullable().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.to_date < b.from_date) ctx.addIssue({ code: 'custom', path: ['to_date'], message: 'The last date must be on or after the first date.' });
    if (b.time_to <= b.time_from) ctx.addIssue({ code: 'custom', path: ['time_to'], message: 'The latest time must be after the earliest time.' });
    if (b.location_type === 'on-site' && !b.location) ctx.addIssue({ code: 'custom', path: ['location'], message: 'The location field is required for on-site appointments.' });
  });
export type JoinWaitlistBody = z.infer<typeof joinWaitlistBodySchema>;

export const waitlistOfferSchema = z.object({
  uuid: z.string(),
  status: z.enum(OFFER_STATUSES),
  /** The held slot's start (ISO UTC) and its counselor. */
  appointment_date: z.string(),
  counselor: z.object({ id: z.number().int(), name: z.string() }),
  offered_at: z.string(),
  /** The hold ends here; after it the next person waiting is offered the slot. */
  expires_at: z.string(),
});
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;

export const waitlistEntrySchema = z.object({
  uuid: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  client: z.object({ id: z.number().int(), name: z.string() }),
  /** null = any counselor. */
  counselor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  from_date: z.string(),
  to_date: z.string(),
  days: z.array(z.enum(WEEKDAYS)),
  time_from: z.string(),
  time_to: z.string(),
  created_at: z.string(),
  /** The open offer, if one is held for this client now. */
  offer: waitlistOfferSchema.nullable(),
  /** The appointment booked from the waitlist (status 'booked'). */
  appointment_uuid: z.string().nullable(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;
export const waitlistListSchema = z.object({ data: z.array(waitlistEntrySchema) });

/** POST /api/waitlist/offers/{uuid}/accept: the booked appointment, and why it waits for the counselor (the no-show policy) or null. */
export const acceptOfferReplySchema = z.object({ appointment_uuid: z.string(), approval_reason: z.string().nullable() });

export const OFFER_GONE = 'This offer is no longer open.';
export const OFFER_EXPIRED = 'The time held for you has run out; it was offered to the next person waiting. You stay on the waitlist.';
export const OFFER_TAKEN = 'This time has just been booked by someone else. You stay on the waitlist.';
export const ALREADY_WAITING = 'You are already on the waitlist. Leave it first to change what you wait for.';
