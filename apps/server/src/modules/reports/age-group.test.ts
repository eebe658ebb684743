// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ageGroupOn } from './age-group';

// The age group on a day, as the reports' SQL (ageGroupOf over ageInYears) counts it: whole years on that day.
describe('ageGroupOn', () => {
  it('turns a year older on the birthday itself', () => {
    expect(ageGroupOn('2008-10-15', '2026-10-14')).toBe('Under 18');
    expect(ageGroupOn('2008-10-15', '2026-10-15')).toBe('18-21');
    expect(ageGroupOn('2004-10-15', '2026-10-14')).toBe('18-21');
    expect(ageGroupOn('2004-10-15', '2026-10-15')).toBe('22-25');
    expect(ageGroupOn('2000-10-15', '2026-10-15')).toBe('26-35');
    expect(ageGroupOn('1990-10-15', '2026-10-15')).toBe('36-50');
    expect(ageGroupOn('1975-10-15', '2026-10-15')).toBe('Over 50');
  });

  it('turns someone born on 29 February older on 1 March in a common year', () => {
    expect(ageGroupOn('2008-02-29', '2026-02-28')).toBe('Under 18');
    expect(ageGroupOn('2008-02-29', '2026-03-01')).toBe('18-21');
  });

  it('says N/A without a birth date written YYYY-MM-DD', () => {
    expect(ageGroupOn(null, '2026-10-15')).toBe('N/A');
    expect(ageGroupOn('', '2026-10-15')).toBe('N/A');
    expect(ageGroupOn('15/10/2008', '2026-10-15')).toBe('N/A');
  });
});
