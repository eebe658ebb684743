// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import { formatDate, formatTime } from './dates';
import { formatCurrency } from './format';
import { chooseOnDevice, currentLocale, initI18n } from './i18n';

// Dates, times and money follow the language in use, in its Philippine locale (decision 0246).

afterAll(() => chooseOnDevice('en'));

describe('dates and money in the language in use', () => {
  it('read en-PH in English and fil-PH in Filipino', async () => {
    await initI18n(['auth']);
    await chooseOnDevice('en');
    expect(currentLocale()).toBe('en-PH');
    expect(formatDate('2026-11-26')).toBe('Nov 26, 2026');
    await chooseOnDevice('fil');
    expect(currentLocale()).toBe('fil-PH');
    expect(formatDate('2026-11-26')).toBe('Nob 26, 2026');
    expect(formatTime('2026-11-26T01:04:00Z', 'Asia/Manila')).toBe('9:04 AM');
    expect(formatCurrency(1234.5)).toBe('₱1,234.50');
  });
});
