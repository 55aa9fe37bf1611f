import { z } from 'zod';
import { paginated, wireFlag, wireInt, wireNumber } from './wire';

// Wire formats of the hospitality v2 API (spec: hospitality-api.md). Objects are not strict:
// unknown fields are ignored (clarifications: catalog records may carry more fields).

/** spec: hospitality 2.1 */
export const paymentMethodWire = z.object({
  id: wireInt,
  name: z.string(),
  active: wireFlag.default(true),
});
export type PaymentMethodWire = z.output<typeof paymentMethodWire>;
export const paymentMethodsResponse = z.array(paymentMethodWire);

const hexColour = /^#?[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/;

/** spec: hospitality 2.2 — numeric table fields are returned as strings. */
export const tableWire = z.object({
  id: wireInt,
  name: z.string(),
  x: wireNumber,
  y: wireNumber,
  width: wireNumber,
  height: wireNumber,
  baseX: wireNumber.nullish(),
  baseY: wireNumber.nullish(),
  baseWidth: wireNumber.nullish(),
  baseHeight: wireNumber.nullish(),
  isJoined: wireFlag.nullish(),
  color: z.string().regex(hexColour, 'expected a hex colour').nullish(),
  type_id: wireInt.nullish(),
  room_id: wireInt,
  price_id: wireInt.nullish(),
  joined_with_id: wireInt.nullish(), // clarifications: Hospitality v2
});
export type TableWire = z.output<typeof tableWire>;

/** spec: hospitality 2.2 — `order` and `active` are returned as strings. */
export const roomWire = z.object({
  id: wireInt,
  name: z.string(),
  order: wireNumber.nullish(),
  active: wireFlag.default(true),
  tables: z.array(tableWire).optional(),
});
export type RoomWire = z.output<typeof roomWire>;

/** spec: hospitality 4.1 — rooms are paged 20 per page. */
export const roomsPage = paginated(roomWire);
export type RoomsPage = z.output<typeof roomsPage>;
