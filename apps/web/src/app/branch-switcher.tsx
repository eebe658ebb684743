import type { Branch } from '@kalinga/contracts/lending/branches';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { api } from '../lib/api-client';
import { useT } from '../lib/i18n';
import { BRANCH_KEY } from '../lib/storage-keys';
import { hasPermission, useAuth } from '../session/auth-store';
import { Modal } from '../components/ui/modal';

// The branch this device works at (docs/decisions/0302-acting-branch.md): remembered in localStorage and sent with
// every request by the API client (queued writes included). Someone who works at more than one branch picks it
// on opening the lending screens and can change it here; with one branch there is nothing to pick. Outside the
// lending screens nothing of it is drawn or asked for: a counselling screen neither waits for it nor moves when it
// answers, and an administrator who never lends is never asked.

function storedBranch(): string | null {
  return localStorage.getItem(BRANCH_KEY);
}

export function BranchSwitcher() {
  const t = useT('frame');
  const { user } = useAuth();
  const client = useQueryClient();
  const { pathname } = useLocation();
  const lending = hasPermission(user, 'view lending') && /^\/lending(\/|$)/.test(pathname);
  const mine = useQuery({ queryKey: ['branches', 'mine', user?.id], queryFn: () => api.get<{ data: Branch[] }>('/api/branches/mine'), enabled: lending, staleTime: 5 * 60_000 });
  // Read at every drawing, not once at mount: a branch stored after the frame was drawn (another tab, a script
  // setting up the device) is the one in use, and the picker does not ask again for a branch already chosen.
  const [, redraw] = useState(0);
  const current = storedBranch();
  const drawAgain = () => redraw((n) => n + 1);
  const branches = mine.data?.data ?? [];
  const known = branches.some((b) => String(b.id) === current);

  const choose = (id: string) => {
    localStorage.setItem(BRANCH_KEY, id);
    drawAgain();
    // Lists and figures per branch read again for the branch now in use.
    void client.invalidateQueries();
  };

  useEffect(() => {
    if (!mine.data) return;
    const list = mine.data.data;
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
  return (
    <>
      <label className="flex items-center gap-1">
        <span className="sr-only">{t('frame.branch')}</span>
        <select className="select select-sm max-w-24 sm:max-w-48 max-sm:appearance-auto max-sm:bg-none max-sm:pe-1" value={known ? current! : ''} onChange={(e) => choose(e.target.value)} data-testid="branch-switcher">
          {!known && <option value="" disabled>{t('frame.branchNone')}</option>}
          {/* The prefix first: on a phone the select shows a few letters, and branch names often start alike. There
              it is the browser's own select, which cuts the name with an ellipsis before its one arrow (the styled
              one lets the text run under its arrow). */}
          {branches.map((b) => <option key={b.id} value={b.id}>{`${b.ticket_prefix} · ${b.name}`}</option>)}
        </select>
      </label>
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
