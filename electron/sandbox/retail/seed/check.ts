// Consistency checks of a retail seed (as ../../seed/check.ts does for the venue): every record
// against its schema (./schemas.ts), unique ids, references that resolve (variants name their
// variant master, stock rows a product and a warehouse, once each), valid and unique EAN-13
// barcodes, no negative stock, every order following the order arithmetic to the cent and every
// invoice the invoice rules, and the reports' coverage: every report with a source has lines over
// the seed's history. Run by the demo shop's tests (seed tests next to this file).
import { expectedLine, expectedOrder } from '../orders/arithmetic';
import type { RetailData, RetailSeed } from '../model';
import { ORDER_STATUS, PRODUCT_TYPE } from '../model';
import { computeReport } from '../reports/compute';
import type { ReportFilters } from '../reports/filters';
import { REPORT_NAMES, REPORT_SOURCE, type ReportName } from '../reports/names';
import { isValidEan13 } from './ean';
import { retailRecordSchemas } from './schemas';

export interface RetailSeedCheckOptions {
  /** Every product that can be sold (not a variant master) must have a barcode. */
  requireBarcodes?: boolean;
  /** Check that every report with a source has lines over the history. */
  reportCoverage?: boolean;
}

type WithId = { id: number };

function ids<T extends WithId>(records: readonly T[], label: string, problems: string[]): Map<number, T> {
  const map = new Map<number, T>();
  for (const r of records) {
    if (map.has(r.id)) problems.push(`${label}: id ${r.id} is used twice`);
    map.set(r.id, r);
  }
  return map;
}

