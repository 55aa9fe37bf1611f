// The 31 report names of retail-api.md §4.6, and what each one is built from (docs/sandbox.md,
// "Reports"): the orders, their invoices, the catalog and the stock this API can create, or nothing
// (an empty page) where the report's source is a document the API has no call for.

export const REPORT_NAMES = [
  'categories',
  'categorySales',
  'contentsDiscounts',
  'customerOrderContents',
  'customersList',
  'customers',
  'deliveryNoteContents',
  'fullProductSales',
  'groups',
  'hours',
  'inOuts',
  'inventories',
  'inventoryContents',
  'marketingAnswers',
  'orderDiscounts',
  'orderInvoices',
  'ordersByCustomer',
  'orders',
  'payments',
  'presences',
  'productList',
  'productSales',
  'products',
  'stockCategories',
  'stockGroups',
  'stockMovements',
  'stocks',
  'targets',
  'taxes',
  'turns',
  'vendorItems',
] as const;

export type ReportName = (typeof REPORT_NAMES)[number];

/** What a report reads: sales (orders in the date window), stock (the current stock rows), or nothing. */
export type ReportSource = 'sales' | 'stock' | 'none';

export const REPORT_SOURCE: Readonly<Record<ReportName, ReportSource>> = {
  categories: 'sales',
  categorySales: 'sales',
  contentsDiscounts: 'sales',
  customerOrderContents: 'none',
  customersList: 'sales',
  customers: 'sales',
  deliveryNoteContents: 'none',
  fullProductSales: 'sales',
  groups: 'sales',
  hours: 'sales',
  inOuts: 'none',
  inventories: 'stock',
  inventoryContents: 'stock',
  marketingAnswers: 'none',
  orderDiscounts: 'sales',
  orderInvoices: 'sales',
  ordersByCustomer: 'sales',
  orders: 'sales',
  payments: 'sales',
  presences: 'none',
  productList: 'stock',
  productSales: 'sales',
  products: 'sales',
  stockCategories: 'stock',
  stockGroups: 'stock',
  stockMovements: 'sales',
  stocks: 'stock',
  targets: 'none',
  taxes: 'sales',
  turns: 'none',
  vendorItems: 'none',
};

export function isReportName(name: string): name is ReportName {
  return Object.hasOwn(REPORT_SOURCE, name);
}
