// Loyalty order: POST /api/loyalty/orders (spec §2.10, §4.8; clarifications "Loyalty order").
//
// The payload is validated in full before anything is written: a 422 `{ error, code, data: [] }`
// names the first wrong field and nothing is committed. Money is read as integer cents (money.ts),
// so the total check is exact to the cent.
//
// Conservative choices where the spec and the clarifications are silent (the client is tested
// against them, so it never relies on an unknown behaviour of the vendor):
// - Amounts have at most 2 decimals; prices and totals are ≥ 0; a payment is > 0.
// - `quantity` of a content line is a positive integer (default 1).
// - A selling-format item (type 4) must carry its one format modifier (the format is what is sold).
// - `orderDiscount` is `{ name?, amount }` with a negative amount (clarifications); the old reading's
//   `negative` field is refused (422) so a client still sending it finds out here.
// - `skipMerge` and `skip_merge` (clarifications: both spellings) that disagree → 422.
// - `dishOrder` must be a menu item-category pivot of that menu offering that dish.
// - A menu dish's `item_id` must exist and may not itself be a menu.
// - Merging (skipMerge false, a table with open orders) goes into the oldest open order of the
//   table; the payment cap is then that order's total plus this one minus what it already has paid.
// - `warehouse_id`: every line's item (and every chosen menu dish) loses the line's quantity of
//   stock in that warehouse; a missing stock row is created at 0 first, so stock can go negative.
// - `customer`: matched by email (case-insensitive) or phone (spaces ignored); otherwise created.
//   An existing customer is never updated (clarifications).
// - `skipMerge` / `skip_merge` are accepted as true/false, 0/1 or "0"/"1" (spec §2: 0/1 booleans;
//   clarifications: Laravel's rules).
// - Paying an open table order (`contents: []`, clarifications) is a merge without lines: the
//   payment (and any extraId, notes, invoiceInfo) is added; a customer is matched or created and
//   attached only when the order has none; a delivery is ignored.
// - The bill discount (docs/decisions.md "Bill discount and settled checks"): such a payment may
//   carry the bill's discount (`orderDiscount`), its total then 0 + the (negative) amount — the
//   only order whose total may be negative. When an order merges into an open order, the contents
//   a discount may not exceed are the merged order's (its total so far plus this order's
//   contents); the payment cap stays the open order's total + this order's total − paid.
// - Settled checks (same entry): an open TABLE order whose payments reach its total (above 0) after a
//   loyalty order is closed, as a POS closes a settled ticket: the table is free for a Flow seating
//   again and the table's next order or payment goes to its next open order (or opens one).
//   Deliveries and takeaways (no table) stay open as before; a Flow seating is never closed by its
//   own prepayment (the guests have just sat down).
// - The body is JSON or form fields (loyaltyBody.ts); both get the same answer.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { CustomerRecord, StockRecord } from '../commerce/model';
import type { ItemRecord } from '../catalog/model';
import { findById } from '../catalog/store';
import type { SandboxEnv } from '../env';
import { errorResponse } from '../errors';
import { laravelBoolean, laravelInteger } from '../laravelValues';
import { nextId, type AccountState } from '../state';
import type { OrderRecord } from './model';
import { readLoyaltyBody } from './loyaltyBody';
import { describeIssues, formatCents, MAX_CENTS, money, requiredOr, toCents } from './money';
import { addToTotal, appendLedger, closeIfSettled, openOrder, openOrdersOnTable, paidCents } from './store';

// clarifications "Values the vendor's servers accept": whole-number strings for integers, "0"/"1"
// for flags; read into numbers and booleans here, so everything below sees the normal form.
const flag = laravelBoolean();
const id = laravelInteger(z.int().positive());

/** Free text that JSON may carry as a number (a phone, a postal code). */
const text = z.union([z.string(), z.number()], { error: requiredOr('expected a string') }).transform(String);

