import type { MetalRate } from '@kalinga/contracts/lending/metal-rates';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { MetalFields } from './metal-fields';
import type { MetalDraft } from './metal-appraisal';

beforeAll(() => initI18n(['pawnTerms', 'lending']));
afterEach(cleanup);

const rate = (purity: string, pesos: number, day: string, id: number): MetalRate => ({ id, branch_id: 1, metal: 'gold', purity, rate: pesos, rate_date: day, set_at: `${day}T00:30:00.000Z`, set_by_name: 'Ana' });
const kept = { rates: [rate('18K', 3100, '2026-11-29', 1), rate('22K', 3500, '2026-11-27', 2)], today: '2026-11-29', fetched_at: '2026-11-29T01:00:00.000Z' };

/** The item row as the ticket form keeps it: the fields' patches applied, the appraised value shown. */
function Row({ ticketDate = '2026-11-29' }: { ticketDate?: string }) {
  const [row, setRow] = useState<MetalDraft & { appraisal_value?: string }>({});
  return (
    <>
      <MetalFields id="item-1" n={1} row={row} context={{ kept, ticketDate }} showErrors onChange={(patch) => setRow((r) => ({ ...r, ...patch }))} />
      <output data-testid="appraisal">{row.appraisal_value ?? ''}</output>
    </>
  );
}

describe('the ticket form appraising a piece of metal', () => {
  it('fills the appraised value with weight x the kept rate and names the rate', () => {
    render(<Row />);
    fireEvent.click(screen.getByLabelText('Item 1 is gold, silver or platinum: appraise it by weight'));
    fireEvent.change(screen.getByLabelText('Purity of item 1'), { target: { value: '18K' } });
    fireEvent.change(screen.getByLabelText('Weight of item 1 (grams)'), { target: { value: '12.34' } });
    expect(screen.getByTestId('appraisal').textContent).toBe('38254.00');
    expect(screen.getByText(/a gram \(18K\)/)).toBeTruthy();
    expect(screen.getByText(/Appraised at/)).toBeTruthy();
    expect(screen.queryByText(/older than the ticket/)).toBeNull();
  });

  it('says a rate of an earlier day is older than the ticket, and still appraises', () => {
    render(<Row />);
    fireEvent.click(screen.getByLabelText('Item 1 is gold, silver or platinum: appraise it by weight'));
    fireEvent.change(screen.getByLabelText('Purity of item 1'), { target: { value: '22K' } });
    fireEvent.change(screen.getByLabelText('Weight of item 1 (grams)'), { target: { value: '2' } });
    expect(screen.getByTestId('appraisal').textContent).toBe('7000.00');
    expect(screen.getByText(/older than the ticket/)).toBeTruthy();
  });

  it('tells the clerk when no rate is kept for the purity, and a weight past the centigram', () => {
    render(<Row />);
    fireEvent.click(screen.getByLabelText('Item 1 is gold, silver or platinum: appraise it by weight'));
    fireEvent.change(screen.getByLabelText('Purity of item 1'), { target: { value: '14K' } });
    expect(screen.getByText(/No rate for this purity on this device yet/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Purity of item 1'), { target: { value: '18K' } });
    fireEvent.change(screen.getByLabelText('Weight of item 1 (grams)'), { target: { value: '1.234' } });
    expect(screen.getByText('Type the weight of item 1 in grams, to 0.01 g.')).toBeTruthy();
    expect(screen.getByTestId('appraisal').textContent).toBe('');
  });
});
