// Catalog records as the retail API returns them (retail-api.md §2.6): the read-only `tax` object
// on every record, a variant's `variant_master`, and with the list filters `ecommerce_info`,
// `stocks` and `variant_info`.
import type { RetailAccountState, RetailCategoryRecord, RetailGroupRecord, RetailProductRecord, RetailStockRecord, TaxRecord } from '../model';
import { PRODUCT_TYPE } from '../model';
import { decimal2, decimal3 } from '../wire';

/** §2.6 read-only `tax` object, or null when the record names no tax. */
export function taxObject(account: RetailAccountState, taxId: number | null): Record<string, unknown> | null {
  if (taxId === null) return null;
  const tax = account.taxes.find((t) => t.id === taxId);
  return tax ? { id: tax.id, name: tax.name, percentage: decimal2(tax.percentage), shouldStack: tax.shouldStack } : null;
}

/** §2.3 tax as config/taxes lists it. */
export function taxWire(tax: TaxRecord): Record<string, unknown> {
  return { id: tax.id, name: tax.name, taxPercentage: tax.percentage / 100 };
}

export function groupWire(account: RetailAccountState, group: RetailGroupRecord): Record<string, unknown> {
  return { ...group, tax: taxObject(account, group.tax_id) };
}

export function categoryWire(account: RetailAccountState, category: RetailCategoryRecord): Record<string, unknown> {
  return { ...category, tax: taxObject(account, category.tax_id) };
}

/** §2.6 entry of a product's `stocks`. */
export function productStockWire(stock: RetailStockRecord): Record<string, unknown> {
  return {
    id: stock.id,
    quantity: decimal3(stock.quantity),
    alert: stock.quantity <= stock.alert,
    warehouse_id: stock.warehouse_id,
    item_id: stock.item_id,
    unit_id: stock.unit_id,
  };
}

export interface ProductFilters {
  withECommerce?: boolean;
  withStocks?: boolean;
  withECommerceStocks?: boolean;
  withVariantInfo?: boolean;
}

/** The product's own fields (no filters, no variant master). */
function baseProduct(account: RetailAccountState, product: RetailProductRecord): Record<string, unknown> {
  const { ecommerce: _ecommerce, price, costPrice, ...fields } = product;
  return { ...fields, price: decimal2(price), costPrice: decimal2(costPrice), tax: taxObject(account, product.tax_id) };
}

export function productWire(account: RetailAccountState, product: RetailProductRecord, filters: ProductFilters = {}): Record<string, unknown> {
  const wire = baseProduct(account, product);
  if (product.type === PRODUCT_TYPE.variant && product.main_product_id !== null) {
    const master = account.products.find((p) => p.id === product.main_product_id);
    if (master) wire.variant_master = baseProduct(account, master);
  }
  const ecommerceStocks = account.ecommerceModule && filters.withECommerceStocks === true;
  if (filters.withECommerce) {
    const info = product.ecommerce;
    wire.ecommerce_info = info
      ? {
          id: info.id,
          product_id: product.id,
          active: info.active,
          weight: info.weight,
          sizes: info.sizes,
          price: decimal2(info.price),
          discount_amount: decimal2(info.discount_amount),
          discount_percentage: decimal2(info.discount_percentage),
        }
      : null;
  }
  if (filters.withStocks || ecommerceStocks) {
    wire.stocks = account.stocks.filter((s) => s.item_id === product.id).map(productStockWire);
  }
  if (filters.withVariantInfo || ecommerceStocks) {
    const info = account.productVariants.find((v) => v.product_id === product.id);
    wire.variant_info = info ? { ...info } : null;
  }
  return wire;
}
