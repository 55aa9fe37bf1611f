import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { StoredItem } from '../../data/catalog/catalogDb';
import { createI18n } from '../../i18n/i18n';
import type { Language } from '../../i18n/languages';
import { ItemCard } from './ItemCard';

// Rendered to markup in Node (no DOM here): what a card shows for each kind of item.

const item = (fields: Partial<StoredItem>): StoredItem =>
  ({ id: 1, name: 'Croquetas caseras de jamón', price: 8.5, costPrice: 3, type: 0, category_id: 7, active: true, ...fields }) as StoredItem;

const render = (fields: Partial<StoredItem>, options: { selected?: boolean; language?: Language } = {}) =>
  renderToStaticMarkup(
    createElement(I18nextProvider, { i18n: createI18n(options.language ?? 'en') }, createElement(ItemCard, { item: item(fields), selected: options.selected ?? false })),
  );

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
});
