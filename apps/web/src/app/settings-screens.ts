import { lazyScreen } from '../lib/lazy-screen';

// The Settings screens (Users, Roles & Permissions, Site Settings), loaded ahead for whoever may open them once the
// first screen is up and the browser is idle (decision 0149). Opened from the menu, a screen whose code is already
// in memory draws at once with its lists on the way; loaded on the click it waited for its chunk, then for React's
// 300 ms reveal throttle after the skeleton (lib/lazy-screen.tsx), then for its lists: just over a second.

const users = () => import('../features/users/users-page');
const roles = () => import('../features/roles/roles-page');
const site = () => import('../features/settings/settings-page');

export const UsersPage = lazyScreen(() => users().then((m) => m.UsersPage));
export const RolesPage = lazyScreen(() => roles().then((m) => m.RolesPage));
export const SettingsPage = lazyScreen(() => site().then((m) => m.SettingsPage));
