// The lines of each report (retail-api.md §4.6, clarifications "Reports"), computed on every call
// from the account's own orders, invoices, catalog and stock; nothing is stored or canned. Line
// shapes: the seven of the clarifications (hours, categorySales, productSales, payments, orders,
// taxes, stocks), `{ name, quantity, total }` for the others; money as decimal strings, counts and
// quantities as numbers. Decisions (docs/sandbox.md, "Reports"):
// - sales reports read the closed orders (status 1) whose `dateField` falls in the window (the
//   `orders` report lists open ones too); a line's total there is what was paid for it: its
//   `total` less its share of the order discount (spread as the order's tax is); order-level
//   figures (hours, payments, customers, invoices) are the orders' and invoices' own totals;
// - stock reports read the current stock rows (dates do not apply; `warehouse` narrows them),
//   valued at cost price (`productList`: at sale price);
// - `customerOrderContents`, `deliveryNoteContents`, `inOuts`, `marketingAnswers`, `presences`,
//   `targets`, `turns` and `vendorItems` have no source this API can create: an empty page;
// - lines come in the order of the id of what they group (hours by hour, taxes by rate, discounts
//   by name); what a deleted product or category leaves behind is grouped last, under null ids.
import { includedTax, mulDivRound, spread } from '../orders/arithmetic';
import type { RetailCategoryRecord, RetailData, RetailGroupRecord, RetailOrderLine, RetailOrderRecord, RetailProductRecord, RetailStockRecord } from '../model';
import { ORDER_STATUS, PRODUCT_TYPE } from '../model';
import { decimal2, number3 } from '../wire';
import type { DateField, ReportFilters } from './filters';
import { REPORT_SOURCE, type ReportName } from './names';
import { dayOfWeek, localOfIso } from './time';

/** What the reports read: the account's records (a seed qualifies, so its checks can run them). */
export type ReportData = Pick<
  RetailData,
  'orders' | 'invoices' | 'products' | 'categories' | 'groups' | 'stocks' | 'customers' | 'paymentMethods' | 'warehouses'
>;

export type ReportLine = Record<string, unknown>;

/** Names shown for what a deleted record leaves behind (the vendor's data is Spanish). */
export const NO_CATEGORY = 'Sin categoría';
export const NO_GROUP = 'Sin grupo';
export const NO_DISCOUNT_NAME = 'Descuento';

/** a × b / d rounded half away from zero, for a signed `a`. */
function scaleSigned(a: number, b: number, d: number): number {
  return a < 0 ? -mulDivRound(-a, b, d) : mulDivRound(a, b, d);
}

/** The shop-local `YYYY-MM-DD HH:mm:ss` of an order's date field (null: the order has none). */
export function orderMoment(order: RetailOrderRecord, field: DateField): string | null {
  switch (field) {
    case 'closed_at':
      return order.closed_at;
    case 'updated_at':
      return localOfIso(order.updated_at);
    default:
      // An order is opened when it is created: `opened_at` reads `created_at`.
      return localOfIso(order.created_at);
  }
}

function inTimeWindow(time: string, start: string | null, end: string | null): boolean {
  if (start === null && end === null) return true;
  if (start === null) return time <= (end as string);
  if (end === null) return time >= start;
  return start <= end ? time >= start && time <= end : time >= start || time <= end;
}

interface Selected {
  order: RetailOrderRecord;
  moment: string;
}

/** The orders a sales report counts, in id order. */
export function selectOrders(data: ReportData, f: ReportFilters, closedOnly: boolean): Selected[] {
  const out: Selected[] = [];
  for (const order of data.orders) {
    if (closedOnly && order.status !== ORDER_STATUS.closed) continue;
    const moment = orderMoment(order, f.dateField);
    if (moment === null) continue;
    const date = moment.slice(0, 10);
    if (date < f.startDate || date > f.endDate) continue;
    if (!inTimeWindow(moment.slice(11, 16), f.startTime, f.endTime)) continue;
    if (f.dayOfWeek !== null && dayOfWeek(date) !== f.dayOfWeek) continue;
    if (f.employee !== null && order.employee_id !== f.employee) continue;
    if (f.discount !== null && order.discountObject.id !== f.discount && !order.order_contents.some((l) => l.discountObject.id === f.discount)) continue;
    out.push({ order, moment });
  }
  return out.sort((a, b) => a.order.id - b.order.id);
}

interface SoldLine {
  line: RetailOrderLine;
  order: RetailOrderRecord;
  /** The line's total less its share of the order discount (cents). */
  net: number;
}

