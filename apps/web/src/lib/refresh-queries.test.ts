// @vitest-environment node
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { refreshQueries } from './refresh-queries';

// The newest answer wins (decision 0368): a first read held back on its way, a write committed meanwhile, the
// refresh asked for; whatever order the answers come back in, the query keeps the answer read after the write.

/** A row whose reads answer as it stood when each read arrived; the first read is held until released. */
function server() {
  let status = 'pending';
  let reads = 0;
  let release: () => void = () => undefined;
  const read = async (): Promise<string> => {
    const answer = status;
    if (reads++ === 0) await new Promise<void>((resolve) => (release = resolve));
    return answer;
  };
  return { read, write: (next: string) => (status = next), release: () => release(), reads: () => reads };
}

const clients: QueryClient[] = [];
afterEach(() => clients.splice(0).forEach((c) => c.clear()));

/** A query shown on a screen (an active observer) whose first read is on its way, with no data yet. */
async function screenReading(row: ReturnType<typeof server>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(client);
  const observer = new QueryObserver(client, { queryKey: ['rows', 'list'], queryFn: row.read });
  const unsubscribe = observer.subscribe(() => undefined);
  await Promise.resolve();
  expect(row.reads()).toBe(1);
  return { client, observer, unsubscribe };
}

/** The write, the refresh asked for, then the held read's answer arriving; resolves when nothing is fetching. */
async function writeThenRefresh(row: ReturnType<typeof server>, refresh: () => Promise<unknown>, client: QueryClient) {
  row.write('confirmed');
  const refreshed = refresh();
  await new Promise((resolve) => setTimeout(resolve, 0));
  row.release();
  await refreshed;
  while (client.isFetching() > 0) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('refreshQueries', () => {
  /** The race run with the given refresh: what the screen shows at the end, and how many reads were sent. */
  async function race(refresh: (client: QueryClient) => Promise<unknown>) {
    const row = server();
    const { client, observer, unsubscribe } = await screenReading(row);
    await writeThenRefresh(row, () => refresh(client), client);
    unsubscribe();
    return { shown: observer.getCurrentResult().data, reads: row.reads() };
  }

  it('keeps the answer read after the write, not the first read that left before it', async () => {
    expect(await race((client) => refreshQueries(client, { queryKey: ['rows'] }))).toEqual({ shown: 'confirmed', reads: 2 });
  });

  it('is the race plain invalidateQueries loses: it waits for the first read and keeps its old answer', async () => {
    expect(await race((client) => client.invalidateQueries({ queryKey: ['rows'] }))).toEqual({ shown: 'pending', reads: 1 });
  });

  it('keeps data a screen set by hand before the refresh, and reads again', async () => {
    const row = server();
    const { client, observer, unsubscribe } = await screenReading(row);
    client.setQueryData(['rows', 'list'], 'confirmed (shown at once)');
    row.write('confirmed');
    const refreshed = refreshQueries(client, { queryKey: ['rows'] });
    expect(observer.getCurrentResult().data).toBe('confirmed (shown at once)');
    row.release();
    await refreshed;
    while (client.isFetching() > 0) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(observer.getCurrentResult().data).toBe('confirmed');
    unsubscribe();
  });

  it('leaves queries outside the filters alone and follows refetchType', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    clients.push(client);
    client.setQueryData(['rows', 'list'], 'a');
    client.setQueryData(['other'], 'b');
    await refreshQueries(client, { queryKey: ['rows'], refetchType: 'none' });
    expect(client.getQueryState(['rows', 'list'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['other'])?.isInvalidated).toBe(false);
    expect(client.isFetching()).toBe(0);
  });
});
