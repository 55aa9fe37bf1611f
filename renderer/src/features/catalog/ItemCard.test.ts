import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { StoredItem, StoredStock } from '../../data/catalog/catalogDb';
import { createI18n } from '../../i18n/i18n';
import type { Language } from '../../i18n/languages';
import { buttonLabel, ItemCard } from './ItemCard';

// Rendered to markup in Node (no DOM here): what a card shows for each kind of item.

const item = (fields: Partial<StoredItem>): StoredItem =>
  ({ id: 1, name: 'Croquetas caseras de jamón', price: 8.5, costPrice: 3, type: 0, category_id: 7, active: true, ...fields }) as StoredItem;

const render = (fields: Partial<StoredItem>, options: { selected?: boolean; language?: Language; stock?: Partial<StoredStock> | null } = {}) =>
  renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n: createI18n(options.language ?? 'en') },
      createElement(ItemCard, {
        item: item(fields),
        selected: options.selected ?? false,
        ...(options.stock === undefined ? {} : { stock: options.stock === null ? null : stockRow(options.stock) }),
      }),
    ),
  );

const stockRow = (fields: Partial<StoredStock>): StoredStock => ({
  id: 1,
  quantity: 12,
  defaultQuantity: 24,
  alert: 6,
  warehouse_id: 1,
  item_id: 1,
  unit_id: null,
  ...fields,
});

describe('ItemCard', () => {
  it('shows the thumbnail from the image route (decorative, lazy), the name and the price in the terminal’s money', () => {
    const html = render({ photo: 'items/tapas/croquetas.png' });
    expect(html).toContain('<img');
    expect(html).toContain('src="images/thumb/items%2Ftapas%2Fcroquetas.png"');
    expect(html).toContain('alt=""');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('Croquetas caseras de jamón');
    expect(html).toContain('€8.50');
    expect(render({}, { language: 'es' })).toContain('8,50\u00a0€');
    expect(html).not.toContain('catalog-item-badge');
    expect(html).not.toContain('catalog-item-allergens');
  });

  it('shows the neutral placeholder when the item has no photo', () => {
    const html = render({ photo: null });
    expect(html).not.toContain('<img');
    expect(html).toContain('data-testid="catalog-item-placeholder"');
  });

  it('marks menus and selling-format items with a text badge, in the terminal’s language', () => {
    expect(render({ type: 1 })).toMatch(/data-testid="catalog-item-badge">Menu</);
    expect(render({ type: 4 })).toMatch(/data-testid="catalog-item-badge">Formats</);
    expect(render({ type: 4 }, { language: 'es' })).toMatch(/data-testid="catalog-item-badge">Formatos</);
  });

  it('marks each allergen with a short word and its name as title, and names them all for screen readers', () => {
    const html = render({ allergies: '1;13' });
    expect(html).toContain('aria-label="Allergens: eggs, dairy"');
    expect(html).toContain('title="Contains eggs">EGG</li>');
    expect(html).toContain('title="Contains dairy">DAI</li>');
    expect(render({ allergies: '1' }, { language: 'ca' })).toContain('title="Conté ou">OU</li>');
  });

  it('is a button named by the item name first, pressed when selected', () => {
    const html = render({ allergies: '1', type: 1 });
    expect(html).toContain('aria-pressed="false" aria-label="Croquetas caseras de jamón, €8.50, Menu, Allergens: eggs"');
    const selected = render({}, { selected: true });
    expect(selected).toContain('aria-pressed="true"');
    expect(selected).toContain('catalog-item__selected-icon');
  });

  describe('stock', () => {
    it('shows nothing of stock where the chosen warehouse has no row for the item (or none is chosen)', () => {
      const html = render({}, { stock: null });
      expect(html).not.toContain('stock-mark');
      expect(html).toContain('aria-label="Croquetas caseras de jamón, €8.50"');
      expect(render({})).not.toContain('stock-mark');
    });

    it('shows the quantity with a box, and says it in the button’s name', () => {
      const html = render({}, { stock: { quantity: 12, alert: 6 } });
      expect(html).toMatch(/data-testid="stock-mark" data-stock="in-stock" aria-hidden="true"><svg[^]*?<\/svg>12<\/span>/);
      expect(html).toContain('aria-label="Croquetas caseras de jamón, €8.50, 12 in stock"');
      expect(html).not.toContain('catalog-item--sold-out');
      expect(render({}, { stock: { quantity: 1500, alert: 0 }, language: 'es' })).toContain('1.500 en stock');
    });

    it('marks low stock at or below the alert level (a frame, a triangle and the words in the name), only when alert > 0', () => {
      const low = render({}, { stock: { quantity: 6, alert: 6 } });
      expect(low).toContain('class="stock-mark stock-mark--low"');
      expect(low).toContain('aria-label="Croquetas caseras de jamón, €8.50, Low stock: 6 left"');
      expect(render({}, { stock: { quantity: 2, alert: 0 } })).toContain('data-stock="in-stock"');
      expect(render({}, { stock: { quantity: 7, alert: 6 } })).toContain('data-stock="in-stock"');
    });

    it('says "Sold out" in words, with an icon, at 0 or below; the card is marked and keeps its parts', () => {
      for (const quantity of [0, -3]) {
        const html = render({ allergies: '1' }, { stock: { quantity } });
        expect(html).toMatch(/data-stock="sold-out" aria-hidden="true"><svg[^]*?<\/svg>Sold out<\/span>/);
        expect(html).toContain('class="catalog-item catalog-item--sold-out"');
        expect(html).toContain('aria-label="Croquetas caseras de jamón, €8.50, Sold out, Allergens: eggs"');
        expect(html).toContain('data-testid="catalog-item-price"');
      }
      expect(render({}, { stock: { quantity: 0 }, language: 'ca' })).toContain('Esgotat');
    });

    it('tells assistive technology how to reach the stock actions (hold, or Shift+F10)', () => {
      const html = render({});
      expect(html).toContain('aria-description="Hold for stock: sold out or put back"');
      expect(html).toContain('aria-keyshortcuts="Shift+F10"');
    });
  });

  it('shows the button name a manager set, and still names the item in full to readers', () => {
    const html = render({ name: 'Croquetas caseras de jamón ibérico', buttonName: 'Croquetas' });
    expect(html).toMatch(/data-testid="catalog-item-name">Croquetas<\/span>/);
    expect(html).toContain('aria-label="Croquetas (Croquetas caseras de jamón ibérico), €8.50"');
    expect(render({ buttonName: '  ' })).toMatch(/data-testid="catalog-item-name">Croquetas caseras de jamón<\/span>/);
    expect(buttonLabel({ name: 'Agua', buttonName: null })).toBe('Agua');
    expect(buttonLabel({ name: 'Agua mineral 50 cl', buttonName: ' Agua ' })).toBe('Agua');
  });
});
