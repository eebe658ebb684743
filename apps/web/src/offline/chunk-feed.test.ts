// @vitest-environment node
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
  it('gives the chunks in order as they come, each take at least one, then the end of the table', async () => {
    const asked: number[] = [];
    const feed = new ChunkFeed(async (from) => (asked.push(from), reply(from)), 0, 4);
    const taken: number[][] = [];
    for (;;) {
      const replies = await feed.take();
      taken.push(idsOf(replies));
      if (!replies.at(-1)?.meta.has_more) break;
    }
    expect(taken.every((ids) => ids.length > 0)).toBe(true);
    expect(taken.flat()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(asked).toEqual([0, 2, 4, 6, 8]);
  });

  it('gives a chunk as soon as it is here, without waiting for the next (chunks smaller than asked show as they come)', async () => {
    let answer!: () => void;
    const feed = new ChunkFeed(
      async (from) => {
        if (from > 0) await new Promise<void>((resolve) => (answer = resolve));
        return reply(from, 1);
      },
      0,
      1000,
    );
    expect(idsOf(await feed.take())).toEqual([1]);
    const next = feed.take();
    answer();
    expect(idsOf(await next)).toEqual([2]);
    feed.stop();
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
    expect(idsOf(await feed.take())).toEqual([1, 2, 3, 4]);
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
    const taken: number[] = [];
    const failure = await (async () => {
      for (;;) {
        try {
          taken.push(...idsOf(await feed.take()));
        } catch (error) {
          return error;
        }
      }
    })();
    expect(taken).toEqual([1, 2, 3, 4]);
    expect(String(failure)).toContain('Failed to fetch');
  });
});
