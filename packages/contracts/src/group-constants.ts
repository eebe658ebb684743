// The groups constants without zod, for screens that only need the words (decision 0277).

export const GROUP_KINDS = ['closed', 'workshop'] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];

export const GROUP_FREQUENCIES = ['once', 'weekly', 'fortnightly'] as const;
export type GroupFrequency = (typeof GROUP_FREQUENCIES)[number];

/** Who may see and sign up for an open workshop. */
export const GROUP_AUDIENCES = ['students', 'personnel', 'both'] as const;
export type GroupAudience = (typeof GROUP_AUDIENCES)[number];

export const ATTENDANCE_OUTCOMES = ['present', 'absent', 'late_cancellation'] as const;
export type AttendanceOutcome = (typeof ATTENDANCE_OUTCOMES)[number];

/** The largest group a centre runs in one room or call. */
export const MAX_GROUP_CAPACITY = 200;

/** What a person signed in as a client is to a workshop. */
export const WORKSHOP_PLACES = ['none', 'member', 'waiting', 'offered'] as const;
export type WorkshopPlace = (typeof WORKSHOP_PLACES)[number];

export const WORKSHOP_FULL = 'This workshop is full; you can join the waitlist.';
export const GROUP_FULL = 'This group is full.';
export const OFFER_NOT_OPEN = 'This seat is no longer held for you.';
