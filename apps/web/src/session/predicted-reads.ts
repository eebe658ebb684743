import type { AuthUser } from '@kalinga/contracts/auth';
import { getAuthState, hasPermission } from './auth-store';
import { sessionOwner } from '../lib/early-reads';
import { landingExtras } from '../lib/home-hint';
import { currentLanguage } from '../lib/i18n';

// A list screen's first open leaves with its reads too (decision 0371). The page's start-up script sends the reads
// an address's last start asked for (decision 0252); an address this device never started at had only the
// session's two. While someone is signed in, the app writes for each list screen they may open the reads that
// screen's first start asks for (the same strings the API client asks, so `takeEarlyReply` matches them), under
// the address's own key and marked `predicted`: the start-up script sends them as it sends a kept list, and the
// screen's first real start puts what it really asked in their place. This module loads after the first screen
// (session/session-services.ts): nothing of it is in the sign-in page's bytes.

/** A predicted list: a kept list (lib/early-reads.ts) marked as written for a screen not started at yet. */
interface PredictedList {
  owner: string;
  language: string;
  at: number;
  urls: string[];
  predicted: true;
}

/**
 * lib/early-reads.ts' EARLY_PREFIX and SESSION_READS, written out: imported, the entry script would export them for
 * this chunk, bytes the sign-in page carries (session/predicted-reads.test.tsx checks they are the same).
 */
const EARLY_PREFIX = 'early_reads:';
const SESSION_READS = ['/api/me', '/api/user/companies'];

const withQuery = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params).toString()}`;

/**
 * The list screens whose largest paint needs their first reads, and what their first start asks for before the
 * first screen is up (session/predicted-reads.test.tsx checks each against the screen's own requests): Appointments
 * the landing lists as the start-up prefetch asks for them (app/router.tsx, what is above the tabs as the device's
 * hint says; a member's group sessions), Categories its first page. Not Reports: its largest paint is its heading,
 * which needs none of its reads, and sent with the page they ended before that paint and delayed it (decision 0371).
 * Nothing confidential: no screen of lib/never-kept.ts, no address naming a client.
 */
export const PREDICTED_SCREENS: readonly { path: string; permission: string; reads: (user: AuthUser) => string[] }[] = [
  {
    path: '/appointments',
    permission: 'view appointments',
    reads: (user) => {
      const above = landingExtras();
      return [
        withQuery('/api/appointments', { status: 'pending', page: '1', per_page: '10' }),
        '/api/appointments/counts',
        ...(above.setup ? ['/api/company/setup'] : []),
        ...(above.screening ? ['/api/screenings/status'] : []),
        // A member (a student or personnel) has group sessions in the list (decision 0363).
        ...(user.user_type === 'student' || user.user_type === 'personnel' ? ['/api/my-group-sessions'] : []),
      ];
    },
  },
  // The categories' page size (features/categories/api/categories-store.ts CATEGORY_PAGE_SIZE).
  { path: '/categories', permission: 'view resources', reads: () => [withQuery('/api/categories', { page: '1', per_page: '10' })] },
];

/** The list kept under `key`, whatever it is, or null. */
function keptAt(storage: Storage, key: string): Partial<PredictedList> | null {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null') as Partial<PredictedList> | null;
  } catch {
    return null;
  }
}

/**
 * Writes the predicted list of each list screen `user` may open, in `language`, for the session signed in now;
 * a list this session's own start at the screen kept stays (it is what that start really asked). A screen the
 * user may not open (any more) keeps no list, predicted or kept, so a start there sends nothing it would refuse.
 * Signed out, nothing is written (and what was kept went with the session).
 */
export function keepPredictedReads(storage: Storage, user: AuthUser | null, language: string, now: number): void {
  const owner = sessionOwner(storage);
  for (const screen of PREDICTED_SCREENS) {
    const key = EARLY_PREFIX + screen.path;
    const kept = keptAt(storage, key);
    try {
      if (owner === null || user === null || !hasPermission(user, screen.permission)) {
        if (kept !== null) storage.removeItem(key);
      } else if (kept?.owner !== owner || kept.predicted === true) {
        storage.setItem(key, JSON.stringify({ owner, language, at: now, urls: [...SESSION_READS, ...screen.reads(user)], predicted: true } satisfies PredictedList));
      }
    } catch {
      // Storage full: the session and settings matter more.
    }
  }
}

let watching = false;

/**
 * Keeps the predicted lists up to date for the next page load, the only thing that reads them: now (a start
 * whose session check has just answered: roles and permissions as the server says), and each time the page is
 * hidden or left, with the roles, permissions and language of that moment (a change during the session is
 * written before any next start could use it).
 */
export function watchPredictedReads(): void {
  const write = () => keepPredictedReads(localStorage, getAuthState().user, currentLanguage(), Date.now());
  write();
  if (watching) return;
  watching = true;
  window.addEventListener('pagehide', write);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') write();
  });
}
