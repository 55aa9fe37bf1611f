import { z } from 'zod';

// Issue 17: stock counts (item 2).
// Placeholder shapes: replaced by the real contract while issue 17 is built.

export const stockCountOperations = {
  readWarehouseStock: { input: z.strictObject({}), output: z.strictObject({}) },
  saveStockCount: { input: z.strictObject({}), output: z.strictObject({}) },
} as const;
