// Record factories shared by the demo venue and the `--scale` generator: every record carries the
// fields of spec 2.6 with the spec's defaults, so both catalogs look alike on the wire.
import type {
  CategoryRecord,
  Flag,
  GroupRecord,
  ItemRecord,
  MenuCategoryRecord,
  MenuItemCategoryPivotRecord,
  ModifierCategoryRecord,
  ModifierGroupRecord,
  ModifierPivotRecord,
  ModifierRecord,
  SellingFormatPivotRecord,
  SellingFormatRecord,
} from '../catalog/model';

export const ITEM_TYPE = { normal: 0, menu: 1, sellingFormat: 4 } as const;

/** Photo path of an item: `items/<group slug>/<item slug>.png` (served by images/route.ts). */
export function itemPhoto(groupSlug: string, itemSlug: string): string {
  return `items/${groupSlug}/${itemSlug}.png`;
}

export function groupRecord(g: { id: number; name: string; photo?: string | null; active?: Flag; order?: number }): GroupRecord {
  return {
    id: g.id,
    name: g.name,
    photo: g.photo ?? null,
    active: g.active ?? 1,
    tax_id: null,
    printer_id: null,
    printer_group_id: null,
    super_group_id: null,
    extra_id: null,
    order: g.order ?? g.id,
  };
}

export function categoryRecord(c: {
  id: number;
  name: string;
  group_id: number;
  photo?: string | null;
  active?: Flag;
  modifier_group_id?: number | null;
  modifier_category_id?: number | null;
  order?: number;
}): CategoryRecord {
  return {
    id: c.id,
    name: c.name,
    photo: c.photo ?? null,
    active: c.active ?? 1,
    group_id: c.group_id,
    tax_id: null,
    printer_id: null,
    printer_group_id: null,
    modifier_category_id: c.modifier_category_id ?? null,
    modifier_group_id: c.modifier_group_id ?? null,
    super_group_id: null,
    dish_order_id: null,
    extra_id: null,
    order: c.order ?? c.id,
  };
}

export function itemRecord(i: {
  id: number;
  name: string;
  price: number;
  costPrice: number;
  type: 0 | 1 | 4;
  category_id: number;
  photo?: string | null;
  active?: Flag;
  info?: string | null;
  allergies?: string | null;
  hasInventory?: Flag;
  barcode?: string | null;
  modifier_group_id?: number | null;
  modifier_category_id?: number | null;
  order?: number;
}): ItemRecord {
  return {
    id: i.id,
    name: i.name,
    price: i.price,
    costPrice: i.costPrice,
    type: i.type,
    category_id: i.category_id,
    photo: i.photo ?? null,
    active: i.active ?? 1,
    info: i.info ?? null,
    hasInventory: i.hasInventory ?? 0,
    usesWeight: 0,
    isMenu: i.type === ITEM_TYPE.menu ? 1 : 0,
    shouldAppearInMenuList: 0,
    isOpen: 0,
    displayInventory: 0,
    isLinked: 0,
    useAverageCostPrice: 0,
    nameKitchen: null,
    buttonName: null,
    barcode: i.barcode ?? null,
    config: null,
    extra_id: null,
    allergies: i.allergies ?? null,
    tax_id: null,
    printer_id: null,
    printer_group_id: null,
    modifier_group_id: i.modifier_group_id ?? null,
    modifier_category_id: i.modifier_category_id ?? null,
    super_group_id: null,
    dish_order_id: null,
    unit_id: null,
    report_category_id: null,
    cookDuration: null,
    minQuantity: null,
    order: i.order ?? i.id,
  };
}

export function sellingFormatRecord(f: { id: number; name: string; order?: number }): SellingFormatRecord {
  return { id: f.id, name: f.name, photo: null, order: f.order ?? f.id, active: 1 };
}

export function sellingFormatPivotRecord(p: {
  id: number;
  item_id: number;
  format_id: number;
  price: number;
  quantity: number;
  order: number;
}): SellingFormatPivotRecord {
  return {
    id: p.id,
    quantity: p.quantity,
    price: p.price,
    order: p.order,
    format_id: p.format_id,
    item_id: p.item_id,
    combination_group_id: null,
    unit_id: null,
  };
}

/**
 * A modifier category as the vendor's rows carry it: with `min`/`max` (clarifications; max 0 = no
 * limit) and `shouldHide`. Left out, min/max follow isChoice/isOptional: a single choice takes
 * 0–1 (1–1 when not optional), a multiple choice 0 or 1 up to no limit.
 */
export function modifierCategoryRecord(m: {
  id: number;
  name: string;
  isChoice: Flag;
  isOptional: Flag;
  order?: number;
  min?: number;
  max?: number;
  shouldHide?: Flag;
}): ModifierCategoryRecord {
  const min = m.min ?? (m.isOptional ? 0 : 1);
  const max = m.max ?? (m.isChoice ? 0 : 1);
  return {
    id: m.id,
    name: m.name,
    order: m.order ?? m.id,
    isChoice: m.isChoice,
    isOptional: m.isOptional,
    active: 1,
    min,
    max,
    shouldHide: m.shouldHide ?? 0,
  };
}

export function modifierRecord(m: { id: number; name: string; price: number; category_id: number; order: number; autoSelected?: Flag }): ModifierRecord {
  return {
    id: m.id,
    name: m.name,
    price: m.price,
    category_id: m.category_id,
    photo: null,
    order: m.order,
    cookDuration: null,
    active: 1,
    extra_id: null,
    autoSelected: m.autoSelected ?? 0,
  };
}

export function modifierGroupRecord(g: { id: number; name: string; dont_show_automatically?: Flag; order?: number }): ModifierGroupRecord {
  return { id: g.id, name: g.name, order: g.order ?? g.id, dont_show_automatically: g.dont_show_automatically ?? 0 };
}

export function modifierPivotRecord(p: { id: number; group_id: number; category_id: number; order: number }): ModifierPivotRecord {
  return { id: p.id, order: p.order, group_id: p.group_id, category_id: p.category_id };
}

export function menuCategoryRecord(m: {
  id: number;
  name: string;
  item_id: number;
  isMultipleChoice: 0 | 1 | 2 | 3 | 4;
  min: number;
  max: number;
  order: number;
}): MenuCategoryRecord {
  return {
    id: m.id,
    name: m.name,
    order: m.order,
    isMultipleChoice: m.isMultipleChoice,
    max: m.max,
    min: m.min,
    item_id: m.item_id,
    dish_order_id: null,
  };
}

export function menuPivotRecord(p: {
  id: number;
  item_id: number;
  category_id: number;
  price: number;
  addModifiersPrice?: Flag;
  order: number;
}): MenuItemCategoryPivotRecord {
  return {
    id: p.id,
    active: 1,
    order: p.order,
    price: p.price,
    addModifiersPrice: p.addModifiersPrice ?? 1,
    item_id: p.item_id,
    category_id: p.category_id,
    separatorName: null,
    modifier_group_id: null,
    format_pivot_id: null,
  };
}

/** EAN-13 barcode: 12 digits plus the check digit. */
export function ean13(twelveDigits: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelveDigits[i]) * (i % 2 === 0 ? 1 : 3);
  return twelveDigits + String((10 - (sum % 10)) % 10);
}
