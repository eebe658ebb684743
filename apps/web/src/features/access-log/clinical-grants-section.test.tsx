import type { ClinicalGrant } from '@kalinga/contracts/client-access';
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOnDevice, initI18n } from '../../lib/i18n';
import { jsonResponse, mockFetchEachTest, renderWithQueries } from '../../test/render';
import { ClinicalGrantsSection } from './clinical-grants-section';

// The grants list says what happened: access given by someone, or a password an administrator set (decision 0358).

const fetchMock = mockFetchEachTest();
beforeAll(() => initI18n(['accessLog']));
afterAll(() => chooseOnDevice('en'));

const rows: ClinicalGrant[] = [
  { id: 2, at: '2026-03-02T01:00:00.000Z', user_name: 'Carla Counselor', granted_by_name: 'Ada Admin', what: 'password set by an administrator', kind: 'password_set' },
  { id: 1, at: '2026-03-01T01:00:00.000Z', user_name: 'Nora Newcomer', granted_by_name: 'Ada Admin', what: 'role counselor', kind: 'grant' },
];

function answer() {
  fetchMock.mockResolvedValue(jsonResponse(200, { data: rows, meta: { current_page: 1, last_page: 1, per_page: 20, total: 2, from: 1, to: 2 } }));
}

describe('the clinical access given list', () => {
  it('a password set reads "Password set by", a grant "Given by"', async () => {
    answer();
    renderWithQueries(<ClinicalGrantsSection timezone="Asia/Manila" />);
    const cards = await screen.findAllByTestId('grant-card');
    expect(cards[0].textContent).toContain('Password set by Ada Admin');
    expect(cards[0].textContent).not.toContain('Given by');
    expect(cards[1].textContent).toContain('Given by Ada Admin');
  });

  it('in Filipino too', async () => {
    await chooseOnDevice('fil');
    answer();
    renderWithQueries(<ClinicalGrantsSection timezone="Asia/Manila" />);
    const cards = await screen.findAllByTestId('grant-card');
    expect(cards[0].textContent).toContain('Itinakda ni Ada Admin ang password');
    expect(cards[0].textContent).not.toContain('Ibinigay ni');
    expect(cards[1].textContent).toContain('Ibinigay ni Ada Admin');
  });
});
