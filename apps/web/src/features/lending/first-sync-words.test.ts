import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOnDevice, forgetDeviceChoice, initI18n } from '../../lib/i18n';
import { firstSyncText, type FirstSyncState } from '../../offline/first-sync';
import { firstSyncWords } from './first-sync-words';

// The first download's progress on the lending screens: in English exactly offline/first-sync.ts's sentence, in
// Filipino the catalog's (decision 0274).

const base: FirstSyncState = { phase: 'running', loaded: 1234, total: 5000, table: 'loans', tableIndex: 1, tableCount: 5, failed: null };
const states: [FirstSyncState, boolean][] = [
  [base, true],
  [{ ...base, total: 0, tableIndex: -1, table: null }, true],
  [{ ...base, phase: 'waiting' }, false],
  [{ ...base, phase: 'waiting', failed: 'HTTP 502' }, true],
  [{ ...base, phase: 'waiting' }, true],
  [{ ...base, phase: 'done' }, true],
];

beforeAll(() => initI18n(['lending']));
afterAll(() => forgetDeviceChoice());

describe('first download words', () => {
  it('in English are the offline book’s sentences word for word', async () => {
    await chooseOnDevice('en');
    for (const [state, online] of states) expect(firstSyncWords(state, online)).toBe(firstSyncText(state, online));
  });

  it('in Filipino come from the catalog', async () => {
    await chooseOnDevice('fil');
    expect(firstSyncWords(base, true)).toBe('Dina-download sa device na ito ang talaan ng sanglaan: 1,234 sa 5,000 na row sa ngayon, table 2 sa 5 (loans).');
    expect(firstSyncWords({ ...base, phase: 'waiting' }, false)).toBe('Wala pa sa device na ito ang talaan ng sanglaan: mada-download ito pagbalik ng koneksyon.');
  });
});
