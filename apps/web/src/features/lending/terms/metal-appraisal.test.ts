// @vitest-environment node
import type { MetalRate } from '@kalinga/contracts/lending/metal-rates';
import { describe, expect, it } from 'vitest';
import { appraiseDraft, isMetalDraft, metalFieldsOf, suggestedLoan } from './metal-appraisal';

const rate = (purity: string, pesos: number, day: string, id = 1): MetalRate => ({ id, branch_id: 1, metal: 'gold', purity, rate: pesos, rate_date: day, set_at: `${day}T00:30:00.000Z`, set_by_name: 'Ana' });
const rates = [rate('18K', 3050.75, '2026-11-28', 1), rate('18K', 3100, '2026-11-29', 2), rate('24K', 4100, '2026-11-27', 3)];

describe('the item form appraising a piece of metal', () => {
  it('values weight × the newest rate of the purity, to the centavo below', () => {
    const a = appraiseDraft({ metal: 'gold', purity: '18K', weight: '12.34' }, rates, '2026-11-29');
    expect(a).toMatchObject({ value: 38254, stale: false });
    expect(a.rate?.id).toBe(2);
    expect(metalFieldsOf({ metal: 'gold', purity: '18K', weight: '12.34' }, a)).toEqual({ metal: 'gold', purity: '18K', weight_grams: 12.34, metal_rate_id: 2 });
  });

  it('says when the rate is older than the ticket, and still appraises with it', () => {
    const a = appraiseDraft({ metal: 'gold', purity: '24K', weight: '1' }, rates, '2026-11-29');
    expect(a).toMatchObject({ value: 4100, stale: true });
  });

  it('names what is missing: the purity, a rate, a weight to the centigram', () => {
    expect(appraiseDraft({ metal: 'gold', weight: '1' }, rates, '2026-11-29').problem).toBe('purity');
    expect(appraiseDraft({ metal: 'gold', purity: '925', weight: '1' }, rates, '2026-11-29').problem).toBe('purity');
    expect(appraiseDraft({ metal: 'gold', purity: '14K', weight: '1' }, rates, '2026-11-29').problem).toBe('noRate');
    expect(appraiseDraft({ metal: 'gold', purity: '18K', weight: '1.234' }, rates, '2026-11-29').problem).toBe('weight');
    expect(appraiseDraft({ metal: 'gold', purity: '18K', weight: '' }, [], '2026-11-29').problem).toBe('noRate');
  });

  it('leaves an item that is not metal alone', () => {
    expect(isMetalDraft({})).toBe(false);
    expect(appraiseDraft({}, rates, '2026-11-29')).toEqual({ stale: false });
    expect(metalFieldsOf({}, { stale: false })).toEqual({});
  });

  it("suggests the category's share of the value, the default 70 % without one, never below 30 %", () => {
    expect(suggestedLoan(38254, 80)).toBe(30603.2);
    expect(suggestedLoan(1000, null)).toBe(700);
    expect(suggestedLoan(1000, 10)).toBe(300);
  });
});