const modifierSchema = z.looseObject({
  id: id.nullish(),
  name: z.string().nullish(),
  price: money().nullish(),
});

const menuContentSchema = z.looseObject({
  item_id: id,
  name: z.string().min(1),
  price: money(),
  quantity: laravelInteger().nullish(),
  dishOrder: id.nullish(),
  modifiers: z.array(modifierSchema).nullish(),
});

const contentSchema = z.looseObject({
  item_id: id,
  itemPrice: money(),
  quantity: laravelInteger(z.int().positive().max(100_000)).nullish(),
  itemName: z.string().nullish(),
  modifiers: z.array(modifierSchema).nullish(),
  menuContents: z.array(menuContentSchema).nullish(),
});

// clarifications: `{ name? (default "Discount"), amount }`, the amount negative (-2.50).
const discountSchema = z.looseObject({
  name: z.string().min(1).nullish(),
  amount: money({ min: -MAX_CENTS }).refine((cents) => cents < 0, { message: 'must be negative (a discount of 2.50 is sent as -2.50)' }),
  negative: z.never({ error: 'no such field: the discount is the negative amount itself (send { name?, amount: -2.50 })' }).optional(),
});

const paymentSchema = z.looseObject({
  amount: money({ positive: true }),
  payment_method_id: id.nullish(),
  payment_reference: text.nullish(),
  tip: money().nullish(),
});

const customerSchema = z.looseObject({
  name: z.string().min(1),
  email: z.email(),
  phone: text.nullish(),
  nif: text.nullish(),
  web: text.nullish(),
  address: text.nullish(),
  postalCode: text.nullish(),
  city: text.nullish(),
  state: text.nullish(),
  extra_id: text.nullish(),
  notes: text.nullish(),
});

const DELIVERY_DATE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

function isRealDate(value: string): boolean {
  const m = DELIVERY_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
}

const deliverySchema = z.looseObject({
  phone: text.refine((v) => v.trim() !== '', 'is required'),
  date: z.string().refine(isRealDate, 'expected a date "YYYY-MM-DD HH:MM:SS"').nullish(),
  address: text.nullish(),
  city: text.nullish(),
  channel: text.nullish(),
});

const orderSchema = z.looseObject({
  // Negative only for a payment carrying a discount (checked in placeLoyaltyOrder).
  total: money({ min: -MAX_CENTS }),
  // Empty only when paying a table's open order (checked in placeLoyaltyOrder).
  contents: z.array(contentSchema),
  table_id: id.nullish(),
  tableName: z.string().nullish(),
  guests: laravelInteger(z.int().positive()).nullish(),
  notes: z.string().nullish(),
  extraId: text.nullish(),
  orderDiscount: discountSchema.nullish(),
  payment: paymentSchema.nullish(),
  invoiceInfo: z.record(z.string(), z.unknown()).nullish(),
});

export const loyaltyOrderSchema = z
  .looseObject({
    order: orderSchema,
    customer: customerSchema.nullish(),
    delivery: deliverySchema.nullish(),
    skipMerge: flag.nullish(),
    /** clarifications: the vendor's spelling of skipMerge. */
    skip_merge: flag.nullish(),
    warehouse_id: id.nullish(),
  })
  .refine((body) => body.skipMerge == null || body.skip_merge == null || body.skipMerge === body.skip_merge, {
    message: 'skipMerge and skip_merge (the same flag) disagree; send one of them',
    path: ['skipMerge'],
  });

export type LoyaltyOrderInput = z.output<typeof loyaltyOrderSchema>;
type ModifierInput = z.output<typeof modifierSchema>;

/** A validation failure: 422 with this message. */
class Invalid extends Error {}

