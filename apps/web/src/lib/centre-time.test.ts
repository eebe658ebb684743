// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { browserTimeZone, centreDateTime, centreTime, centreZoneNote } from './centre-time';

// Decision 0224: a held time reads on the centre's clock, the centre's zone named when the browser is elsewhere.
const elsewhere = browserTimeZone() === 'Asia/Manila' ? 'America/New_York' : 'Asia/Manila';

describe('times on the centre clock', () => {
  it("shows the centre's wall time and names its zone when the browser's differs", () => {
    const at = '2026-11-24T07:00:00.000Z';
    expect(centreTime(at, 'Asia/Manila')).toBe(browserTimeZone() === 'Asia/Manila' ? '3:00 PM' : '3:00 PM (Asia/Manila)');
    expect(centreDateTime(at, 'Asia/Manila')).toMatch(/^Tue, Nov 24, 2026, 3:00 PM/);
    expect(centreZoneNote(elsewhere)).toBe(`Times are in the centre's time zone (${elsewhere}).`);
  });
  it("names nothing when the browser is in the centre's zone, or the zone is not known yet", () => {
    expect(centreZoneNote(browserTimeZone())).toBeNull();
    expect(centreZoneNote(undefined)).toBeNull();
    expect(centreTime('2026-11-24T07:00:00.000Z', browserTimeZone())).not.toContain('(');
  });
});
