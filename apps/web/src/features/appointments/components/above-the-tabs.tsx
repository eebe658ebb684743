import type { ReactNode } from 'react';
import { IntakePrompt } from '../../../components/intake-prompt';
import { useScreeningStatus } from '../../../components/intake-status';
import { LoadingBlock } from '../../../components/ui/spinner';
import { SetupChecklist, useSetupStatus } from './setup-checklist';

/**
 * What Appointments draws above its tabs: the administrator's checklist and the client's intake prompt. While their
 * first answer is on its way the tabs and the list (`children`) wait with them, so nothing drawn moves down when one
 * appears (decision 0231).
 *
 * Only the first answer is waited for: once one failed (offline the api client fails at once, decision 0053), a later
 * ask is not waited for again. And the checklist and the prompt stay mounted while the screen waits. Before, they
 * mounted only after the wait; mounting asks an unanswered query again, the wait began again and unmounted them,
 * and offline that went round without end: the screen redrew its list all the time and a dialog opened or closed
 * seconds late (decision 0343).
 */
export function AboveTheTabs({ admin, client, loadingText, children }: { admin: boolean; client: boolean; loadingText: string; children: ReactNode }) {
  const setup = useSetupStatus(admin);
  const screening = useScreeningStatus(client);
  const waiting = (admin && firstAnswerPending(setup)) || (client && firstAnswerPending(screening));
  return (
    <>
      <SetupChecklist enabled={admin} />
      <IntakePrompt enabled={client} />
      {waiting ? <LoadingBlock text={loadingText} /> : children}
    </>
  );
}

/** Loading, and no answer has failed yet (a query's error count survives its next ask). */
function firstAnswerPending(query: { isLoading: boolean; errorUpdateCount: number }): boolean {
  return query.isLoading && query.errorUpdateCount === 0;
}
