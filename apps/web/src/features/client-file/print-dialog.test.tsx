import type { ClientFile } from '@kalinga/contracts/client-file';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { renderWithQueries } from '../../test/render';
import { FileActions } from './file-actions';

// The print dialog's range is on the centre's clock (decision 0373): the server counts a file's days there, so the
// range ends on the centre's today and starts on 1 January of the centre's year before, whatever the device's clock.

vi.mock('../../session/site-settings', () => ({ useSiteSettings: () => ({ data: { timezone: 'Asia/Manila' } }) }));

const file: ClientFile = {
  client: { id: 7, name: 'Sam Student', email: 'sam@example.test', user_type: 'student' },
  file: { status: 'open', closed_at: null, closing_summary: null, purged_at: null },
  access: { via: 'care_team', expires_at: null },
  may_act: true,
  timeline: [],
  scores: [],
  corrections: [],
};

beforeAll(() => initI18n(['clients']));
beforeEach(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) { this.open = true; };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) { this.open = false; };
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the print dialog', () => {
  it("runs from 1 January of last year to today, both on the centre's clock: at 01:00 on New Year's Day in Manila that is the new year", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-31T17:00:00Z')); // 01:00 on 1 January 2027 in Manila
    renderWithQueries(<FileActions file={file} />);
    fireEvent.click(screen.getByRole('button', { name: 'Print or PDF' }));
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('2026-01-01');
    expect(screen.getByLabelText<HTMLInputElement>('To').value).toBe('2027-01-01');
  });
});
