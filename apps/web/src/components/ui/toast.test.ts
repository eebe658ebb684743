// @vitest-environment node
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('toasts before sonner has loaded', () => {
  it('wait, in order, and are shown once it has; later ones go straight through', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 1);
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 1);
    const info = vi.spyOn(toast, 'info').mockImplementation(() => 1);
    await (await import('../../lib/i18n')).initI18n(['common']);
    const { notifyError, notifyInfo, notifySuccess, loadToasts } = await import('./toast');
    notifySuccess('Saved.');
    notifyError('');
    // Not shown synchronously: sonner is still being imported.
    expect(success).not.toHaveBeenCalled();
    await loadToasts();
    expect(success).toHaveBeenCalledWith('Saved.');
    expect(error).toHaveBeenCalledWith('An unexpected error occurred. Please try again.');
    expect(success.mock.invocationCallOrder[0]).toBeLessThan(error.mock.invocationCallOrder[0]);
    notifyInfo('Now at once.');
    expect(info).toHaveBeenCalledWith('Now at once.');
  });

  it('keep a detail line while they wait', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 1);
    const { notifyError, loadToasts } = await import('./toast');
    notifyError('Failed to delete category', { description: 'Appointments use this category.' });
    await loadToasts();
    expect(error).toHaveBeenCalledWith('Failed to delete category', { description: 'Appointments use this category.' });
  });
});
