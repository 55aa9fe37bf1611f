// Consistency checks of seed data: every reference resolves, pivots point at the right item types
// (spec 2.5), prices have at most 2 decimals, allergy strings use the codes of spec 2.7. Used when
// the demo venue loads (a bad edit fails loudly) and by the tests of the scale generator.
import type { CatalogResource, CatalogState } from '../catalog/model';
import { CATALOG_RESOURCES } from '../catalog/model';
import type { CommerceState } from '../commerce/model';
import { isValidAllergyString } from './allergens';
import { isValidCompanyNif } from './nif';
import { cents, hasAtMostTwoDecimals } from './text';

type WithId = { id: number };

function byId<T extends WithId>(records: readonly T[], label: string, problems: string[]): Map<number, T> {
  const map = new Map<number, T>();
  for (const r of records) {
    if (!Number.isInteger(r.id) || r.id < 1) problems.push(`${label}: invalid id ${String(r.id)}`);
    if (map.has(r.id)) problems.push(`${label}: id ${r.id} is used twice`);
    map.set(r.id, r);
  }
  return map;
}

function checkMoney(value: unknown, where: string, problems: string[]): void {
  if (typeof value !== 'number' || value < 0 || !hasAtMostTwoDecimals(value)) {
    problems.push(`${where}: ${String(value)} is not an amount with at most 2 decimals`);
  }
}

function checkName(value: unknown, where: string, problems: string[]): void {
  if (typeof value !== 'string' || value.trim() === '') problems.push(`${where}: missing name`);
}

/** Pivots have no name (spec 2.6); every other catalog record requires one. */
const UNNAMED: ReadonlySet<CatalogResource> = new Set(['sellingFormatPivots', 'modifierPivots', 'menuMenuItemCategoryPivots']);

const isFlag = (v: unknown) => v === 0 || v === 1;

