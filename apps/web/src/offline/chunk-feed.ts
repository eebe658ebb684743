import type { SyncChunkReply } from '@kalinga/contracts/sync';

// The first sync's chunks of one table, fetched one after another ahead of the writes (decision 0133): while the
// device writes what it took into IndexedDB, the next chunks are already on their way and parsed. Fetching pauses
// while `aheadRows` rows wait in memory; a fetch that fails ends the feed after the chunks fetched before it have
// been taken.

export class ChunkFeed {
  private held: SyncChunkReply[] = [];
  private heldRows = 0;
  private failure: { error: unknown } | null = null;
  private ended = false;
  private stopped = false;
  private wakeTaker: (() => void) | null = null;
  private wakeFetcher: (() => void) | null = null;

  constructor(
    private readonly fetchChunk: (from: number) => Promise<SyncChunkReply>,
    from: number,
    private readonly aheadRows: number,
  ) {
    void this.run(from);
  }

  private notify(): void {
    this.wakeTaker?.();
    this.wakeTaker = null;
  }

  private async run(from: number): Promise<void> {
    try {
      for (;;) {
        while (this.heldRows >= this.aheadRows && !this.stopped) await new Promise<void>((resolve) => (this.wakeFetcher = resolve));
        if (this.stopped) return;
        const reply = await this.fetchChunk(from);
        if (this.stopped) return;
        this.held.push(reply);
        this.heldRows += reply.data.length;
        const done = !reply.meta.has_more || reply.meta.next_chunk_id === null;
        if (done) this.ended = true;
        this.notify();
        if (done) return;
        from = reply.meta.next_chunk_id ?? from;
      }
    } catch (error) {
      this.failure = { error };
      this.ended = true;
      this.notify();
    }
  }

  /**
   * The chunks fetched so far, oldest first, as soon as there is one: a chunk is written when it is here, never
   * held back for more (a server answering smaller chunks than asked still shows its rows as they come). Throws
   * the fetch's error once every chunk fetched before the failure has been taken.
   */
  async take(): Promise<SyncChunkReply[]> {
    while (this.held.length === 0 && !this.ended) await new Promise<void>((resolve) => (this.wakeTaker = resolve));
    if (this.held.length === 0) {
      if (this.failure) throw this.failure.error;
      throw new Error('The chunk feed has nothing more to give.');
    }
    const taken = this.held;
    this.held = [];
    this.heldRows = 0;
    this.wakeFetcher?.();
    this.wakeFetcher = null;
    return taken;
  }

  /** Stops fetching ahead (the download stopped); what is under way is dropped when it arrives. */
  stop(): void {
    this.stopped = true;
    this.wakeFetcher?.();
    this.wakeFetcher = null;
  }
}
