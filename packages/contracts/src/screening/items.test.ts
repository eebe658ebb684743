import { describe, expect, it } from 'vitest';
import { FREQUENCY_OPTIONS, GAD7_ITEMS, gad7Band, needsCrisisPath, PHQ9_ITEMS, phq9Band, totalScore, worseBand } from './items';

describe('PHQ-9 and GAD-7 scoring', () => {
  it('have the published number of items and the four answers scored 0-3', () => {
    expect(PHQ9_ITEMS).toHaveLength(9);
    expect(GAD7_ITEMS).toHaveLength(7);
    expect(FREQUENCY_OPTIONS.map((o) => `${o.value} ${o.label}`)).toEqual(['0 Not at all', '1 Several days', '2 More than half the days', '3 Nearly every day']);
    expect(PHQ9_ITEMS[8]).toBe('Thoughts that you would be better off dead or of hurting yourself in some way');
  });

  it('bands PHQ-9 at 0-4, 5-9, 10-14, 15-19, 20-27', () => {
    const bands = [0, 4, 5, 9, 10, 14, 15, 19, 20, 27].map(phq9Band);
    expect(bands).toEqual(['minimal', 'minimal', 'mild', 'mild', 'moderate', 'moderate', 'moderately severe', 'moderately severe', 'severe', 'severe']);
  });

  it('bands GAD-7 at 0-4, 5-9, 10-14, 15-21', () => {
    expect([0, 4, 5, 9, 10, 14, 15, 21].map(gad7Band)).toEqual(['minimal', 'minimal', 'mild', 'mild', 'moderate', 'moderate', 'severe', 'severe']);
  });

  it('sums the answers, opens the crisis path on item 9 above "Not at all" only, and ranks the worse band', () => {
    expect(totalScore([3, 3, 3, 3, 3, 3, 3, 3, 3])).toBe(27);
    expect(needsCrisisPath([3, 3, 3, 3, 3, 3, 3, 3, 0])).toBe(false);
    expect(needsCrisisPath([0, 0, 0, 0, 0, 0, 0, 0, 1])).toBe(true);
    expect(worseBand('mild', 'severe')).toBe('severe');
    expect(worseBand('moderately severe', 'moderate')).toBe('moderately severe');
    expect(worseBand('minimal', 'mild')).toBe('mild');
  });
});
