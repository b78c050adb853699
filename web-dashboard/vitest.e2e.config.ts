import { defineConfig } from 'vitest/config';

// The browser tests (e2e/): the real jar, real brokers and the system Chromium. Three files side by side, a worker each
// (one board's own page, every set-up of the new-game dialog, and the event's pages): the browser tests were the
// integration phase's longest part, about 290 s in one file on a busy fresh clone, 208 s in two. Time for JVMs to start. Maven runs them in the device module's
// integration-test phase, after the jar is packaged.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: true,
    maxWorkers: 3,
    minWorkers: 1,
    // Hang guards, not bounds: a test that waits for events can take minutes beside a busy CPU (the set-ups' 16 games
    // took 120 s beside two CPU-bound loops and were cut off); DashboardE2eIT stops the whole run after 15 minutes.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // expect.poll waits as long as a page's locators (e2e/browser.ts WAIT): its default of 1 s is shorter than a
    // starved machine takes to render the next message.
    expect: { poll: { timeout: 60_000 } },
  },
});
