import { defineConfig } from 'vitest/config';

// The build goes straight into the Maven module's classes under dashboard/, so the jar serves it from there.
export default defineConfig({
  base: './',
  build: {
    outDir: 'target/classes/dashboard',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
  },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
  },
});
