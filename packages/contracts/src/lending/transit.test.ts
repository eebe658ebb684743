import { describe, expect, it } from 'vitest';
import { ITEM_IN_TRANSIT, transitProblem } from './rules';

// A ticket's items leave with nobody while one of them travels between vaults (decision 0323).
describe('transitProblem', () => {
  it('refuses while any item is in transit, as the device (true) or the database (1) says it', () => {
    expect(transitProblem([{ in_transit: false }, { in_transit: true }])).toBe(ITEM_IN_TRANSIT);
    expect(transitProblem([{ in_transit: 1 }])).toBe(ITEM_IN_TRANSIT);
  });

  it('allows items in a vault, copies older than transfers, and a ticket without items', () => {
    expect(transitProblem([{ in_transit: false }, { in_transit: 0 }, {}, { in_transit: null }])).toBeNull();
    expect(transitProblem([])).toBeNull();
  });
});
