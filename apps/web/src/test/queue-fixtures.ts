import { vi } from 'vitest';
import { resumeQueue } from '../offline/queue-runner';
import { fakeLendingServer } from './fake-lending-server';
import { clearStore, keepSynced } from './lending-fixtures';

/**
 * Where each offline-queue test starts: an empty book holding `synced` as the server's rows, a fresh client id, the
 * queue resumed with a fixed back-off jitter, and (unless `signedIn` is false) a session in company 3. Returns the
 * fake lending server answering on `fetchMock`.
 */
export async function startQueueTest(
  fetchMock: Parameters<typeof fakeLendingServer>[0],
  synced: Parameters<typeof keepSynced>[0],
  { signedIn = true }: { signedIn?: boolean } = {},
): Promise<ReturnType<typeof fakeLendingServer>> {
  await clearStore();
  resumeQueue();
  // A fixed jitter: retries are due at a known time.
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
  if (signedIn) {
    localStorage.setItem('token', 't0k');
    localStorage.setItem('company_id', '3');
  }
  await keepSynced(synced);
  return fakeLendingServer(fetchMock);
}
