import { z } from 'zod';

// Plain (transform-free) shapes that cross the process boundary. The main side maps the vendor's
// wire formats (shared/api) onto these, so the renderer never sees wire quirks.

export const floorTableSchema = z.object({
  id: z.number().int(),
  roomId: z.number().int(),
  name: z.string(),
  x: z.number(),
  y: z.number(),
  width: z.number().nonnegative(),
  height: z.number().nonnegative(),
  /** '#rrggbb' */
  color: z.string(),
  typeId: z.number().int().nullable(),
  isJoined: z.boolean(),
  joinedWithId: z.number().int().nullable(),
});
export type FloorTable = z.infer<typeof floorTableSchema>;

export const floorRoomSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  order: z.number(),
  active: z.boolean(),
  tables: z.array(floorTableSchema),
});
export type FloorRoom = z.infer<typeof floorRoomSchema>;

export const paymentMethodSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const appInfoSchema = z.object({
  shell: z.enum(['electron', 'browser']),
  mode: z.enum(['demo', 'account']),
  /** Identifies the account whose data the renderer shows; local data is kept per account. */
  accountKey: z.string().min(1),
  tenant: z.string(),
  version: z.string(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

const secret = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} must not be empty`)
    .max(512, `${field} is too long`);

export const credentialsInputSchema = z.object({
  tenant: secret('tenant').regex(/^[A-Za-z0-9._-]+$/, 'tenant may hold letters, digits, dot, dash and underscore only'),
  accessToken: secret('accessToken'),
  integratorToken: secret('integratorToken'),
});
export type CredentialsInput = z.infer<typeof credentialsInputSchema>;

/** What the renderer may know about stored credentials: never the secrets themselves. */
export const credentialsStatusSchema = z.object({
  stored: z.boolean(),
  tenant: z.string().nullable(),
  /** Why secrets cannot be stored in this shell, when they cannot (e.g. no OS keyring). */
  unavailableReason: z.string().nullable(),
});
export type CredentialsStatus = z.infer<typeof credentialsStatusSchema>;

export const connectionStateSchema = z.enum(['online', 'offline']);
export type ConnectionState = z.infer<typeof connectionStateSchema>;

export const bridgeEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('connection'), state: connectionStateSchema, at: z.string() }),
]);
export type BridgeEvent = z.infer<typeof bridgeEventSchema>;
