import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseOnDevice } from '../../lib/i18n';
import { Pagination } from './pagination';

afterEach(cleanup);

/** The labels of the bar, in order: page numbers as text, an ellipsis as '…'. */
function bar(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Pagination' });
  return Array.from(nav.querySelectorAll('.join-item')).map((el) => el.textContent!.trim()).slice(1, -1);
}

function renderBar(currentPage: number, lastPage: number, maxVisible?: number) {
  const onPageChange = vi.fn();
  const view = render(<Pagination currentPage={currentPage} lastPage={lastPage} onPageChange={onPageChange} maxVisible={maxVisible} />);
  return { onPageChange, view };
}

describe('Pagination', () => {
  it('renders nothing for a single page', () => {
    const { view } = renderBar(1, 1);
    expect(view.container.innerHTML).toBe('');
  });

  it('shows all 5 pages, current marked, previous disabled on the first', () => {
    renderBar(1, 5);
    expect(bar()).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows all 7 pages without ellipsis; next disabled on the last', () => {
    renderBar(7, 7);
    expect(bar()).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows at most 7 buttons on 20 pages, first and last always, ellipsis where pages are skipped', () => {
    renderBar(1, 20);
    expect(bar()).toEqual(['1', '2', '3', '4', '5', '…', '20']);
    cleanup();
    renderBar(10, 20);
    expect(bar()).toEqual(['1', '…', '9', '10', '11', '…', '20']);
    cleanup();
    renderBar(20, 20);
    expect(bar()).toEqual(['1', '…', '16', '17', '18', '19', '20']);
  });

  it('honours another odd maximum and rounds an even or too small one', () => {
    renderBar(10, 20, 9);
    expect(bar()).toEqual(['1', '…', '8', '9', '10', '11', '12', '…', '20']);
    cleanup();
    renderBar(10, 20, 4);
    expect(bar()).toEqual(['1', '…', '10', '…', '20']);
  });

  it('reports page changes from numbers, previous and next; the current page does nothing', () => {
    const { onPageChange } = renderBar(10, 20);
    fireEvent.click(screen.getByRole('button', { name: 'Page 11' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 20' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 10' }));
    expect(onPageChange.mock.calls.map((c) => c[0])).toEqual([11, 9, 11, 20]);
  });

  it('speaks Filipino when the language in use is Filipino (the common area, decision 0271)', async () => {
    await chooseOnDevice('fil');
    renderBar(2, 3);
    expect(screen.getByRole('navigation', { name: 'Mga pahina' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nakaraang pahina' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pahina 3' })).toBeTruthy();
  });
});
