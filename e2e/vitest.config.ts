import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files CI measured slowest start first (decision 0344). Without a results cache (a fresh CI machine) vitest
 * orders files by size, and every-screen, the longest by far, began 47th of 56: the other worker ran out of files
 * and sat idle while it finished. After these, vitest's own order (longest first by its cache, else largest).
 */
const LONG_FIRST = ['every-screen', 'cash-register', 'live-counters', 'pawn-ticket', 'loan-extension'];

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const i = LONG_FIRST.findIndex((name) => file.moduleId.endsWith(`/${name}.e2e.test.ts`));
      return i < 0 ? LONG_FIRST.length : i;
    };
    const sorted = await super.sort(files);
    return sorted.map((file, i) => ({ file, i })).sort((a, b) => rank(a.file) - rank(b.file) || a.i - b.i).map(({ file }) => file);
  }
}

// Browser tests: the built app on a real server and database, driven in Debian's Chromium.
// Two files at a time (E2E_WORKERS overrides): each starts its own server, data folder and browser on free ports, so
// files never share state; CI has two cores, and one file at a time left a core idle while the other waited on the
// browser (decision 0311).
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    sequence: { sequencer: LongFilesFirst },
    // On CI a failed browser test runs once more (decision 0359): two full runs here at 2 workers each had a different
    // failure that passed alone and beside the same files, a waiting step outrun by the load of the file beside it.
    // A test that fails twice still fails the run, and vitest prints the first failure as well.
    retry: process.env.CI ? 1 : 0,
  },
});
