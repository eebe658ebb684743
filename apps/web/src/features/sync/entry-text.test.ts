import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOnDevice, forgetDeviceChoice, initI18n, t } from '../../lib/i18n';
import { entrySubject, fieldLabel, operationLabel } from './entry-text';

// How a queued change reads in the Sync status panel, in either language (decision 0274).

beforeAll(() => initI18n(['sync']));
afterAll(() => forgetDeviceChoice());

describe('queue entry words', () => {
  it('in English', async () => {
    await chooseOnDevice('en');
    expect(operationLabel(t, 'REDEEM_LOAN')).toBe('Loan redemption');
    expect(fieldLabel(t, 'last_name')).toBe('Last name');
    expect(entrySubject(t, { data: { uuid: '1234567890ab' } })).toBe('Record 12345678');
  });

  it('in Filipino, a field or operation not in the catalog keeping its own name', async () => {
    await chooseOnDevice('fil');
    expect(operationLabel(t, 'REDEEM_LOAN')).toBe('Pagtubos ng sangla');
    expect(operationLabel(t, 'SOMETHING_NEW')).toBe('SOMETHING_NEW');
    expect(fieldLabel(t, 'last_name')).toBe('Apelyido');
    expect(fieldLabel(t, 'karat_weight')).toBe('Karat weight');
  });

  it("names a customer's language field in Filipino on the Correct form (decision 0291)", async () => {
    await chooseOnDevice('fil');
    expect(fieldLabel(t, 'language')).toBe('Wika');
  });
});
