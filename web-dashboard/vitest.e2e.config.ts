import { defineConfig } from 'vitest/config';

// The browser tests (e2e/): the real jar, real brokers and the system Chromium. One file at a time (two cores), with
// time for JVMs to start. Maven runs them in the device module's integration-test phase, after the jar is packaged.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