function soldLines(selected: readonly Selected[]): SoldLine[] {
  const out: SoldLine[] = [];
  for (const { order } of selected) {
    const shares = spread(
      order.orderDiscount,
      order.order_contents.map((l) => l.total),
    );
    order.order_contents.forEach((line, i) => out.push({ line, order, net: line.total - (shares[i] as number) }));
  }
  return out;
}

const units = (order: RetailOrderRecord) => order.order_contents.reduce((sum, l) => sum + l.quantity, 0);

/** Sums per key, kept with a sort key; `null` keys (deleted records) sort last. */
class Tally<K extends string | number | null> {
  private readonly rows = new Map<K, { quantity: number; cents: number; count: number }>();
  add(key: K, quantity: number, cents: number, count = 1): void {
    const row = this.rows.get(key);
    if (row) {
      row.quantity += quantity;
      row.cents += cents;
      row.count += count;
    } else this.rows.set(key, { quantity, cents, count });
  }
  get(key: K) {
    return this.rows.get(key);
  }
  sorted(): Array<[K, { quantity: number; cents: number; count: number }]> {
    return [...this.rows.entries()].sort(([a], [b]) => {
      if (a === b) return 0;
      if (a === null) return 1;
      if (b === null) return -1;
      return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), 'es');
    });
  }
}

interface Catalog {
  products: Map<number, RetailProductRecord>;
  categories: Map<number, RetailCategoryRecord>;
  groups: Map<number, RetailGroupRecord>;
}

function catalogOf(data: ReportData): Catalog {
  return {
    products: new Map(data.products.map((p) => [p.id, p])),
    categories: new Map(data.categories.map((c) => [c.id, c])),
    groups: new Map(data.groups.map((g) => [g.id, g])),
  };
}

function categoryOf(catalog: Catalog, productId: number): RetailCategoryRecord | null {
  const product = catalog.products.get(productId);
  return (product && catalog.categories.get(product.category_id)) ?? null;
}

function groupOf(catalog: Catalog, productId: number): RetailGroupRecord | null {
  const category = categoryOf(catalog, productId);
  return (category && catalog.groups.get(category.group_id)) ?? null;
}

const line3 = (name: string, quantity: number, cents: number): ReportLine => ({ name, quantity: number3(quantity), total: decimal2(cents) });

function salesBy(sold: readonly SoldLine[], key: (s: SoldLine) => number | null): Tally<number | null> {
  const tally = new Tally<number | null>();
  for (const s of sold) tally.add(key(s), s.line.quantity, s.net);
  return tally;
}

function stockRows(data: ReportData, f: ReportFilters): RetailStockRecord[] {
  return data.stocks
    .filter((s) => f.warehouse === null || s.warehouse_id === f.warehouse)
    .sort((a, b) => a.item_id - b.item_id || a.warehouse_id - b.warehouse_id);
}

/** Stock value: quantity (thousandths) × a price in cents. */
const valueOf = (quantity: number, priceCents: number) => scaleSigned(quantity, priceCents, 1000);

/** What every report computes from: the account's records, the filters and lookups over them. */
interface ReportContext {
  data: ReportData;
  f: ReportFilters;
  catalog: Catalog;
  /** The closed orders in the window, in id order. */
  closed: () => Selected[];
  productName: (id: number, fallback: string) => string;
}

/** Sales per category, group or product (undefined: not one of these reports). */
function productReport(name: ReportName, { data, catalog, closed, productName }: ReportContext): ReportLine[] | undefined {
  switch (name) {
    case 'categorySales':
    case 'categories': {
      const tally = salesBy(soldLines(closed()), (s) => categoryOf(catalog, s.line.product_id)?.id ?? null);
      return tally.sorted().map(([id, r]) => {
        const label = id === null ? NO_CATEGORY : (catalog.categories.get(id)?.name ?? NO_CATEGORY);
        return name === 'categorySales'
          ? { category_id: id, name: label, quantity: number3(r.quantity), total: decimal2(r.cents) }
          : line3(label, r.quantity, r.cents);
      });
    }
    case 'groups': {
      const tally = salesBy(soldLines(closed()), (s) => groupOf(catalog, s.line.product_id)?.id ?? null);
      return tally.sorted().map(([id, r]) => line3(id === null ? NO_GROUP : (catalog.groups.get(id)?.name ?? NO_GROUP), r.quantity, r.cents));
    }
    case 'productSales': {
      const sold = soldLines(closed());
      const names = new Map(sold.map((s) => [s.line.product_id, s.line.name]));
      return salesBy(sold, (s) => s.line.product_id)
        .sorted()
        .map(([id, r]) => ({
          product_id: id,
          name: productName(id as number, names.get(id as number) ?? ''),
          reference: catalog.products.get(id as number)?.reference ?? null,
          quantity: number3(r.quantity),
          total: decimal2(r.cents),
        }));
    }
    case 'products': {
      // Per article: a variant's sales count under its variant master.
      const sold = soldLines(closed());
      const names = new Map(sold.map((s) => [s.line.product_id, s.line.name]));
      const article = (id: number) => catalog.products.get(id)?.main_product_id ?? id;
      return salesBy(sold, (s) => article(s.line.product_id))
        .sorted()
        .map(([id, r]) => line3(productName(id as number, names.get(id as number) ?? ''), r.quantity, r.cents));
    }
    case 'fullProductSales': {
      // Every product that can be sold (not variant masters), sold or not.
      const tally = salesBy(soldLines(closed()), (s) => s.line.product_id);
      return data.products
        .filter((p) => p.type !== PRODUCT_TYPE.variantMaster)
        .sort((a, b) => a.id - b.id)
        .map((p) => {
          const r = tally.get(p.id);
          return line3(p.name, r?.quantity ?? 0, r?.cents ?? 0);
        });
    }
    default:
      return undefined;
  }
}

