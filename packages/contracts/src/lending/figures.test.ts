import { describe, expect, it } from 'vitest';
import { loanFigures } from './figures';

// One loan as the server's table keeps it (centavos, numbers as text from PostgreSQL) and as the API and the
// device keep it (pesos): the same figures for the rules.

const server = {
  status: 'active',
  loan_date: '2026-01-05',
  maturity_date: '2026-02-05',
  expiry_date: '2026-05-06',
  loan_amount: '1234550',
  interest_rate: '3',
  penalty_rate: 2.5,
  interest_from: null,
  appraisal_value: 2000000,
};
const device = { ...server, loan_amount: 12345.5, interest_rate: 3, appraisal_value: 20000, uuid: 'a' };

describe('loanFigures', () => {
  it('reads centavos from the server and pesos from the device as the same figures', () => {
    const expected = {
      status: 'active',
      loan_date: '2026-01-05',
      maturity_date: '2026-02-05',
      expiry_date: '2026-05-06',
      loan_amount: 1234550,
      interest_rate: 3,
      penalty_rate: 2.5,
      interest_from: null,
      appraisal_value: 2000000,
    };
    expect(loanFigures(server, 'centavos')).toEqual(expected);
    expect(loanFigures(device, 'pesos')).toEqual(expected);
  });

  it('keeps the day interest was paid to after an extension, and no appraisal as zero', () => {
    const { appraisal_value: _none, ...withoutAppraisal } = server;
    const figures = loanFigures({ ...withoutAppraisal, interest_from: '2026-02-05' }, 'centavos');
    expect(figures.interest_from).toBe('2026-02-05');
    expect(figures.appraisal_value).toBe(0);
  });
});
