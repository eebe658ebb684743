import 'fake-indexeddb/auto';
import type { AuthUser } from '@kalinga/contracts/auth';
import type { MetalRate } from '@kalinga/contracts/lending/metal-rates';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setUser } from '../../../session/auth-store';
import { fakeNetwork } from '../../../test/fake-network';
import { clearStore } from '../../../test/lending-fixtures';
import { MetalRatesPage } from './metal-rates-page';

// The day's rates page: "no rates yet" said once (over the table), "Rates of …" once there are rates; on a phone each
// metal's rate in force sits under its name, the rate column being for wider screens (it fits 375 px).

beforeAll(() => initI18n(['pawnTerms', 'lending']));

const NOW = new Date('2026-11-29T02:00:00.000Z');
const net = fakeNetwork(NOW);
const manager: AuthUser = {
  id: 1, name: 'Manager', username: 'manager', email: 'm@x.test', avatar: null, role: 'admin', roles: ['admin'],
  permissions: ['view lending', 'manage lending', 'manage branches'], user_type: 'personnel', student_id: null, department: null, birth_date: null, status: 'active',
};
const rate = (purity: string, pesos: number): MetalRate => ({ id: 1, branch_id: 1, metal: 'gold', purity, rate: pesos, rate_date: '2026-11-29', set_at: '2026-11-29T00:30:00.000Z', set_by_name: 'Ana' });

function serverRates(rates: MetalRate[]) {
  net.fetchMock.mockImplementation(async () => net.json(200, { data: { rates, today: '2026-11-29' } }));
}

beforeEach(async () => {
  await clearStore();
  setUser(manager);
});
afterEach(cleanup);

describe('the day rates page', () => {
  it('says once that no rates are set yet', async () => {
    serverRates([]);
    render(<MetalRatesPage />);
    await screen.findByTestId('rates-none-yet');
    await waitFor(() => expect(net.fetchMock).toHaveBeenCalled());
    expect(screen.getAllByText('No rates have been set in this branch yet.')).toHaveLength(1);
    expect(screen.queryByTestId('rates-from')).toBeNull();
  });

  it('says from when the rates are, and no "none yet", once a rate is set', async () => {
    serverRates([rate('18K', 3100)]);
    render(<MetalRatesPage />);
    expect((await screen.findByTestId('rates-from')).textContent).toMatch(/^Rates of /);
    expect(screen.queryByText('No rates have been set in this branch yet.')).toBeNull();
  });

  it("puts each rate in force under its metal for a phone, the rate column shown only on wider screens", async () => {
    serverRates([rate('18K', 3100)]);
    render(<MetalRatesPage />);
    const row = (await screen.findByRole('rowheader', { name: /Gold 18K/ })).closest('tr')!;
    await waitFor(() => expect(within(row).getByTestId('rate-now-phone').textContent).toContain('₱3,100.00'));
    expect(within(row).getByTestId('rate-now-phone').className).toContain('sm:hidden');
    const columns = within(row).getAllByRole('cell');
    expect(columns[0].className).toContain('hidden sm:table-cell');
    expect(columns[0].textContent).toContain('₱3,100.00');
    expect(within(columns[1]).getByRole('textbox', { name: /Today's rate for Gold 18K/ })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Rate a gram' }).className).toContain('hidden sm:table-cell');
  });
});
