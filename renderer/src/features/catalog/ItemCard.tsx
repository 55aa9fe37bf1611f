import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemSummary } from '../../data/search/search';
import { useFormat } from '../../i18n/useFormat';
import { IconCheck } from '../../ui/icons';
import { allergenBadges, describeAllergens, itemTypeBadge, thumbnailUrl } from './catalogFormat';
import { IconPlate } from './CatalogIcons';

/**
 * One item of the catalog, dense (issue 12 item 1): the name (two lines, then an ellipsis), the
 * price, the "Menu"/"Formats" badge and one short mark per allergen; the thumbnail (or a neutral
 * plate when it has no photo or the image route answers 404) only where the card is wide enough
 * (a container query in catalogSearch.css). The card is a button named by the item's name (price,
 * badge and allergens follow in the name); tapping it marks it selected (`aria-pressed`) and the
 * caller adds it to the ticket or opens its sheet.
 */
export function ItemCard({
  item,
  selected = false,
  onSelect,
  position,
}: {
  item: ItemSummary;
  selected?: boolean;
  onSelect?: (itemId: number) => void;
  /** Its place in the whole list when only part of it is rendered (ui/VirtualGrid.tsx). */
  position?: { index: number; count: number };
}) {
  const { t } = useTranslation('catalog');
  const format = useFormat();
  const badge = itemTypeBadge(t, item.type);
  const allergens = allergenBadges(t, item.allergies);
  const allergensText = describeAllergens(t, allergens);
  const price = format.money(item.price);
  const label = [item.name, price, badge, allergensText].filter((part) => part !== null).join(', ');
  return (
    <li
      className="catalog-item"
      data-testid="catalog-item"
      data-item-id={item.id}
      aria-posinset={position === undefined ? undefined : position.index + 1}
      aria-setsize={position?.count}
    >
      {/* Its ::after covers the whole card, so a tap on the allergen marks selects the item too. */}
      <button type="button" className="catalog-item__button" aria-pressed={selected} aria-label={label} onClick={() => onSelect?.(item.id)}>
        <ItemThumbnail photo={item.photo} />
        <span className="catalog-item__name" data-testid="catalog-item-name">
          {item.name}
        </span>
        <span className="catalog-item__meta">
          <span className="catalog-item__price" data-testid="catalog-item-price">
            {price}
          </span>
          {badge !== null && (
            <span className="catalog-item__badge" data-testid="catalog-item-badge">
              {badge}
            </span>
          )}
          {/* The tapped card: a check and a thick frame, not colour alone. */}
          {selected && <IconCheck className="catalog-item__selected-icon" />}
        </span>
      </button>
      {allergensText !== null && (
        <ul className="catalog-allergens" aria-label={allergensText} data-testid="catalog-item-allergens">
          {allergens.map((allergen) => (
            <li key={allergen.code} className="catalog-allergen" title={allergen.title}>
              {allergen.short}
            </li>
          ))}
        </ul>
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