/** Every problem of a retail seed, as readable lines (empty when consistent). */
export function checkRetailSeed(seed: RetailSeed, options: RetailSeedCheckOptions = {}): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(retailRecordSchemas) as (keyof RetailData)[]) {
    const schema = retailRecordSchemas[key];
    (seed[key] as readonly unknown[]).forEach((record, i) => {
      const parsed = schema.safeParse(record);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        problems.push(`${key}[${i}]: ${issue?.path.join('.') || 'record'}: ${issue?.message ?? 'invalid'}`);
      }
    });
  }
  if (problems.length > 0) return problems;

  const taxes = ids(seed.taxes, 'taxes', problems);
  const units = ids(seed.units, 'units', problems);
  const methods = ids(seed.paymentMethods, 'paymentMethods', problems);
  const warehouses = ids(seed.warehouses, 'warehouses', problems);
  const sets = ids(seed.variantSets, 'variantSets', problems);
  const variants = ids(seed.variants, 'variants', problems);
  const groups = ids(seed.groups, 'groups', problems);
  const categories = ids(seed.categories, 'categories', problems);
  const products = ids(seed.products, 'products', problems);
  const customers = ids(seed.customers, 'customers', problems);
  const rates = ids(seed.priceRates, 'priceRates', problems);
  const promotions = ids(seed.promotions, 'promotions', problems);
  const orders = ids(seed.orders, 'orders', problems);
  const invoices = ids(seed.invoices, 'invoices', problems);
  ids(seed.productVariants, 'productVariants', problems);
  ids(seed.stocks, 'stocks', problems);
  const ref = (map: Map<number, unknown>, id: number | null, where: string) => {
    if (id !== null && !map.has(id)) problems.push(`${where}: unknown id ${id}`);
  };

  if (seed.paymentMethods.filter((m) => m.cash).length !== 1) problems.push('paymentMethods: exactly one method must be the cash one');
  for (const v of seed.variants) ref(sets, v.variant_set_id, `variant ${v.id} variant_set_id`);
  for (const c of seed.customers) ref(rates, c.price_rate_id ?? null, `customer ${c.id} price_rate_id`);
  for (const g of seed.groups) ref(taxes, g.tax_id, `group ${g.id} tax_id`);
  for (const c of seed.categories) {
    ref(groups, c.group_id, `category ${c.id} group_id`);
    ref(taxes, c.tax_id, `category ${c.id} tax_id`);
  }
  const barcodes = new Map<string, number>();
  for (const p of seed.products) {
    const where = `product ${p.id} "${p.name}"`;
    ref(categories, p.category_id, `${where} category_id`);
    ref(taxes, p.tax_id, `${where} tax_id`);
    ref(units, p.unit_id, `${where} unit_id`);
    ref(products, p.complementary_product_id, `${where} complementary_product_id`);
    if (p.type === PRODUCT_TYPE.variant) {
      const master = p.main_product_id === null ? undefined : products.get(p.main_product_id);
      if (master?.type !== PRODUCT_TYPE.variantMaster) problems.push(`${where}: a variant (type 6) must name its variant master (type 5) in main_product_id`);
    } else ref(products, p.main_product_id, `${where} main_product_id`);
    if (p.barcode !== null) {
      if (!isValidEan13(p.barcode)) problems.push(`${where}: barcode ${p.barcode} is not a valid EAN-13`);
      const other = barcodes.get(p.barcode);
      if (other !== undefined) problems.push(`${where}: barcode ${p.barcode} is also product ${other}'s`);
      barcodes.set(p.barcode, p.id);
    } else if (options.requireBarcodes && p.type !== PRODUCT_TYPE.variantMaster) problems.push(`${where}: has no barcode`);
  }
  const variantOf = new Set<number>();
  for (const pv of seed.productVariants) {
    if (products.get(pv.product_id)?.type !== PRODUCT_TYPE.variant)
      problems.push(`productVariant ${pv.id}: product ${pv.product_id} is not a variant (type 6)`);
    if (variantOf.has(pv.product_id)) problems.push(`productVariant ${pv.id}: product ${pv.product_id} has two variant rows`);
    variantOf.add(pv.product_id);
    const [first, second] = [pv.variant_1_id, pv.variant_2_id].map((v) => (v === null ? null : variants.get(v)));
    if (pv.variant_1_id !== null && !first) problems.push(`productVariant ${pv.id}: unknown variant ${pv.variant_1_id}`);
    if (pv.variant_2_id !== null && !second) problems.push(`productVariant ${pv.id}: unknown variant ${pv.variant_2_id}`);
    if (first && second && first.variant_set_id === second.variant_set_id)
      problems.push(`productVariant ${pv.id}: both values are of variant set ${first.variant_set_id}`);
  }
  for (const p of seed.products)
    if (p.type === PRODUCT_TYPE.variant && !variantOf.has(p.id)) problems.push(`product ${p.id}: a variant without its product variant row`);

  const stockKeys = new Set<string>();
  for (const s of seed.stocks) {
    const product = products.get(s.item_id);
    if (!product) problems.push(`stock ${s.id}: unknown product ${s.item_id}`);
    else if (product.type === PRODUCT_TYPE.variantMaster)
      problems.push(`stock ${s.id}: product ${s.item_id} is a variant master (its variants hold the stock)`);
    ref(warehouses, s.warehouse_id, `stock ${s.id} warehouse_id`);
    ref(units, s.unit_id, `stock ${s.id} unit_id`);
    if (s.quantity < 0) problems.push(`stock ${s.id}: negative quantity ${s.quantity / 1000}`);
    const key = `${s.item_id}/${s.warehouse_id}`;
    if (stockKeys.has(key)) problems.push(`stock ${s.id}: product ${s.item_id} has two rows in warehouse ${s.warehouse_id}`);
    stockKeys.add(key);
  }
  for (const l of seed.priceRateLinks) {
    ref(rates, l.price_rate_id, `priceRateLink ${l.price_rate_id}/${l.product_id} price_rate_id`);
    ref(products, l.product_id, `priceRateLink ${l.price_rate_id}/${l.product_id} product_id`);
  }
  for (const p of seed.promotions) {
    if (p.type === 2 && (p.price_rate_id === null || !rates.has(p.price_rate_id))) problems.push(`promotion ${p.id}: type 2 needs an existing price_rate_id`);
    if (p.type === 1 && p.apply_type === null) problems.push(`promotion ${p.id}: type 1 needs apply_type`);
    if (p.type === 3 && p.combo_price === null) problems.push(`promotion ${p.id}: type 3 needs combo_price`);
    if (p.type === 4 && (p.condition === null || p.quantity === null || p.action === null || p.discount === null))
      problems.push(`promotion ${p.id}: type 4 needs condition, quantity, action and discount`);
    if (p.start_date && p.end_date && p.end_date < p.start_date) problems.push(`promotion ${p.id}: end_date before start_date`);
  }
  for (const l of seed.promotionCategories) {
    ref(promotions, l.promotion_id, `promotionCategory promotion_id`);
    ref(categories, l.target_id, `promotionCategory ${l.promotion_id} category`);
  }
  for (const l of seed.promotionProducts) {
    ref(promotions, l.promotion_id, `promotionProduct promotion_id`);
    ref(products, l.target_id, `promotionProduct ${l.promotion_id} product`);
  }

  checkOrders(seed, { products, customers, methods, orders, invoices }, problems);
  if (options.reportCoverage) problems.push(...checkReportCoverage(seed));
  return problems;
}

