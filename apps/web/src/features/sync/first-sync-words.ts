import type { FirstSyncState } from '../../offline/first-sync';
import { t } from '../../lib/i18n';

/**
 * The first download's progress in words, in the language in use (offline/first-sync.ts's firstSyncText says the
 * same in English): rows so far and the table it is on, or why it waits. Called by screens that loaded the `sync` area.
 */
export function firstSyncWords(state: FirstSyncState, online: boolean): string {
  if (state.phase === 'running') {
    const table = state.tableIndex >= 0 ? t('sync.firstSync.table', { index: state.tableIndex + 1, count: state.tableCount, table: state.table ?? '' }) : '';
    return state.total > 0 ? t('sync.firstSync.rowsOf', { loaded: state.loaded, total: state.total, table }) : t('sync.firstSync.rows', { loaded: state.loaded, table });
  }
  if (state.phase === 'waiting') {
    if (!online) return t('sync.firstSync.offline');
    if (state.failed) return t('sync.firstSync.stopped', { error: state.failed, loaded: state.loaded });
    return t('sync.firstSync.starting');
  }
  return '';
}
