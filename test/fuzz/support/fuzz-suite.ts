import { startTestApp, type TestApp } from '../../support/test-app.js';
import { FuzzHarness } from './fuzz-harness.js';
import { seedWorld, type FuzzWorld } from './fuzz-world.js';

export interface FuzzSuite {
  t: TestApp;
  world: FuzzWorld;
  harness: FuzzHarness;
}

/**
 * The app with its seeded world and a harness, for the describe block that calls it (filled in by its
 * beforeAll). With FUZZ_STATS set, prints each operation's answers by status at the end.
 */
export function fuzzSuite(): FuzzSuite {
  const suite = {} as FuzzSuite;
  beforeAll(async () => {
    suite.t = await startTestApp();
    suite.world = await seedWorld(suite.t);
    suite.harness = new FuzzHarness(suite.t, suite.world.tokens);
  });
  afterAll(async () => {
    if (process.env.FUZZ_STATS) {
      console.table(Object.fromEntries([...suite.harness.stats].map(([name, stats]) => [name, { ...stats, statuses: JSON.stringify(stats.statuses) }])));
    }
    await suite.t?.close();
  });
  return suite;
}
