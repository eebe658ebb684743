// Moved to lending/operations.ts, the lending slice (decision 0260); this path stays for imports written before the move.
export * from './lending/operations';
