import { describe, expect, it } from 'vitest';
import { categoryTerms } from './terms';

// One category as the server's table keeps it (flags and advance interest as 0/1, rates as text) and as the API
// and the device keep it (booleans, 'none' | 'one_term'): the same terms for the rules and the printed ticket.

const server = {
  interest_rate: '3.5',
  penalty_rate: 2,
  loan_period: 1,
  loan_period_type: 'month',
  loan_period_expiry: 90,
  is_renewable: 1,
  fast_depreciating: 0,
  is_extendable: 0,
  advance_interest: 1,
};
const device = { ...server, interest_rate: 3.5, is_renewable: true, fast_depreciating: false, is_extendable: false, advance_interest: 'one_term' };

describe('categoryTerms', () => {
  it('reads the server row and the device copy as the same terms', () => {
    const expected = {
      interest_rate: 3.5,
      penalty_rate: 2,
      loan_period: 1,
      loan_period_type: 'month',
      loan_period_expiry: 90,
      is_renewable: true,
      fast_depreciating: false,
      is_extendable: false,
      advance_interest: 'one_term',
    };
    expect(categoryTerms(server)).toEqual(expected);
    expect(categoryTerms(device)).toEqual(expected);
  });

  it('leaves out what a copy kept before the settings existed does not have, and no advance interest', () => {
    const { is_extendable: _e, fast_depreciating: _f, ...old } = device;
    const terms = categoryTerms({ ...old, advance_interest: 'none' });
    expect(terms).not.toHaveProperty('is_extendable');
    expect(terms).not.toHaveProperty('advance_interest');
    expect(terms.fast_depreciating).toBe(false);
    expect(categoryTerms({ ...server, advance_interest: 0 })).not.toHaveProperty('advance_interest');
  });
});