/** Sales per hour, payment method, tax rate, customer, invoice or discount, and the stock the sales took out. */
function orderReport(name: ReportName, { data, f, catalog, closed, productName }: ReportContext): ReportLine[] | undefined {
  switch (name) {
    case 'hours': {
      const tally = new Tally<number>();
      for (const { order, moment } of closed()) tally.add(Number(moment.slice(11, 13)), units(order), order.total);
      return tally.sorted().map(([hour, r]) => ({ hour, orders: r.count, quantity: number3(r.quantity), total: decimal2(r.cents) }));
    }
    case 'payments': {
      const invoices = new Map(data.invoices.map((i) => [i.id, i]));
      const methods = new Map(data.paymentMethods.map((m) => [m.id, m]));
      const tally = new Map<number, { count: number; amount: number; change: number }>();
      for (const { order } of closed()) {
        const invoice = order.invoice_id === null ? undefined : invoices.get(order.invoice_id);
        for (const p of invoice?.payments ?? []) {
          const row = tally.get(p.payment_method_id) ?? { count: 0, amount: 0, change: 0 };
          row.count += 1;
          row.amount += p.amount;
          row.change += p.change;
          tally.set(p.payment_method_id, row);
        }
      }
      return [...tally.entries()]
        .sort(([a], [b]) => a - b)
        .map(([id, r]) => ({
          payment_method_id: id,
          name: methods.get(id)?.name ?? '',
          count: r.count,
          amount: decimal2(r.amount),
          change: decimal2(r.change),
        }));
    }
    case 'orders':
      return selectOrders(data, f, false).map(({ order }) => ({
        id: order.id,
        closed_at: order.closed_at,
        customer_id: order.customer_id,
        total: decimal2(order.total),
        tax: decimal2(order.tax),
        status: order.status,
      }));
    case 'taxes': {
      const rates = new Map<number, { total: number; tax: number }>();
      for (const s of soldLines(closed())) {
        const row = rates.get(s.line.taxPercentage) ?? { total: 0, tax: 0 };
        row.total += s.net;
        row.tax += includedTax(s.net, s.line.taxPercentage);
        rates.set(s.line.taxPercentage, row);
      }
      return [...rates.entries()]
        .sort(([a], [b]) => a - b)
        .map(([rate, r]) => ({ taxPercentage: rate / 100, subtotal: decimal2(r.total - r.tax), tax: decimal2(r.tax), total: decimal2(r.total) }));
    }
    case 'customers':
    case 'ordersByCustomer':
    case 'customersList': {
      const tally = new Tally<number>();
      for (const { order } of closed()) if (order.customer_id !== null) tally.add(order.customer_id, units(order), order.total);
      const customers = new Map(data.customers.map((c) => [c.id, c]));
      if (name === 'customersList') {
        // Every customer of the account, with their orders in the window (0 when none).
        return [...data.customers]
          .sort((a, b) => a.id - b.id)
          .map((c) => {
            const r = tally.get(c.id);
            return { name: c.name, quantity: r?.count ?? 0, total: decimal2(r?.cents ?? 0) };
          });
      }
      return tally.sorted().map(([id, r]) => {
        const label = customers.get(id)?.name ?? '';
        return name === 'customers' ? line3(label, r.quantity, r.cents) : { name: label, quantity: r.count, total: decimal2(r.cents) };
      });
    }
    case 'orderInvoices': {
      const invoices = new Map(data.invoices.map((i) => [i.id, i]));
      return closed()
        .flatMap(({ order }) => {
          const invoice = order.invoice_id === null ? undefined : invoices.get(order.invoice_id);
          return invoice ? [{ invoice, order }] : [];
        })
        .sort((a, b) => a.invoice.id - b.invoice.id)
        .map(({ invoice, order }) => line3(invoice.number, units(order), invoice.total));
    }
    case 'orderDiscounts': {
      const tally = new Tally<string>();
      for (const { order } of closed()) {
        if (order.orderDiscount > 0) tally.add(order.discountObject.name || NO_DISCOUNT_NAME, 0, order.orderDiscount);
      }
      return tally.sorted().map(([label, r]) => ({ name: label, quantity: r.count, total: decimal2(r.cents) }));
    }
    case 'contentsDiscounts': {
      const tally = new Tally<string>();
      for (const { line } of soldLines(closed())) {
        if (line.discount <= 0 || (f.discount !== null && line.discountObject.id !== f.discount)) continue;
        tally.add(line.discountObject.name || NO_DISCOUNT_NAME, line.quantity, line.discount);
      }
      return tally.sorted().map(([label, r]) => line3(label, r.quantity, r.cents));
    }
    case 'stockMovements': {
      // Invoices take stock out of warehouse 1 (clarifications): one movement out per product.
      if (f.warehouse !== null && f.warehouse !== 1) return [];
      const tally = new Tally<number>();
      for (const { line } of soldLines(closed())) {
        const product = catalog.products.get(line.product_id);
        if (!product?.usesStockManagement) continue;
        const out = product.usesWeight && line.weight !== null ? line.weight : line.quantity;
        tally.add(product.id, -out, -valueOf(out, product.costPrice));
      }
      return tally.sorted().map(([id, r]) => line3(productName(id, ''), r.quantity, r.cents));
    }
    default:
      return undefined;
  }
}

