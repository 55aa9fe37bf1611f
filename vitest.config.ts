import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'electron/**/*.test.ts',
      'shared/**/*.test.ts',
      'renderer/src/**/*.test.ts',
      'test/contract/**/*.test.ts',
      'test/lint/**/*.test.ts',
      'test/sync/**/*.test.ts',
      'test/chaos/**/*.test.ts',
      'test/fuzz/**/*.test.ts',
    ],
    environment: 'node',
    // Every fast-check property runs with one fixed seed, `FC_SEED` overrides it (README, "Testing").
    setupFiles: ['test/setup/fastCheck.ts'],
    // The stylesheet's colours are read as text by renderer/src/ui/contrast.test.ts (`?raw`);
    // every other stylesheet stays unprocessed in tests.
    css: { include: [/renderer\/src\/styles\.css/] },
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
