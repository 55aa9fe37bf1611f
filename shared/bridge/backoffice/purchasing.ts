import { z } from 'zod';

// Issue 17: purchase orders and receiving them (item 3).
// Placeholder shapes: replaced by the real contract while issue 17 is built.

export const purchasingOperations = {
  listPurchaseOrders: { input: z.strictObject({}), output: z.strictObject({}) },
  getPurchaseOrderLines: { input: z.strictObject({}), output: z.strictObject({}) },
  receivePurchaseOrder: { input: z.strictObject({}), output: z.strictObject({}) },
} as const;
