// Moved to lending/effects.ts, the lending slice (decision 0260); this path stays for imports written before the move.
export * from './lending/effects';
