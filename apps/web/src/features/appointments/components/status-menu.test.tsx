import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StatusMenu } from './status-menu';
import { initI18n } from '../../../lib/i18n';

beforeAll(() => initI18n(['appointments']));

afterEach(cleanup);

function renderMenu(onChange = vi.fn()) {
  render(<StatusMenu options={['confirmed', 'cancelled']} disabled={false} label="Status options for Homesickness" onChange={onChange} />);
  const trigger = screen.getByRole('button', { name: 'Status options for Homesickness' });
  fireEvent.click(trigger);
  return { trigger, onChange };
}

describe('StatusMenu focus', () => {
  it('opening puts focus on the first entry; Escape closes the menu and gives focus back to its button', () => {
    const { trigger } = renderMenu();
    expect(document.activeElement).toBe(screen.getAllByRole('menuitem')[0]);
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('picking an entry closes the menu with focus back on its button', () => {
    const { trigger, onChange } = renderMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Cancel appointment' }));
    expect(onChange).toHaveBeenCalledWith('cancelled');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });
});
