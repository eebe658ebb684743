import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { BackupStatusSection } from './backup-status-section';
import { jsonResponse, renderWithQueries, mockFetchEachTest } from '../../test/render';

const SCHEDULE = { every_minutes: 24 * 60, keep: 7, next_at: '2026-11-27T00:00:00.000Z' };
const OK = { kind: 'scheduled', started_at: '2026-11-26T00:00:05.000Z', finished_at: '2026-11-26T00:00:09.000Z', outcome: 'succeeded', archive: 'kalinga-scheduled-20261126T000005Z.tar.gz', bytes: 3_500_000, error: null };
const FAILED = { kind: 'scheduled', started_at: '2026-11-27T00:00:05.000Z', finished_at: '2026-11-27T00:00:06.000Z', outcome: 'failed', archive: null, bytes: null, error: 'The archive could not be written in /var/backups/kalinga: the disk is full.' };

const fetchMock = mockFetchEachTest();

function renderSection() {
  return renderWithQueries(
    <BackupStatusSection />,
  );
}

// The settings area's messages, as the signed-in frame has them loaded before the page draws.
beforeAll(() => initI18n(['settings']));
describe('Site Settings › Backups', () => {
  it('shows loading, then an error with Retry, then the last backup that succeeded', async () => {
    // The card reads the site's settings too (its times are on the centre's clock, decision 0380), in whatever order
    // the queries start: answers go by address, so the settings read never takes the backups' first answer.
    const backups = [jsonResponse(500, { message: 'boom' }), jsonResponse(200, { last: OK, running: null, last_success: OK, schedule: SCHEDULE })];
    fetchMock.mockImplementation(async (url: unknown) => (String(url).startsWith('/api/settings') ? jsonResponse(200, { timezone: 'Asia/Manila' }) : backups.shift() ?? jsonResponse(500, { message: 'asked once too often' })));
    renderSection();
    expect(screen.getByText('Loading backups...')).toBeTruthy();
    await screen.findByText('boom');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    const last = await screen.findByTestId('last-backup');
    expect(last.textContent).toContain('Succeeded');
    expect(last.textContent).toContain('Scheduled backup');
    expect(last.textContent).toContain('kalinga-scheduled-20261126T000005Z.tar.gz (3.3 MB)');
    expect(screen.getByText(/A backup is made every day and the last 7 are kept/)).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/backups'))).toEqual(['/api/backups/status', '/api/backups/status']);
  });

  it('says when no backup has run yet, and that none are scheduled when BACKUP_EVERY_HOURS is 0', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { last: null, running: null, last_success: null, schedule: { every_minutes: 0, keep: 7, next_at: null } }));
    renderSection();
    expect((await screen.findByTestId('last-backup')).textContent).toBe('No backup has run yet.');
    expect(screen.getByText(/No backups are scheduled/)).toBeTruthy();
  });

  it('shows a failed backup with its error and when the last one succeeded', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { last: FAILED, running: null, last_success: OK, schedule: SCHEDULE }));
    renderSection();
    const last = await screen.findByTestId('last-backup');
    expect(last.textContent).toContain('Failed');
    expect(last.textContent).toContain('Error: The archive could not be written in /var/backups/kalinga: the disk is full.');
    expect(screen.getByText(/Last successful backup:/)).toBeTruthy();
  });

  it('says a schedule in minutes or hours in words', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { last: null, running: null, last_success: null, schedule: { every_minutes: 5, keep: 3, next_at: null } }));
    const { unmount } = renderSection();
    expect(await screen.findByText(/A backup is made every 5 minutes and the last 3 are kept/)).toBeTruthy();
    unmount();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { last: null, running: null, last_success: null, schedule: { every_minutes: 360, keep: 3, next_at: null } }));
    renderSection();
    expect(await screen.findByText(/A backup is made every 6 hours/)).toBeTruthy();
  });

  it('shows nothing to an administrator of another company than the server\'s own (403)', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { message: "Backups are the server's: only the administrators of the server's own company see them." }));
    const { container } = renderSection();
    expect(screen.getByText('Loading backups...')).toBeTruthy();
    await waitFor(() => expect(container.innerHTML).toBe(''));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
