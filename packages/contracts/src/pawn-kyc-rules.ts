// Moved to lending/kyc-rules.ts, the lending slice (decision 0260); this path stays for imports written before the move.
export * from './lending/kyc-rules';
