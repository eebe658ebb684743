// The crisis screen's data without zod (it opens offline, before any schema is built; decision 0161).

export interface CrisisContact {
  name: string;
  number: string;
  hours: string;
}

export interface CrisisInfo {
  contacts: CrisisContact[];
  /** What happens after the client asked for help, in the centre's words. */
  next_steps: string;
}

/**
 * The Philippines' national mental-health crisis lines (National Center for Mental Health, 24/7): the demo
 * centre's contacts, and what the crisis screen shows on a device that has never kept its centre's own list.
 */
export const NATIONAL_CRISIS_LINES: readonly CrisisContact[] = [
  { name: 'NCMH Crisis Hotline (toll-free landline)', number: '1553', hours: '24 hours, every day' },
  { name: 'NCMH Crisis Hotline (mobile)', number: '0917 899 8727', hours: '24 hours, every day' },
  { name: 'NCMH Crisis Hotline (Globe/TM)', number: '0966 351 4518', hours: '24 hours, every day' },
  { name: 'NCMH Crisis Hotline (Smart/Sun/TNT)', number: '0908 639 2672', hours: '24 hours, every day' },
  { name: 'Emergency (police, fire, ambulance)', number: '911', hours: '24 hours, every day' },
];

export const DEFAULT_NEXT_STEPS =
  'A counselor on call is told at once that you asked for help and will reach you as soon as they can, by phone or in person. ' +
  'If you are in danger now, call one of the numbers above or go to the nearest hospital emergency room. You are not alone.';

export const MAX_CRISIS_CONTACTS = 10;

/** A number as a tel: link (digits and a leading +). */
export function telHref(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}
