import type { AuthUser } from '@kalinga/contracts/auth';
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { setUser } from '../session/auth-store';
import { jsonResponse, mockFetchEachTest, renderWithQueries } from '../test/render';
import { BranchSwitcher } from './branch-switcher';

// Where the branch picker stands (decision 0341): the frame places it in the top bar and at the head of the lending
// screen, and only the place for the screen's width draws it, so one picker and one dialog are in the page.

beforeAll(() => initI18n(['frame']));
const fetchMock = mockFetchEachTest();

const CLERK: AuthUser = { id: 7, name: 'Liza Kahera', username: 'liza', email: 'clerk@x.test', avatar: null, role: 'clerk', roles: ['clerk'], permissions: ['view lending', 'manage lending'], user_type: 'personnel', student_id: null, department: null, birth_date: null, status: 'active' };
const BRANCHES = [
  { id: 1, uuid: 'b1', name: 'Quezon City', address: null, bsp_registration: null, ticket_prefix: 'PT', last_ticket_number: 0, deleted: false, user_ids: [7] },
  { id: 2, uuid: 'b2', name: 'Makati', address: null, bsp_registration: null, ticket_prefix: 'MKT', last_ticket_number: 0, deleted: false, user_ids: [7] },
];

function screenWidth(px: number): void {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: px >= Number(/min-width: (\d+)px/.exec(query)?.[1] ?? 0), addEventListener: () => undefined, removeEventListener: () => undefined }));
}

function frame(path = '/lending/loans') {
  return renderWithQueries(
    <MemoryRouter initialEntries={[path]}>
      <header data-testid="top-bar"><BranchSwitcher place="top-bar" /></header>
      <main data-testid="main"><BranchSwitcher place="page" /></main>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  setUser(CLERK);
  localStorage.setItem('branch_id', '1');
  fetchMock.mockImplementation(async (input) => (new URL(String(input), 'http://localhost').pathname === '/api/branches/mine' ? jsonResponse(200, { data: BRANCHES }) : jsonResponse(404, { message: 'Not found.' })));
});

describe('BranchSwitcher', () => {
  it('on a phone is drawn once, at the head of the screen with its label, not in the top bar', async () => {
    screenWidth(375);
    frame();
    const select = await screen.findByTestId('branch-switcher');
    expect(screen.getAllByTestId('branch-switcher')).toHaveLength(1);
    expect(screen.getByTestId('main').contains(select)).toBe(true);
    expect(screen.getByLabelText('Branch')).toBe(select);
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.text)).toEqual(['PT · Quezon City', 'MKT · Makati']);
  });

  it('from a tablet up is drawn once, in the top bar', async () => {
    screenWidth(1280);
    frame();
    const select = await screen.findByTestId('branch-switcher');
    expect(screen.getAllByTestId('branch-switcher')).toHaveLength(1);
    expect(screen.getByTestId('top-bar').contains(select)).toBe(true);
  });

  it('asks once which branch, whatever the width, when none is chosen', async () => {
    screenWidth(375);
    localStorage.removeItem('branch_id');
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) { this.open = true; };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) { this.open = false; };
    frame();
    await screen.findByTestId('branch-switcher');
    await waitFor(() => expect(document.querySelectorAll('dialog[open]')).toHaveLength(1));
    expect(screen.getByTestId('main').querySelector('dialog')).not.toBeNull();
  });

  it('is not drawn outside the lending screens, nor asks the server', () => {
    screenWidth(375);
    frame('/appointments');
    expect(screen.queryByTestId('branch-switcher')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
