import {
  categoryWire,
  itemWire,
  menuMenuCategoryWire,
  menuMenuItemCategoryPivotWire,
  modifierCategoryWire,
  modifierGroupWire,
  modifierPivotWire,
  modifierWire,
  sellingFormatPivotWire,
  sellingFormatWire,
} from '../api/catalog';
import type { CatalogRecords } from './catalog';

// Builders of catalog records for the domain's tests (through the wire schemas, so defaults are
// the client's). Not used by the app.

type Fields = Record<string, unknown>;

export const make = {
  category: (f: Fields) => categoryWire.parse({ name: `Category ${String(f.id)}`, group_id: 1, ...f }),
  item: (f: Fields) => itemWire.parse({ name: `Item ${String(f.id)}`, price: 0, costPrice: 0, type: 0, category_id: 1, ...f }),
  format: (f: Fields) => sellingFormatWire.parse({ name: `Format ${String(f.id)}`, ...f }),
  formatPivot: (f: Fields) => sellingFormatPivotWire.parse({ quantity: 1, price: 0, ...f }),
  modifier: (f: Fields) => modifierWire.parse({ name: `Modifier ${String(f.id)}`, price: 0, ...f }),
  modifierCategory: (f: Fields) => modifierCategoryWire.parse({ name: `Modifier category ${String(f.id)}`, ...f }),
  modifierGroup: (f: Fields) => modifierGroupWire.parse({ name: `Modifier group ${String(f.id)}`, ...f }),
  modifierPivot: (f: Fields) => modifierPivotWire.parse(f),
  menuCategory: (f: Fields) => menuMenuCategoryWire.parse({ name: `Menu category ${String(f.id)}`, ...f }),
  menuPivot: (f: Fields) => menuMenuItemCategoryPivotWire.parse({ price: 0, ...f }),
};

export function emptyRecords(): { -readonly [K in keyof CatalogRecords]: CatalogRecords[K][number][] } {
  return {
    categories: [],
    items: [],
    sellingFormats: [],
    sellingFormatPivots: [],
    modifiers: [],
    modifierCategories: [],
    modifierGroups: [],
    modifierPivots: [],
    menuMenuCategories: [],
    menuMenuItemCategoryPivots: [],
  };
}

/**
 * A small venue: category 1 (no modifiers), category 2 inheriting modifier group 1;
 * group 1 = "Punto de la carne" (single, mandatory: Poco 0, Al punto 0) + "Extras" (multiple,
 * optional: Huevo 1.20, Queso 0.80, inactive Trufa); category 5 direct "Guarnición" (single,
 * optional: Patatas 0, Ensalada 0.50).
 * Items: 10 Caña 2.50 (cat 1); 11 Entrecot 18.90 (cat 2, inherits group 1); 12 Hamburguesa 12
 * (own category 5); 13 inactive; 20 Jamón (type 4: ½ ración 13.50 pivot 1, ración 24 pivot 2,
 * inactive format pivot 3); 30 Menú del día 14.50 (type 1): Primeros (mode 2: Ensalada +0, Sopa
 * +0, inactive Gazpacho), Segundos (mode 2: Entrecot +3.00 addModifiersPrice, Hamburguesa +1.50
 * without), Postre (mode 0: Flan, Café), Tapas (mode 4 min 1 max 2: Jamón type 4 fixed ½ ración,
 * Caña); 31 Ensalada, 32 Sopa, 33 Gazpacho, 34 Flan, 35 Café.
 */
