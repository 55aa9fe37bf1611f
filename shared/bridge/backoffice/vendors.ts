import { z } from 'zod';

// Issue 17: vendors and their items (item 4).
// Placeholder shapes: replaced by the real contract while issue 17 is built.

export const vendorOperations = {
  listVendors: { input: z.strictObject({}), output: z.strictObject({}) },
  saveVendor: { input: z.strictObject({}), output: z.strictObject({}) },
  deleteVendor: { input: z.strictObject({}), output: z.strictObject({}) },
  listVendorItems: { input: z.strictObject({}), output: z.strictObject({}) },
  saveVendorItems: { input: z.strictObject({}), output: z.strictObject({}) },
  removeVendorItems: { input: z.strictObject({}), output: z.strictObject({}) },
} as const;
