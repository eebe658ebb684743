import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../lib/i18n';
import { BRANCH_KEY } from '../lib/storage-keys';
import { useMediaQuery } from '../lib/use-media-query';
import { myBranches } from '../offline/branches-local';
import { hasPermission, useAuth } from '../session/auth-store';
import { Modal } from '../components/ui/modal';
import { refreshQueries } from '../lib/refresh-queries';

// The branch this device works at (docs/decisions/0302-acting-branch.md): remembered in localStorage and sent with
// every request by the API client (queued writes included). Someone who works at more than one branch picks it
// on opening the lending screens and can change it here; with one branch there is nothing to pick. Outside the
// lending screens nothing of it is drawn or asked for: a counselling screen neither waits for it nor moves when it
// answers, and an administrator who never lends is never asked.
//
// Where it stands (decision 0341): in the top bar from a tablet's width up; on a phone at the head of the lending
// screen, under the top bar, at the screen's full width (in the top bar it had shrunk to a letter, or pushed the
// bar to a third of the screen offline). The frame places both; only the one for this width draws anything, so
// the picker and its dialog are in the page once.
//
// The list comes from the server, and is kept in the user's book (offline/branches-local.ts): after a reload
// without the network the picker is drawn from the book.

/** From this width up the picker is in the top bar (Tailwind's `sm`). */
const TOP_BAR_WIDTH = '(min-width: 640px)';

function storedBranch(): string | null {
  return localStorage.getItem(BRANCH_KEY);
}

export type BranchPlace = 'top-bar' | 'page';

/** The branch picker where the frame places it: drawn only when that place is the one for the screen's width. */
export function BranchSwitcher({ place }: { place: BranchPlace }) {
  const wide = useMediaQuery(TOP_BAR_WIDTH);
  return (place === 'top-bar') === wide ? <BranchPicker place={place} /> : null;
}

function BranchPicker({ place }: { place: BranchPlace }) {
  const t = useT('frame');
  const { user } = useAuth();
  const client = useQueryClient();
  const { pathname } = useLocation();
  const lending = hasPermission(user, 'view lending') && /^\/lending(\/|$)/.test(pathname);
  const mine = useQuery({ queryKey: ['branches', 'mine', user?.id], queryFn: myBranches, enabled: lending, staleTime: 5 * 60_000 });
  // Read at every drawing, not once at mount: a branch stored after the frame was drawn (another tab, a script
  // setting up the device) is the one in use, and the picker does not ask again for a branch already chosen.
  const [, redraw] = useState(0);
  const current = storedBranch();
  const drawAgain = () => redraw((n) => n + 1);
  const branches = mine.data ?? [];
  const known = branches.some((b) => String(b.id) === current);

  const choose = (id: string) => {
    localStorage.setItem(BRANCH_KEY, id);
    drawAgain();
    // Lists and figures per branch read again for the branch now in use.
    void refreshQueries(client);
  };

  useEffect(() => {
    if (!mine.data) return;
    const list = mine.data;
    // One branch: it is the one; none: nothing is sent and the server uses the user's own.
    if (list.length === 1 && current !== String(list[0].id)) {
      localStorage.setItem(BRANCH_KEY, String(list[0].id));
      drawAgain();
    }
    if (list.length === 0 && current !== null) {
      localStorage.removeItem(BRANCH_KEY);
      drawAgain();
    }
  }, [mine.data, current]);

  if (!lending || branches.length < 2) return null;
  const select = (
    <select
      // In the top bar the browser's own select: it cuts a long name with an ellipsis before its arrow, where the
      // styled one ran the text under its arrow; wider where the bar has room.
      className={place === 'top-bar' ? 'select select-sm max-w-48 lg:max-w-72 appearance-auto bg-none pe-1' : 'select select-sm min-w-0 flex-1'}
      value={known ? current! : ''}
      onChange={(e) => choose(e.target.value)}
      data-testid="branch-switcher"
    >
      {!known && <option value="" disabled>{t('frame.branchNone')}</option>}
      {/* The prefix first: branch names often start alike. */}
      {branches.map((b) => <option key={b.id} value={b.id}>{`${b.ticket_prefix} · ${b.name}`}</option>)}
    </select>
  );
  return (
    <>
      {place === 'top-bar' ? (
        <label className="flex items-center gap-1">
          <span className="sr-only">{t('frame.branch')}</span>
          {select}
        </label>
      ) : (
        <label className="mb-4 flex items-center gap-2 print:hidden" data-testid="branch-bar">
          <span className="text-sm font-medium">{t('frame.branch')}</span>
          {select}
        </label>
      )}
      {/* On the lending screens, someone working at several branches says where they are before the first write. */}
      <Modal open={!known} title={t('frame.branchPick')} onClose={() => choose(String(branches[0].id))}>
        <p className="mb-3 text-sm">{t('frame.branchPickText')}</p>
        <ul className="flex flex-col gap-2">
          {branches.map((b) => (
            <li key={b.id}>
              <button type="button" className="btn btn-block justify-start" onClick={() => choose(String(b.id))}>
                <span className="truncate">{b.name}</span>
              </button>
            </li>
          ))}
        </ul>
      </Modal>
    </>
  );
}