/** Every problem of a catalog, as readable lines (empty when consistent). */
export function checkCatalog(catalog: CatalogState): string[] {
  const problems: string[] = [];
  const maps = {} as { [R in CatalogResource]: Map<number, CatalogState[R][number]> };
  for (const resource of CATALOG_RESOURCES) {
    const records = catalog[resource] as readonly { id: number; name?: unknown }[];
    (maps as Record<string, unknown>)[resource] = byId(records, resource, problems);
    if (UNNAMED.has(resource)) continue;
    for (const r of records) checkName(r.name, `${resource} ${r.id}`, problems);
  }
  const ref = (map: Map<number, unknown>, id: unknown, where: string, optional: boolean) => {
    if (id === null || id === undefined) {
      if (!optional) problems.push(`${where}: missing reference`);
      return;
    }
    if (!map.has(id as number)) problems.push(`${where}: unknown id ${String(id)}`);
  };

  for (const c of catalog.categories) {
    ref(maps.groups, c.group_id, `category ${c.id} group_id`, false);
    ref(maps.modifierGroups, c.modifier_group_id, `category ${c.id} modifier_group_id`, true);
    ref(maps.modifierCategories, c.modifier_category_id, `category ${c.id} modifier_category_id`, true);
  }
  const formatPivotItems = new Set<number>();
  for (const p of catalog.sellingFormatPivots) formatPivotItems.add(p.item_id);
  const menuCategoryItems = new Set<number>();
  for (const m of catalog.menuMenuCategories) menuCategoryItems.add(m.item_id);

  for (const i of catalog.items) {
    const where = `item ${i.id} "${i.name}"`;
    if (i.type !== 0 && i.type !== 1 && i.type !== 4) problems.push(`${where}: type ${String(i.type)} is not 0, 1 or 4`);
    ref(maps.categories, i.category_id, `${where} category_id`, false);
    ref(maps.modifierGroups, i.modifier_group_id, `${where} modifier_group_id`, true);
    ref(maps.modifierCategories, i.modifier_category_id, `${where} modifier_category_id`, true);
    checkMoney(i.price, `${where} price`, problems);
    checkMoney(i.costPrice, `${where} costPrice`, problems);
    if (!isFlag(i.active)) problems.push(`${where}: active is not 0/1`);
    if (!isValidAllergyString(i.allergies)) problems.push(`${where}: invalid allergies "${String(i.allergies)}"`);
    if (i.type === 4 && !formatPivotItems.has(i.id)) problems.push(`${where}: selling-format item without format pivots`);
    if (i.type === 1 && !menuCategoryItems.has(i.id)) problems.push(`${where}: menu item without menu categories`);
    if (i.photo !== null && i.photo !== undefined && !/^[^/].*\.[a-z0-9]+$/i.test(i.photo)) {
      problems.push(`${where}: photo "${i.photo}" is not a relative path with an extension`);
    }
  }
  for (const p of catalog.sellingFormatPivots) {
    const where = `sellingFormatPivot ${p.id}`;
    ref(maps.sellingFormats, p.format_id, `${where} format_id`, false);
    const item = maps.items.get(p.item_id);
    if (!item) problems.push(`${where} item_id: unknown id ${p.item_id}`);
    else if (item.type !== 4) problems.push(`${where}: item ${p.item_id} has type ${item.type}, not 4`);
    checkMoney(p.price, `${where} price`, problems);
    if (!(typeof p.quantity === 'number' && p.quantity > 0)) problems.push(`${where}: quantity must be positive`);
  }
  for (const m of catalog.modifiers) {
    ref(maps.modifierCategories, m.category_id, `modifier ${m.id} category_id`, false);
    checkMoney(m.price, `modifier ${m.id} price`, problems);
  }
  for (const mc of catalog.modifierCategories) {
    if (!isFlag(mc.isChoice) || !isFlag(mc.isOptional)) problems.push(`modifierCategory ${mc.id}: isChoice/isOptional not 0/1`);
  }
  for (const p of catalog.modifierPivots) {
    ref(maps.modifierGroups, p.group_id, `modifierPivot ${p.id} group_id`, false);
    ref(maps.modifierCategories, p.category_id, `modifierPivot ${p.id} category_id`, false);
  }
  for (const m of catalog.menuMenuCategories) {
    const where = `menuMenuCategory ${m.id}`;
    const item = maps.items.get(m.item_id);
    if (!item) problems.push(`${where} item_id: unknown id ${m.item_id}`);
    else if (item.type !== 1) problems.push(`${where}: item ${m.item_id} has type ${item.type}, not 1`);
    if (![0, 1, 2, 3, 4].includes(m.isMultipleChoice)) problems.push(`${where}: isMultipleChoice ${m.isMultipleChoice}`);
    if (!(Number.isInteger(m.min) && Number.isInteger(m.max) && m.min >= 0 && m.min <= m.max)) {
      problems.push(`${where}: min ${m.min} / max ${m.max}`);
    }
  }
  for (const p of catalog.menuMenuItemCategoryPivots) {
    const where = `menuMenuItemCategoryPivot ${p.id}`;
    ref(maps.menuMenuCategories, p.category_id, `${where} category_id`, false);
    const item = maps.items.get(p.item_id);
    if (!item) problems.push(`${where} item_id: unknown id ${p.item_id}`);
    else if (item.type !== 0) problems.push(`${where}: item ${p.item_id} has type ${item.type}, not 0`);
    ref(maps.modifierGroups, p.modifier_group_id, `${where} modifier_group_id`, true);
    ref(maps.sellingFormatPivots, p.format_pivot_id, `${where} format_pivot_id`, true);
    checkMoney(p.price, `${where} price`, problems);
    if (!isFlag(p.addModifiersPrice)) problems.push(`${where}: addModifiersPrice not 0/1`);
  }
  return problems;
}