export function demoRecords(): CatalogRecords {
  const r = emptyRecords();
  r.categories.push(make.category({ id: 1 }), make.category({ id: 2, modifier_group_id: 1 }), make.category({ id: 3, modifier_category_id: 5 }));
  r.modifierGroups.push(make.modifierGroup({ id: 1 }));
  r.modifierCategories.push(
    make.modifierCategory({ id: 1, name: 'Punto de la carne', order: 1, isChoice: 0, isOptional: 0 }),
    make.modifierCategory({ id: 2, name: 'Extras', order: 2, isChoice: 1, isOptional: 1 }),
    make.modifierCategory({ id: 5, name: 'Guarnición', isChoice: 0, isOptional: 1 }),
  );
  r.modifierPivots.push(
    make.modifierPivot({ id: 1, order: 2, group_id: 1, category_id: 2 }),
    make.modifierPivot({ id: 2, order: 1, group_id: 1, category_id: 1 }),
  );
  r.modifiers.push(
    make.modifier({ id: 1, name: 'Poco hecho', category_id: 1, order: 1 }),
    make.modifier({ id: 2, name: 'Al punto', category_id: 1, order: 2 }),
    make.modifier({ id: 3, name: 'Huevo', price: 1.2, category_id: 2, order: 1 }),
    make.modifier({ id: 4, name: 'Queso', price: '0.80', category_id: 2, order: 2 }),
    make.modifier({ id: 5, name: 'Trufa', price: 5, category_id: 2, order: 3, active: 0 }),
    make.modifier({ id: 6, name: 'Patatas', category_id: 5, order: 1 }),
    make.modifier({ id: 7, name: 'Ensalada', price: 0.5, category_id: 5, order: 2 }),
  );
  r.items.push(
    make.item({ id: 10, name: 'Caña', price: 2.5, allergies: '' }),
    make.item({ id: 11, name: 'Entrecot', price: 18.9, category_id: 2, allergies: '13' }),
    make.item({ id: 12, name: 'Hamburguesa', price: 12, category_id: 2, modifier_category_id: 5, allergies: '1;13' }),
    make.item({ id: 13, name: 'Agotado', price: 1, active: 0 }),
    make.item({ id: 20, name: 'Jamón', price: 13.5, type: 4 }),
    make.item({ id: 30, name: 'Menú del día', price: 14.5, type: 1, allergies: '12' }),
    make.item({ id: 31, name: 'Ensalada', price: 6, allergies: '4' }),
    make.item({ id: 32, name: 'Sopa', price: 5, allergies: '6;xx' }),
    make.item({ id: 33, name: 'Gazpacho', price: 5, allergies: '7' }),
    make.item({ id: 34, name: 'Flan', price: 4, allergies: '1;13' }),
    make.item({ id: 35, name: 'Café', price: 1.5 }),
  );
  r.sellingFormats.push(make.format({ id: 1, name: '½ ración' }), make.format({ id: 2, name: 'Ración' }), make.format({ id: 3, name: 'Old', active: 0 }));
  r.sellingFormatPivots.push(
    make.formatPivot({ id: 2, item_id: 20, format_id: 2, price: 24, order: 2 }),
    make.formatPivot({ id: 1, item_id: 20, format_id: 1, price: 13.5, quantity: 0.5, order: 1 }),
    make.formatPivot({ id: 3, item_id: 20, format_id: 3, price: 1, order: 3 }),
  );
  r.menuMenuCategories.push(
    make.menuCategory({ id: 1, name: 'Primeros', order: 1, isMultipleChoice: 2, min: 1, max: 1, item_id: 30 }),
    make.menuCategory({ id: 2, name: 'Segundos', order: 2, isMultipleChoice: 2, min: 1, max: 1, item_id: 30 }),
    make.menuCategory({ id: 3, name: 'Postre', order: 3, isMultipleChoice: 0, item_id: 30 }),
    make.menuCategory({ id: 4, name: 'Tapas', order: 4, isMultipleChoice: 4, min: 1, max: 2, item_id: 30 }),
  );
  r.menuMenuItemCategoryPivots.push(
    make.menuPivot({ id: 1, category_id: 1, item_id: 31, order: 1 }),
    make.menuPivot({ id: 2, category_id: 1, item_id: 32, order: 2 }),
    make.menuPivot({ id: 3, category_id: 1, item_id: 33, order: 3, active: 0 }),
    make.menuPivot({ id: 4, category_id: 2, item_id: 11, price: 3, addModifiersPrice: 1 }),
    make.menuPivot({ id: 5, category_id: 2, item_id: 12, price: 1.5, addModifiersPrice: 0 }),
    make.menuPivot({ id: 6, category_id: 3, item_id: 34 }),
    make.menuPivot({ id: 7, category_id: 3, item_id: 35 }),
    make.menuPivot({ id: 8, category_id: 4, item_id: 20, format_pivot_id: 1 }),
    make.menuPivot({ id: 9, category_id: 4, item_id: 10 }),
  );
  return r;
}
