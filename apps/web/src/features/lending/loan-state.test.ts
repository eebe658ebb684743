// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loanStateOf } from './lending-figures';

describe('the state a clerk acts on', () => {
  const loan = { status: 'active', maturity_date: '2026-12-01', expiry_date: '2027-03-01' } as const;
  it('is active to maturity, in its redemption period to expiry, then forfeitable; other statuses as stored', () => {
    expect(loanStateOf(loan, '2026-12-01')).toBe('active');
    expect(loanStateOf(loan, '2026-12-02')).toBe('redemption_period');
    expect(loanStateOf(loan, '2027-03-01')).toBe('redemption_period');
    expect(loanStateOf(loan, '2027-03-02')).toBe('forfeitable');
    expect(loanStateOf({ ...loan, status: 'redeemed' }, '2027-03-02')).toBe('redeemed');
    expect(loanStateOf(loan, undefined)).toBe('active');
  });
});
