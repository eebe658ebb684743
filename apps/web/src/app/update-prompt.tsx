import { Suspense, useState } from 'react';
import { useT } from '../lib/i18n';
import { dismissUpdate, reloadToUpdate, useUpdateAvailable } from './service-worker';

/**
 * Offered, never forced: the new version loads only when the user chooses Reload, so nobody loses a form
 * they are filling in. Its words are the shared components' catalog, asked for only when a new version is there
 * (the sign-in pages do not load that catalog at start), and precached like every built file, so offline too.
 */
export function UpdatePrompt() {
  const available = useUpdateAvailable();
  if (!available) return null;
  return (
    <Suspense fallback={null}>
      <UpdateDialog />
    </Suspense>
  );
}

function UpdateDialog() {
  const t = useT('common');
  const [busy, setBusy] = useState(false);
  return (
    <div className="fixed inset-x-3 bottom-3 z-50 sm:left-auto sm:right-5 sm:bottom-5 sm:w-96" role="alertdialog" aria-labelledby="update-title" aria-describedby="update-text">
      <div className="flex items-start gap-3 rounded-box border border-base-300 bg-base-100 p-4 shadow-xl">
        <svg aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-primary" fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth={1.5}>
          <path strokeLinecap="round" strokeLinejoin="round" d="M16.023 9.348h4.992v-.001M2.985 19.644v-4.992m0 0h4.992m-4.993 0l3.181 3.183a8.25 8.25 0 0013.803-3.7M4.031 9.865a8.25 8.25 0 0113.803-3.7l3.181 3.182m0-4.991v4.99" />
        </svg>
        <div className="flex-1">
          <p id="update-title" className="font-semibold">{t('common.update.title')}</p>
          <p id="update-text" className="text-sm text-base-content/70">{t('common.update.text')}</p>
          <div className="mt-3 flex justify-end gap-2">
            <button type="button" className="btn btn-ghost btn-sm" onClick={dismissUpdate}>{t('common.update.later')}</button>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={busy}
              onClick={() => {
                setBusy(true);
                void reloadToUpdate();
              }}
            >
              {t('common.update.reload')}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
