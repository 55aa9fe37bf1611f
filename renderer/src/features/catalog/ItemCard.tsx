import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemSummary } from '../../data/search/search';
import { useFormat } from '../../i18n/useFormat';
import { IconCheck } from '../../ui/icons';
import type { StoredStock } from '../../data/catalog/catalogDb';
import { StockActionsDialog, SoldOutConfirm } from './StockDialogs';
import { StockMark, stockText } from '../../ui/StockMark';
import { stockLevel } from '../../data/stock/stockLevel';
import { useItemStock } from '../../session/useItemStock';
import { useLongPress } from '../../ui/useLongPress';
import { allergenBadges, describeAllergens, itemTypeBadge, thumbnailUrl } from './catalogFormat';
import { IconPlate } from './CatalogIcons';

/**
 * One item of the catalog, dense: the name (two lines, then an ellipsis), the
 * price, the "Menu"/"Formats" badge and one short mark per allergen; the thumbnail (or a neutral
 * plate when it has no photo or the image route answers 404) only where the card is wide enough
 * (a container query in catalogSearch.css). The card is a button named by the item's name (price,
 * badge and allergens follow in the name); tapping it marks it selected (`aria-pressed`) and the
 * caller adds it to the ticket or opens its sheet.
 *
 * Stock (features/stock): where the chosen warehouse has a row for the item,
 * its quantity, a low-stock mark or "Sold out" at the bottom right (and in the name); tapping a sold-out
 * item asks before adding it. Holding the card (or Shift+F10 / the Menu key / a right click) opens
 * its stock actions: "Sold out (86)" and "Put back".
 */
export function ItemCard({
  item,
  selected = false,
  onSelect,
  position,
  stock,
}: {
  item: ItemSummary;
  selected?: boolean;
  onSelect?: (itemId: number) => void;
  /** Its place in the whole list when only part of it is rendered (ui/VirtualGrid.tsx). */
  position?: { index: number; count: number };
  /** Its stock row in the chosen warehouse; read from the catalog (one indexed query) when not given. */
  stock?: StoredStock | null;
}) {
  const { t } = useTranslation('catalog');
  const { t: ts } = useTranslation('stock');
  const format = useFormat();
  const read = useItemStock(item.id);
  const level = stockLevel(stock !== undefined ? stock : read);
  const [dialog, setDialog] = useState<'sold-out' | 'stock' | null>(null);
  const press = useLongPress(() => setDialog('stock'));
  const badge = itemTypeBadge(t, item.type);
  const allergens = allergenBadges(t, item.allergies);
  const allergensText = describeAllergens(t, allergens);
  const price = format.money(item.price);
  // A button name set in manager mode is what the button shows; its accessible name
  // starts with those words (WCAG 2.5.3) and still says the item's full name.
  const shown = buttonLabel(item);
  const label = [shown === item.name ? item.name : `${shown} (${item.name})`, price, badge, stockText(ts, format, level), allergensText]
    .filter((part) => part !== null)
    .join(', ');
  const allergenList = allergensText !== null && (
    <ul className="catalog-allergens" aria-label={allergensText} data-testid="catalog-item-allergens">
      {allergens.map((allergen) => (
        <li key={allergen.code} className="catalog-allergen" title={allergen.title}>
          {allergen.short}
        </li>
      ))}
    </ul>
  );
  const tap = () => {
    if (press.wasHold()) return;
    if (level.kind === 'sold-out') setDialog('sold-out');
    else onSelect?.(item.id);
  };
  return (
    <li
      className={level.kind === 'sold-out' ? 'catalog-item catalog-item--sold-out' : 'catalog-item'}
      data-testid="catalog-item"
      data-item-id={item.id}
      aria-posinset={position === undefined ? undefined : position.index + 1}
      aria-setsize={position?.count}
    >
      {/* Its ::after covers the whole card, so a tap on the allergen marks selects the item too. */}
      <button
        type="button"
        className="catalog-item__button"
        aria-pressed={selected}
        aria-label={label}
        aria-description={ts('holdForStock')}
        aria-keyshortcuts="Shift+F10"
        {...press.handlers}
        onClick={tap}
      >
        <ItemThumbnail photo={item.photo} />
        <span className="catalog-item__name" data-testid="catalog-item-name">
          {shown}
        </span>{' '}
        <span className="catalog-item__meta">
          <span className="catalog-item__price" data-testid="catalog-item-price">
            {price}
          </span>{' '}
          {badge !== null && (
            <span className="catalog-item__badge" data-testid="catalog-item-badge">
              {badge}
            </span>
          )}
          {/* The tapped card: a check and a thick frame, not colour alone. */}
          {selected && <IconCheck className="catalog-item__selected-icon" />}
        </span>
      </button>
      {level.kind === 'untracked' ? (
        allergenList
      ) : (
        // With a stock mark: the allergen marks and the stock share the bottom row (the price row
        // has no room for it beside a badge and the check).
        <div className="catalog-item__foot">
          {allergenList}
          <StockMark level={level} />
        </div>
      )}
      {dialog === 'stock' && <StockActionsDialog itemId={item.id} itemName={item.name} level={level} onClose={() => setDialog(null)} />}
      {dialog === 'sold-out' && (
        <SoldOutConfirm
          itemName={item.name}
          onCancel={() => setDialog(null)}
          onAdd={() => {
            setDialog(null);
            onSelect?.(item.id);
          }}
        />
      )}
    </li>
  );
}

/** The thumbnail from the app's image route, or the placeholder; decorative (`alt=""`): the name is beside it. */
function ItemThumbnail({ photo }: { photo: string | null | undefined }) {
  const src = thumbnailUrl(photo);
  // A failure is remembered per URL: a new photo path (after a sync) gets its own attempt.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src === null || failedSrc === src) {
    return (
      <span className="catalog-item__thumb catalog-item__thumb--placeholder" data-testid="catalog-item-placeholder">
        <IconPlate className="catalog-item__placeholder-icon" />
      </span>
    );
  }
  return (
    <img
      className="catalog-item__thumb"
      src={src}
      alt=""
      width={100}
      height={75}
      loading="lazy"
      decoding="async"
      draggable={false}
      data-testid="catalog-item-thumb"
      onError={() => setFailedSrc(src)}
    />
  );
}

/** The words on an item's button: its button name when the venue set one, else its name. */
export function buttonLabel(item: Pick<ItemSummary, 'name' | 'buttonName'>): string {
  const button = item.buttonName?.trim();
  return button ? button : item.name;
}