/** The current stock rows, per product, warehouse, category or group. */
function stockReport(name: ReportName, { data, f, catalog, productName }: ReportContext): ReportLine[] | undefined {
  switch (name) {
    case 'stocks':
      return stockRows(data, f).map((s) => ({
        product_id: s.item_id,
        name: productName(s.item_id, ''),
        warehouse_id: s.warehouse_id,
        quantity: number3(s.quantity),
        alert: s.quantity <= s.alert,
      }));
    case 'inventoryContents':
      return stockRows(data, f).map((s) => line3(productName(s.item_id, ''), s.quantity, valueOf(s.quantity, catalog.products.get(s.item_id)?.costPrice ?? 0)));
    case 'inventories': {
      const tally = new Tally<number>();
      for (const s of stockRows(data, f)) tally.add(s.warehouse_id, s.quantity, valueOf(s.quantity, catalog.products.get(s.item_id)?.costPrice ?? 0));
      const warehouses = new Map(data.warehouses.map((w) => [w.id, w]));
      return tally.sorted().map(([id, r]) => line3(warehouses.get(id)?.name ?? '', r.quantity, r.cents));
    }
    case 'stockCategories':
    case 'stockGroups': {
      const tally = new Tally<number | null>();
      for (const s of stockRows(data, f)) {
        const key = name === 'stockCategories' ? (categoryOf(catalog, s.item_id)?.id ?? null) : (groupOf(catalog, s.item_id)?.id ?? null);
        tally.add(key, s.quantity, valueOf(s.quantity, catalog.products.get(s.item_id)?.costPrice ?? 0));
      }
      return tally.sorted().map(([id, r]) => {
        const label =
          name === 'stockCategories'
            ? id === null
              ? NO_CATEGORY
              : (catalog.categories.get(id)?.name ?? NO_CATEGORY)
            : id === null
              ? NO_GROUP
              : (catalog.groups.get(id)?.name ?? NO_GROUP);
        return line3(label, r.quantity, r.cents);
      });
    }
    case 'productList': {
      // The catalog with its stock (every warehouse, or `warehouse`), valued at sale price.
      const stock = new Map<number, number>();
      for (const s of stockRows(data, f)) stock.set(s.item_id, (stock.get(s.item_id) ?? 0) + s.quantity);
      return [...data.products].sort((a, b) => a.id - b.id).map((p) => line3(p.name, stock.get(p.id) ?? 0, valueOf(stock.get(p.id) ?? 0, p.price)));
    }
    default:
      return undefined;
  }
}

/** Every line of a report for these filters (the route pages them). */
export function computeReport(name: ReportName, data: ReportData, f: ReportFilters): ReportLine[] {
  if (REPORT_SOURCE[name] === 'none') return [];
  const catalog = catalogOf(data);
  const context: ReportContext = {
    data,
    f,
    catalog,
    closed: () => selectOrders(data, f, true),
    productName: (id, fallback) => catalog.products.get(id)?.name ?? fallback,
  };
  return productReport(name, context) ?? orderReport(name, context) ?? stockReport(name, context) ?? [];
}
