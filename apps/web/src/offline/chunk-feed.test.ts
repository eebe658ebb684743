import type { SyncChunkReply } from '@kalinga/contracts/sync';
import { describe, expect, it } from 'vitest';
import { ChunkFeed } from './chunk-feed';

// The first sync's chunks fetched ahead of the writes (decision 0133).

const TOTAL = 10;
function reply(from: number, size = 2): SyncChunkReply {
  const ids = Array.from({ length: TOTAL }, (_, i) => i + 1).filter((id) => id > from).slice(0, size);
  const last = ids.at(-1) ?? from;
  const more = last < TOTAL;
  return { data: ids.map((id) => ({ id })), meta: { table: 'customers', cursor: 'c1', server_time: 'x', has_more: more, next_chunk_id: more ? last : null, total: TOTAL } } as unknown as SyncChunkReply;
}
const idsOf = (replies: SyncChunkReply[]) => replies.flatMap((r) => r.data.map((row) => (row as { id: number }).id));

describe('ChunkFeed', () => {
  it('gives the chunks in order, in batches of at least the rows asked for, then the end of the table', async () => {
    const asked: number[] = [];
    const feed = new ChunkFeed(async (from) => (asked.push(from), reply(from)), 0, 4);
    const first = await feed.take(4);
    expect(idsOf(first)).toEqual([1, 2, 3, 4]);
    const second = await feed.take(4);
    expect(idsOf(second)).toEqual([5, 6, 7, 8]);
    const rest = await feed.take(4);
    expect(idsOf(rest)).toEqual([9, 10]);
    expect(rest.at(-1)?.meta.has_more).toBe(false);
    expect(asked).toEqual([0, 2, 4, 6, 8]);
  });

  it('fetches ahead while nobody takes, but holds at most the rows it was told', async () => {
    const asked: number[] = [];
    let fetched!: () => void;
    const twoFetched = new Promise<void>((resolve) => (fetched = resolve));
    const feed = new ChunkFeed(
      async (from) => {
        asked.push(from);
        if (asked.length === 2) fetched();
        return reply(from);
      },
      0,
      4,
    );
    await twoFetched;
    await new Promise((r) => setTimeout(r, 20));
    expect(asked).toEqual([0, 2]);
    expect(idsOf(await feed.take(1))).toEqual([1, 2, 3, 4]);
    feed.stop();
  });

  it('gives the chunks fetched before a failure, then the failure', async () => {
    const feed = new ChunkFeed(
      async (from) => {
        if (from === 4) throw new TypeError('Failed to fetch');
        return reply(from);
      },
      0,
      100,
    );
    expect(idsOf(await feed.take(100))).toEqual([1, 2, 3, 4]);
    await expect(feed.take(100)).rejects.toThrow('Failed to fetch');
  });
});
