import type { GroupNoteToReview } from '@kalinga/contracts/groups';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { NEVER_KEPT } from '../../lib/never-kept';
import { jsonResponse, mockFetchEachTest, renderWithQueries } from '../../test/render';
import { ReviewQueuePage } from './review-queue-page';

// Notes to review (decisions 0208, 0320): the trainees' group notes are listed beside their individual notes, each
// opening its own page; none of either is the empty state; a failure of the group list has its own Retry.

const fetchMock = mockFetchEachTest();

const GROUP_NOTE: GroupNoteToReview = {
  uuid: 'gn-1',
  group: { uuid: 'g-1', name: 'Exam Worry Circle' },
  session: { uuid: 's-1', index: 2, starts_at: '2026-11-20T02:00:00.000Z', local_date: '2026-11-20' },
  author: { id: 4, name: 'Tomas Reyes' },
  signed: { name: 'Tomas Reyes', at: '2026-11-20T05:00:00.000Z' },
  late_entry: false,
};

function answer(groupNotes: GroupNoteToReview[] | 'fail') {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/group-notes/review-queue')) return groupNotes === 'fail' ? jsonResponse(500, { message: 'down' }) : jsonResponse(200, { data: groupNotes });
    if (url.startsWith('/api/case-notes/review-queue')) return jsonResponse(200, { data: [] });
    return jsonResponse(200, {});
  });
}

const draw = () => renderWithQueries(<MemoryRouter><ReviewQueuePage /></MemoryRouter>);

beforeAll(() => initI18n(['caseNotes']));

describe('Notes to review with group notes', () => {
  it("lists a trainee's group note with its group, session and signature, opening its review page", async () => {
    answer([GROUP_NOTE]);
    draw();
    const item = await screen.findByTestId('review-group-item');
    expect(screen.getByRole('heading', { name: 'Group notes' })).toBeTruthy();
    expect(item.textContent).toContain('Exam Worry Circle');
    expect(item.textContent).toContain('Session 2');
    expect(item.textContent).toContain('Signed by Tomas Reyes');
    const open = within(item).getByRole('link', { name: 'Review the group note of Exam Worry Circle, session 2' });
    expect(open.getAttribute('href')).toBe('/group-notes/gn-1');
    expect(screen.queryByText('No notes to review')).toBeNull();
    expect(NEVER_KEPT.test('/group-notes/gn-1')).toBe(true);
  });

  it('says there is nothing to review only when neither list has a note', async () => {
    answer([]);
    draw();
    expect(await screen.findByText('No notes to review')).toBeTruthy();
    expect(screen.queryByTestId('review-group-item')).toBeNull();
  });

  it('offers Retry when the group notes fail to load', async () => {
    answer('fail');
    draw();
    const alert = await screen.findByText('Failed to load the group notes to review');
    answer([GROUP_NOTE]);
    fireEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button'));
    expect(await screen.findByTestId('review-group-item')).toBeTruthy();
  });
});
