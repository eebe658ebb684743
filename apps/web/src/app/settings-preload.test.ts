import { describe, expect, it, vi } from 'vitest';

// The Settings screens' code (zod and their schemas) is evaluated on the way to the menu, not as soon as the page
// has settled (decision 0335): a page nobody touches, as Lighthouse loads it, never evaluates it.

const loaded = vi.hoisted(() => ({ pages: [] as string[] }));
vi.mock('../features/users/users-page', () => (loaded.pages.push('users'), { UsersPage: () => null }));
vi.mock('../features/roles/roles-page', () => (loaded.pages.push('roles'), { RolesPage: () => null }));
vi.mock('../features/settings/settings-page', () => (loaded.pages.push('settings'), { SettingsPage: () => null }));

describe('the Settings screens loaded ahead', () => {
  it('wait for a pointer on the navigation, then load once', async () => {
    const { preloadSettingsScreens } = await import('./settings-preload');
    document.body.innerHTML = '<main><p id="text">Reports</p></main><nav><a id="link" href="/settings">Settings</a></nav>';
    preloadSettingsScreens();
    document.getElementById('text')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loaded.pages).toEqual([]);

    document.getElementById('link')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await vi.waitFor(() => expect([...loaded.pages].sort()).toEqual(['roles', 'settings', 'users']));
    document.getElementById('link')!.dispatchEvent(new Event('focusin', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loaded.pages).toHaveLength(3);
  });
});