/** Every problem of commerce records against their catalog (empty when consistent). */
export function checkCommerce(commerce: CommerceState, catalog: CatalogState): string[] {
  const problems: string[] = [];
  const items = byId(catalog.items, 'items', []);
  const warehouses = byId(commerce.warehouses, 'warehouses', problems);
  const vendors = byId(commerce.vendors, 'vendors', problems);
  const vendorItems = byId(commerce.vendorItems, 'vendorItems', problems);
  byId(commerce.customers, 'customers', problems);
  byId(commerce.stocks, 'stocks', problems);
  byId(commerce.purchaseOrders, 'purchaseOrders', problems);

  const emails = new Set<string>();
  for (const c of commerce.customers) {
    checkName(c.name, `customer ${c.id}`, problems);
    if (c.email) {
      if (emails.has(c.email)) problems.push(`customer ${c.id}: email ${c.email} is used twice`);
      emails.add(c.email);
    }
  }
  const stockKeys = new Set<string>();
  for (const s of commerce.stocks) {
    if (!warehouses.has(s.warehouse_id)) problems.push(`stock ${s.id}: unknown warehouse ${s.warehouse_id}`);
    if (!items.has(s.item_id)) problems.push(`stock ${s.id}: unknown item ${s.item_id}`);
    const key = `${s.warehouse_id}/${s.item_id}`;
    if (stockKeys.has(key)) problems.push(`stock ${s.id}: item ${s.item_id} has two rows in warehouse ${s.warehouse_id}`);
    stockKeys.add(key);
  }
  const nifs = new Set<string>();
  for (const v of commerce.vendors) {
    if (!v.name || !v.address) problems.push(`vendor ${v.id}: name and address are required`);
    if (!isValidCompanyNif(v.nif)) problems.push(`vendor ${v.id}: invalid nif ${v.nif}`);
    if (nifs.has(v.nif)) problems.push(`vendor ${v.id}: nif ${v.nif} is used twice`);
    nifs.add(v.nif);
  }
  const relations = new Set<string>();
  for (const vi of commerce.vendorItems) {
    if (!vendors.has(vi.vendor_id)) problems.push(`vendorItem ${vi.id}: unknown vendor ${vi.vendor_id}`);
    if (!items.has(vi.item_id)) problems.push(`vendorItem ${vi.id}: unknown item ${vi.item_id}`);
    const key = `${vi.vendor_id}/${vi.item_id}`;
    if (relations.has(key)) problems.push(`vendorItem ${vi.id}: item ${vi.item_id} is related twice to vendor ${vi.vendor_id}`);
    relations.add(key);
    if (!/^\d+\.\d{2}$/.test(vi.costPrice)) problems.push(`vendorItem ${vi.id}: costPrice "${vi.costPrice}" is not a 2-decimal string`);
  }
  for (const po of commerce.purchaseOrders) {
    const where = `purchaseOrder ${po.id}`;
    const vendor = vendors.get(po.vendor_id);
    if (!vendor) problems.push(`${where}: unknown vendor ${po.vendor_id}`);
    else if (vendor.name !== po.vendorName) problems.push(`${where}: vendorName is not the vendor's name`);
    let subtotal = 0;
    let tax = 0;
    for (const line of po.contentsArray) {
      const lw = `${where} line ${line.id}`;
      if (line.order_id !== po.id) problems.push(`${lw}: order_id ${line.order_id}`);
      const item = items.get(line.item_id);
      if (!item) problems.push(`${lw}: unknown item ${line.item_id}`);
      else if (item.name !== line.itemName) problems.push(`${lw}: itemName is not the item's name`);
      const vi = line.item_vendor_id === null ? undefined : vendorItems.get(line.item_vendor_id);
      if (!vi || vi.vendor_id !== po.vendor_id || vi.item_id !== line.item_id) {
        problems.push(`${lw}: item_vendor_id does not relate this item to the order's vendor`);
      }
      if (line.received > line.quantity) problems.push(`${lw}: received more than ordered`);
      if (cents(line.quantity * line.price) !== line.subtotal) problems.push(`${lw}: subtotal is not quantity × price`);
      if (cents(line.subtotal + line.tax) !== line.total) problems.push(`${lw}: total is not subtotal + tax`);
      for (const field of ['price', 'subtotal', 'tax', 'total'] as const) checkMoney(line[field], `${lw} ${field}`, problems);
      subtotal += line.subtotal;
      tax += line.tax;
    }
    if (cents(subtotal) !== po.subtotal || cents(tax) !== po.tax || cents(po.subtotal + po.tax) !== po.total) {
      problems.push(`${where}: subtotal/tax/total do not add up from its lines`);
    }
  }
  return problems;
}

/** Throws when there are problems, listing the first ones. */
export function assertConsistent(label: string, problems: readonly string[]): void {
  if (problems.length === 0) return;
  const shown = problems.slice(0, 10).join('\n  ');
  const more = problems.length > 10 ? `\n  … and ${problems.length - 10} more` : '';
  throw new Error(`${label} is inconsistent:\n  ${shown}${more}`);
}
