import type { Metal } from '@kalinga/contracts/lending/gold';
import type { MessageKey } from '../../../lib/i18n';
import type { MetalProblem } from './metal-appraisal';

// The catalog keys chosen by a value, written out so the catalog test finds each by its quoted name (decision 0249).

export const UNIT_WORD: Record<string, MessageKey> = { day: 'pawnTerms.unit.day', week: 'pawnTerms.unit.week', month: 'pawnTerms.unit.month', year: 'pawnTerms.unit.year' };
export const PERIOD_WORD: Record<string, MessageKey> = { day: 'pawnTerms.period.day', week: 'pawnTerms.period.week', month: 'pawnTerms.period.month', year: 'pawnTerms.period.year' };
export const METAL_WORD: Record<Metal, MessageKey> = { gold: 'pawnTerms.metal.gold', silver: 'pawnTerms.metal.silver', platinum: 'pawnTerms.metal.platinum' };
export const PROBLEM_WORD: Record<MetalProblem, MessageKey> = { purity: 'pawnTerms.metalForm.problem.purity', weight: 'pawnTerms.metalForm.problem.weight', noRate: 'pawnTerms.metalForm.problem.noRate' };
