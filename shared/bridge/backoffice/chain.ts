import { z } from 'zod';
import { auditAnswerSchema } from './audit';

// Chain sync (spec: hospitality 4.2 `POST {base_url}/api/external/chains/sync`;
// clarifications "Hospitality v2": it copies the master's catalog to each child). The API cannot
// say whether an account is a chain's master, so the account's settings do (`chainRole`,
// schemas.ts): the Chain tab is offered on a master only. The POS still decides: a refusal (403
// for a child or an account with no children) comes back as `refused`, with its words.

const isoTime = z.string().min(1).max(40);

/** A sync's answer: synced (the POS's message, e.g. "Synced") or refused (its status and words). */
export const chainSyncResultSchema = z.discriminatedUnion('outcome', [
  z.strictObject({ outcome: z.literal('synced'), at: isoTime, said: z.string().max(2_000).optional() }),
  z.strictObject({ outcome: z.literal('refused'), at: isoTime, status: z.int().min(400).max(499), said: z.string().max(2_000).optional() }),
]);
export type ChainSyncResult = z.infer<typeof chainSyncResultSchema>;

/** The last sync this terminal asked for, from the account's audit log: when, and what the POS answered. */
export const lastChainSyncSchema = z.strictObject({ at: isoTime, answer: auditAnswerSchema });
export type LastChainSync = z.infer<typeof lastChainSyncSchema>;

export const chainOperations = {
  /** Asks the POS to sync the chain (the tenant must be its master). Offline, no answer: thrown. */
  syncChain: { input: z.strictObject({}), output: chainSyncResultSchema },
  /** When the chain was last synced from this terminal (any outcome), or null when never. */
  lastChainSync: { input: z.strictObject({}), output: z.strictObject({ last: lastChainSyncSchema.nullable() }) },
} as const;