/** The modifiers of one line (or one menu dish) as stored, and their sum in cents. */
function checkModifiers(
  account: AccountState,
  item: ItemRecord,
  modifiers: readonly ModifierInput[],
  path: string,
): { stored: Record<string, unknown>[]; cents: number } {
  if (item.type === 4) {
    // clarifications: exactly one { id: selling-format pivot id (required), price? (default 0) }.
    if (modifiers.length !== 1) {
      throw new Invalid(
        `${path}.modifiers: a selling-format item (item ${item.id}, type 4) takes exactly one modifier ` +
          `{ id: its selling-format pivot id, price? }, got ${modifiers.length}.`,
      );
    }
    const modifier = modifiers[0] as ModifierInput;
    if (modifier.id == null) {
      throw new Invalid(`${path}.modifiers[0].id: is required (the selling-format pivot id of item ${item.id}).`);
    }
    const pivot = findById(account.catalog.sellingFormatPivots, modifier.id);
    if (!pivot || pivot.item_id !== item.id) {
      throw new Invalid(
        `${path}.modifiers[0].id: ${modifier.id} is not a selling-format pivot of item ${item.id}; ` +
          'normal modifiers cannot be set on a selling-format item.',
      );
    }
    const format = findById(account.catalog.sellingFormats, pivot.format_id);
    const cents = modifier.price ?? 0;
    return { stored: [{ id: pivot.id, name: modifier.name ?? format?.name ?? null, price: formatCents(cents) }], cents };
  }
  // clarifications: a normal item's modifiers are { id?, name (required), price (required) }.
  let cents = 0;
  const stored = modifiers.map((modifier, i) => {
    const at = `${path}.modifiers[${i}]`;
    if (modifier.name == null || modifier.name.trim() === '') throw new Invalid(`${at}.name: is required.`);
    if (modifier.price == null) throw new Invalid(`${at}.price: is required.`);
    if (modifier.id != null && !findById(account.catalog.modifiers, modifier.id)) {
      throw new Invalid(`${at}.id: modifier ${modifier.id} does not exist.`);
    }
    cents += modifier.price;
    return { id: modifier.id ?? null, name: modifier.name, price: formatCents(modifier.price) };
  });
  return { stored, cents };
}

function findItem(account: AccountState, id: number, path: string): ItemRecord {
  // Binary search (records are kept in id order): an order may carry tens of thousands of lines.
  const item = findById(account.catalog.items, id);
  if (!item) throw new Invalid(`${path}.item_id: item ${id} does not exist.`);
  return item;
}

interface PricedLine {
  stored: Record<string, unknown>;
  /** quantity × unit, in cents. */
  cents: number;
  /** Items whose stock the line consumes, with quantities. */
  stock: Array<{ itemId: number; quantity: number }>;
}

