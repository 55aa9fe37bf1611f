import { z } from 'zod';

// Issue 17: chain sync (item 5).
// Placeholder shapes: replaced by the real contract while issue 17 is built.

export const chainOperations = {
  syncChain: { input: z.strictObject({}), output: z.strictObject({}) },
} as const;
