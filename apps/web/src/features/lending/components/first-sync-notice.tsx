import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useOnlineStatus } from '../../../lib/online-status';
import { syncNow } from '../../../offline/sync-engine';
import { bookStillComing, type FirstSyncState } from '../../../offline/first-sync';
import { firstSyncWords } from '../first-sync-words';

/**
 * While the shop's book is still coming down (the first sync), a lending screen says so, with the rows and
 * tables so far, and what it means there (`meaning`: e.g. a customer may not be listed yet). Nothing otherwise.
 */
export function FirstSyncNotice({ state, meaning }: { state: FirstSyncState; meaning: string }) {
  const t = useT('lending');
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
    <section role="status" className="rounded-box border border-info/50 bg-info/10 p-4 text-sm" data-testid="first-sync" aria-label={t('lending.firstSync.label')}>
      <p className="font-semibold">{firstSyncWords(state, online)}</p>
      {running && state.total > 0 ? (
        <progress className="progress progress-info mt-2 w-full" value={state.loaded} max={state.total} aria-label={t('lending.firstSync.progress')} />
      ) : (
        online && !state.failed && <progress className="progress progress-info mt-2 w-full" aria-label={t('lending.firstSync.progress')} />
      )}
      {state.phase === 'waiting' && state.failed && online && (
        <button type="button" className="btn btn-sm mt-2" onClick={retry} disabled={trying}>
          {trying ? t('lending.firstSync.trying') : t('lending.firstSync.tryNow')}
        </button>
      )}
      <p className="mt-1">{meaning}</p>
    </section>
  );
}