function checkOrders(
  seed: RetailSeed,
  maps: {
    products: Map<number, RetailSeed['products'][number]>;
    customers: Map<number, unknown>;
    methods: Map<number, RetailSeed['paymentMethods'][number]>;
    orders: Map<number, RetailSeed['orders'][number]>;
    invoices: Map<number, RetailSeed['invoices'][number]>;
  },
  problems: string[],
): void {
  const lineIds = new Set<number>();
  for (const o of seed.orders) {
    const where = `order ${o.id}`;
    if (o.customer_id !== null && !maps.customers.has(o.customer_id)) problems.push(`${where}: unknown customer ${o.customer_id}`);
    const inputs = o.order_contents.map((line) => {
      const product = maps.products.get(line.product_id);
      if (!product) problems.push(`${where} line ${line.id}: unknown product ${line.product_id}`);
      else if (product.type === PRODUCT_TYPE.variantMaster) problems.push(`${where} line ${line.id}: sells a variant master`);
      if (line.order_id !== o.id) problems.push(`${where} line ${line.id}: order_id ${line.order_id}`);
      if (lineIds.has(line.id)) problems.push(`${where} line ${line.id}: line id used twice`);
      lineIds.add(line.id);
      const input = {
        priceCents: line.price,
        measureThousandths: product?.usesWeight && line.weight !== null ? line.weight : line.quantity,
        discountCents: line.discount,
        taxPercentHundredths: line.taxPercentage,
      };
      const e = expectedLine(input);
      if (e.sum !== line.sum || e.total !== line.total || e.tax !== line.tax || e.subtotal !== line.subtotal) {
        problems.push(`${where} line ${line.id}: sum/total/tax/subtotal do not follow the order arithmetic`);
      }
      return input;
    });
    const e = expectedOrder(inputs, o.orderDiscount, o.shippingAmount);
    if (e.sum !== o.sum || e.total !== o.total || e.tax !== o.tax || e.subtotal !== o.subtotal)
      problems.push(`${where}: sum/total/tax/subtotal do not follow the order arithmetic`);
    const invoice = o.invoice_id === null ? undefined : maps.invoices.get(o.invoice_id);
    if ((o.status === ORDER_STATUS.closed) !== (invoice !== undefined)) problems.push(`${where}: a closed order has exactly one invoice, an open one none`);
    if (o.status === ORDER_STATUS.closed && o.closed_at === null) problems.push(`${where}: closed without closed_at`);
    if (invoice && invoice.order_id !== o.id) problems.push(`${where}: its invoice ${invoice.id} names order ${invoice.order_id}`);
  }
  const numbers = new Set<string>();
  const paymentIds = new Set<number>();
  for (const i of seed.invoices) {
    const where = `invoice ${i.id} ${i.number}`;
    const order = maps.orders.get(i.order_id);
    if (!order) problems.push(`${where}: unknown order ${i.order_id}`);
    else if (order.invoice_id !== i.id) problems.push(`${where}: order ${order.id} names invoice ${order.invoice_id}`);
    if (numbers.has(i.number)) problems.push(`${where}: number used twice`);
    numbers.add(i.number);
    let paid = 0;
    for (const p of i.payments) {
      if (paymentIds.has(p.id)) problems.push(`${where}: payment id ${p.id} used twice`);
      paymentIds.add(p.id);
      const method = maps.methods.get(p.payment_method_id);
      if (!method) problems.push(`${where}: unknown payment method ${p.payment_method_id}`);
      else if (p.change > 0 && !method.cash) problems.push(`${where}: change on ${method.name}`);
      if (p.change > p.amount) problems.push(`${where}: change above the payment`);
      paid += p.amount - p.change;
    }
    if (order && (paid !== order.total || i.total !== order.total)) problems.push(`${where}: payments add up to ${paid}, the order's total is ${order.total}`);
  }
}

/** Reports with a source that have no line over the seed's whole history (by `closed_at`). */
export function checkReportCoverage(seed: RetailSeed): string[] {
  const dates = seed.orders.flatMap((o) => (o.closed_at === null ? [] : [o.closed_at.slice(0, 10)])).sort();
  if (dates.length === 0) return ['reports: the seed has no closed order'];
  const filters: ReportFilters = {
    startDate: dates[0] as string,
    endDate: dates[dates.length - 1] as string,
    startTime: null,
    endTime: null,
    dateField: 'closed_at',
    dayOfWeek: null,
    employee: null,
    discount: null,
    warehouse: null,
  };
  return REPORT_NAMES.filter((name: ReportName) => REPORT_SOURCE[name] !== 'none' && computeReport(name, seed, filters).length === 0).map(
    (name) => `report ${name}: no line over the history`,
  );
}
