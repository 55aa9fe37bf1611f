import { z } from 'zod';

// Issue 17: catalog quick edits (item 1).
// Placeholder shapes: replaced by the real contract while issue 17 is built.

export const catalogEditOperations = {
  saveCatalogEdits: { input: z.strictObject({}), output: z.strictObject({}) },
} as const;