function priceLine(account: AccountState, line: LoyaltyOrderInput['order']['contents'][number], path: string): PricedLine {
  const item = findItem(account, line.item_id, path);
  const quantity = line.quantity ?? 1;
  const hasModifiers = line.modifiers != null;
  const hasMenu = line.menuContents != null;
  if (hasModifiers && hasMenu) throw new Invalid(`${path}: send either modifiers or menuContents, not both.`);

  let unit = line.itemPrice;
  const stored: Record<string, unknown> = {
    item_id: item.id,
    itemName: line.itemName ?? item.name,
    itemPrice: formatCents(line.itemPrice),
    quantity,
  };
  const stock = [{ itemId: item.id, quantity }];

  if (item.type === 1) {
    if (hasModifiers) {
      throw new Invalid(`${path}.modifiers: item ${item.id} is a menu (type 1); a menu takes menuContents, not modifiers.`);
    }
    const dishes = (line.menuContents ?? []).map((dish, i) => {
      const at = `${path}.menuContents[${i}]`;
      if (dish.quantity != null && dish.quantity !== 1) {
        throw new Invalid(`${at}.quantity: a menu dish can only have quantity 1, got ${dish.quantity}.`);
      }
      const dishItem = findItem(account, dish.item_id, at);
      if (dishItem.type === 1) throw new Invalid(`${at}.item_id: item ${dishItem.id} is a menu; a menu dish cannot be a menu.`);
      if (dish.dishOrder != null) {
        const pivot = findById(account.catalog.menuMenuItemCategoryPivots, dish.dishOrder);
        const category = pivot && findById(account.catalog.menuMenuCategories, pivot.category_id);
        if (!pivot) throw new Invalid(`${at}.dishOrder: menu item-category pivot ${dish.dishOrder} does not exist.`);
        if (!category || category.item_id !== item.id || pivot.item_id !== dishItem.id) {
          throw new Invalid(`${at}.dishOrder: menu item-category pivot ${dish.dishOrder} does not offer item ${dishItem.id} in menu ${item.id}.`);
        }
      }
      const modifiers = checkModifiers(account, dishItem, dish.modifiers ?? [], at);
      unit += dish.price + modifiers.cents;
      stock.push({ itemId: dishItem.id, quantity });
      return {
        item_id: dishItem.id,
        name: dish.name,
        price: formatCents(dish.price),
        quantity: 1,
        dishOrder: dish.dishOrder ?? null,
        modifiers: modifiers.stored,
      };
    });
    stored.menuContents = dishes;
  } else {
    if (hasMenu) {
      throw new Invalid(`${path}.menuContents: item ${item.id} is not a menu (type ${item.type}); only menu items (type 1) take menuContents.`);
    }
    const modifiers = checkModifiers(account, item, line.modifiers ?? [], path);
    unit += modifiers.cents;
    stored.modifiers = modifiers.stored;
  }
  stored.unitTotal = formatCents(unit);
  stored.lineTotal = formatCents(unit * quantity);
  return { stored, cents: unit * quantity, stock };
}

function normalisedPhone(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const phone = String(value).replace(/\s+/g, '');
  return phone === '' ? null : phone;
}

/** The existing customer with that email or phone (clarifications: matched, not updated). */
function matchCustomer(account: AccountState, customer: NonNullable<LoyaltyOrderInput['customer']>): CustomerRecord | undefined {
  const email = customer.email.trim().toLowerCase();
  const phone = normalisedPhone(customer.phone);
  return account.commerce.customers.find(
    (c) => (typeof c.email === 'string' && c.email.trim().toLowerCase() === email) || (phone !== null && normalisedPhone(c.phone) === phone),
  );
}

function createCustomer(account: AccountState, customer: NonNullable<LoyaltyOrderInput['customer']>): CustomerRecord {
  const record: CustomerRecord = {
    id: nextId(account, 'customers', account.commerce.customers),
    name: customer.name,
    active: 1,
    tax_id: null,
    photo: null,
    super_group_id: null,
    printer_id: null,
    printer_group_id: null,
    email: customer.email,
    phone: customer.phone ?? null,
    nif: customer.nif ?? null,
    web: customer.web ?? null,
    address: customer.address ?? null,
    postalCode: customer.postalCode ?? null,
    city: customer.city ?? null,
    state: customer.state ?? null,
    extra_id: customer.extra_id ?? null,
    notes: customer.notes ?? null,
  };
  account.commerce.customers.push(record);
  return record;
}

function discountStock(account: AccountState, warehouseId: number, itemId: number, quantity: number): void {
  let stock = account.commerce.stocks.find((s) => s.warehouse_id === warehouseId && s.item_id === itemId);
  if (!stock) {
    const created: StockRecord = {
      id: nextId(account, 'stocks', account.commerce.stocks),
      quantity: 0,
      defaultQuantity: 0,
      alert: 0,
      warehouse_id: warehouseId,
      item_id: itemId,
      unit_id: null,
    };
    account.commerce.stocks.push(created);
    stock = created;
  }
  stock.quantity -= quantity;
}

