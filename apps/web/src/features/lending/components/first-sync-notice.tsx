import { useState } from 'react';
import { useOnlineStatus } from '../../../lib/online-status';
import { syncNow } from '../../../offline/sync-engine';
import { bookStillComing, firstSyncText, type FirstSyncState } from '../../../offline/first-sync';

/**
 * While the shop's book is still coming down (the first sync), a lending screen says so, with the rows and
 * tables so far, and what it means there (`meaning`: e.g. a customer may not be listed yet). Nothing otherwise.
 */
export function FirstSyncNotice({ state, meaning }: { state: FirstSyncState; meaning: string }) {
  const online = useOnlineStatus();
  const [trying, setTrying] = useState(false);
  if (!bookStillComing(state)) return null;
  const retry = () => {
    setTrying(true);
    // A failure is said by the notice itself (the download's progress), not by a toast.
    void syncNow()
      .catch(() => undefined)
      .finally(() => setTrying(false));
  };
  const running = state.phase === 'running';
  return (
    <section role="status" className="rounded-box border border-info/50 bg-info/10 p-4 text-sm" data-testid="first-sync" aria-label="First download">
      <p className="font-semibold">{firstSyncText(state, online)}</p>
      {running && state.total > 0 ? (
        <progress className="progress progress-info mt-2 w-full" value={state.loaded} max={state.total} aria-label="Download progress" />
      ) : (
        online && !state.failed && <progress className="progress progress-info mt-2 w-full" aria-label="Download progress" />
      )}
      {state.phase === 'waiting' && state.failed && online && (
        <button type="button" className="btn btn-sm mt-2" onClick={retry} disabled={trying}>
          {trying ? 'Trying again...' : 'Try again now'}
        </button>
      )}
      <p className="mt-1">{meaning}</p>
    </section>
  );
}
