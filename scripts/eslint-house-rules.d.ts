// Types of the house's ESLint rules (eslint-house-rules.js), for the tests that try them.
import type { ESLint } from 'eslint';

export declare const houseRules: ESLint.Plugin & { rules: NonNullable<ESLint.Plugin['rules']> };
export declare const CONFIDENTIAL_TABLES: readonly string[];