/** "YYYY-MM-DD HH:MM:SS" of a date (UTC), the delivery date format of the clarifications. */
function deliveryDate(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** Validates and commits one loyalty order; returns the order id (new or merged into). */
export function placeLoyaltyOrder(account: AccountState, input: LoyaltyOrderInput, receivedAt: Date): OrderRecord {
  const { order } = input;

  if (input.warehouse_id != null && !account.commerce.warehouses.some((w) => w.id === input.warehouse_id)) {
    throw new Invalid(`warehouse_id: warehouse ${input.warehouse_id} does not exist.`);
  }
  const table = order.table_id != null ? account.tables.find((t) => t.id === order.table_id) : undefined;
  if (order.table_id != null && !table) throw new Invalid(`order.table_id: table ${order.table_id} does not exist.`);
  const methodId = order.payment?.payment_method_id;
  if (methodId != null && !account.paymentMethods.some((m) => m.id === methodId)) {
    throw new Invalid(`order.payment.payment_method_id: payment method ${methodId} does not exist.`);
  }

  // spec §2.10: skipMerge false (default) merges into the table's open order.
  const skipMerge = input.skipMerge ?? input.skip_merge ?? false;
  const target = table && !skipMerge ? openOrdersOnTable(account, table.id)[0] : undefined;

  if (order.contents.length === 0) {
    // clarifications: empty contents only pay a table's open order.
    const why = !table
      ? 'there is no table_id'
      : skipMerge
        ? 'skipMerge is true'
        : !target
          ? `table ${table.id} has no open order`
          : !order.payment
            ? 'there is no payment'
            : null;
    if (why !== null) {
      throw new Invalid(
        `order.contents: is empty, and ${why}. Empty contents only pay a table's open order ` +
          '(table_id of a table with an open order, skipMerge false, a payment, and total 0 — or, carrying a discount, ' +
          'total = orderDiscount.amount).',
      );
    }
  }

  const lines = order.contents.map((line, i) => priceLine(account, line, `order.contents[${i}]`));
  const contentsCents = lines.reduce((sum, line) => sum + line.cents, 0);

  // clarifications: the amount is negative and total = contents + amount. Merging, the contents a
  // discount may not exceed are the merged order's (docs/decisions.md "Bill discount and settled checks").
  const discountCents = order.orderDiscount?.amount ?? 0;
  const mergedCents = target ? (toCents(target.total) ?? 0) + contentsCents : contentsCents;
  if (-discountCents > mergedCents) {
    const what = target ? `the contents of open order ${target.id} merged with this order's` : 'the contents';
    throw new Invalid(`order.orderDiscount.amount ${formatCents(discountCents)} is a discount larger than ${what}: ${formatCents(mergedCents)}.`);
  }
  const expected = contentsCents + discountCents;
  if (order.total !== expected) {
    const detail = discountCents !== 0 ? ` (${formatCents(contentsCents)} + discount ${formatCents(discountCents)})` : '';
    throw new Invalid(`order.total ${formatCents(order.total)} does not match the contents: ${formatCents(expected)}${detail}.`);
  }
  if (order.total < 0 && order.contents.length > 0) {
    throw new Invalid(
      `order.total ${formatCents(order.total)}: must not be negative; only a payment of a table's open order (contents []) ` +
        'carrying a discount has a total below 0.',
    );
  }

  if (order.payment) {
    const total = (target ? (toCents(target.total) ?? 0) : 0) + order.total;
    const left = total - (target ? paidCents(target) : 0);
    if (order.payment.amount > left) {
      throw new Invalid(`order.payment.amount ${formatCents(order.payment.amount)} is more than the total minus what is already paid: ${formatCents(left)}.`);
    }
  }

  // Everything is valid: commit.
  let customer: Record<string, unknown> | null = null;
  if (input.customer) {
    const record = matchCustomer(account, input.customer) ?? createCustomer(account, input.customer);
    customer = { id: record.id, name: record.name, email: record.email ?? null, phone: record.phone ?? null };
  }
  if (input.warehouse_id != null) {
    for (const line of lines) for (const s of line.stock) discountStock(account, input.warehouse_id, s.itemId, s.quantity);
  }
  const payments = order.payment
    ? [
        {
          amount: formatCents(order.payment.amount),
          payment_method_id: order.payment.payment_method_id ?? null,
          payment_reference: order.payment.payment_reference ?? null,
          tip: order.payment.tip != null ? formatCents(order.payment.tip) : null,
        },
      ]
    : [];
  const discounts = order.orderDiscount ? [{ name: order.orderDiscount.name ?? 'Discount', amount: formatCents(discountCents) }] : [];
  const contents = lines.map((line) => line.stored);

  if (target) {
    // No spread into push: a long order would overflow the stack.
    for (const line of contents) target.contents.push(line);
    for (const payment of payments) target.payments.push(payment);
    target.discounts = [...(target.discounts ?? []), ...discounts];
    if (order.invoiceInfo) target.invoiceInfo = [...(target.invoiceInfo ?? []), order.invoiceInfo];
    if (order.extraId != null) target.extraIds.push(order.extraId);
    if (target.customer === null) target.customer = customer;
    if (order.notes) target.notes = target.notes ? `${target.notes}\n${order.notes}` : order.notes;
    addToTotal(target, order.total);
    target.updatedAt = receivedAt.toISOString();
    closeIfSettled(target, receivedAt);
    return target;
  }

  const delivery = input.delivery
    ? {
        phone: input.delivery.phone,
        date: input.delivery.date ?? deliveryDate(receivedAt),
        address: input.delivery.address ?? null,
        city: input.delivery.city ?? null,
        channel: input.delivery.channel ?? null,
      }
    : null;
  const opened = openOrder(
    account,
    {
      source: 'loyalty',
      tableIds: table ? [table.id] : [],
      // spec §2.10: the real table's name with a table_id, else the payload's, default SOLO.
      tableName: table ? table.name : order.tableName?.trim() || 'SOLO',
      guests: order.guests ?? 1,
      customer,
      notes: order.notes ?? null,
      contents,
      payments,
      delivery,
      total: formatCents(order.total),
      extraIds: order.extraId != null ? [order.extraId] : [],
      discounts,
      invoiceInfo: order.invoiceInfo ? [order.invoiceInfo] : [],
    },
    receivedAt,
  );
  closeIfSettled(opened, receivedAt);
  return opened;
}

async function handleLoyaltyOrder(c: Context<SandboxEnv>): Promise<Response> {
  const receivedAt = new Date();
  const account = c.get('account');
  const read = readLoyaltyBody(c.req.header('content-type'), await c.req.text());
  if (!read.ok) {
    return errorResponse(c, 422, `${read.message} Send the order of spec §2.10 as JSON or as form fields.`);
  }
  const body = read.value;
  const parsed = loyaltyOrderSchema.safeParse(body);
  if (!parsed.success) return errorResponse(c, 422, `The given data was invalid: ${describeIssues(parsed.error)}.`);

  let order: OrderRecord;
  try {
    order = placeLoyaltyOrder(account, parsed.data, receivedAt);
  } catch (error) {
    if (error instanceof Invalid) return errorResponse(c, 422, `The given data was invalid: ${error.message}`);
    throw error;
  }
  appendLedger(c.get('state'), {
    kind: 'loyalty',
    tenant: account.tenant,
    receivedAt: receivedAt.toISOString(),
    orderId: order.id,
    payload: structuredClone(body),
  });
  return c.json({ order_id: order.id }, 200);
}

/** POST /orders under /api/loyalty (header credentials checked by requireAccount()). */
export function loyaltyRoutes(): Hono<SandboxEnv> {
  const routes = new Hono<SandboxEnv>();
  routes.post('/orders', handleLoyaltyOrder);
  return routes;
}
