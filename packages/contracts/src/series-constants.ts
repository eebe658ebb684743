// The series constants without zod, for screens that only need the words (decision 0150).

export const SERIES_FREQUENCIES = ['weekly', 'fortnightly'] as const;
export type SeriesFrequency = (typeof SERIES_FREQUENCIES)[number];

/** A term of weekly sessions, half a year: the longest series one booking makes. */
export const MAX_SERIES_SESSIONS = 26;

export const SERIES_SCOPES = ['following', 'all'] as const;
export type SeriesScope = (typeof SERIES_SCOPES)[number];

export const SERIES_PROBLEMS = ['past', 'day_off', 'excluded', 'no_such_time', 'off_schedule', 'held', 'taken', 'client_busy', 'twice', 'other_week'] as const;
export type SeriesProblemCode = (typeof SERIES_PROBLEMS)[number];

/** What each problem says to the person booking. */
export const SERIES_PROBLEM_TEXT: Record<SeriesProblemCode, string> = {
  past: 'This time has already passed.',
  day_off: 'The counselor does not work on this day.',
  excluded: 'The counselor is not available on this date.',
  no_such_time: 'This time does not exist on this day (the clocks change).',
  off_schedule: "This time is not one of the counselor's time slots on this day.",
  held: 'This time is held for urgent cases.',
  taken: 'The counselor already has an appointment at this time.',
  client_busy: 'The client already has an appointment at this time.',
  twice: 'Another session of this series is at this time.',
  other_week: 'Choose a time in the same week as the session.',
};

/** "Weekly" / "Every two weeks". */
export const FREQUENCY_LABEL: Record<SeriesFrequency, string> = { weekly: 'Weekly', fortnightly: 'Every two weeks' };
