import { useState } from 'react';
import type { StoredItem } from '../../data/catalogDb';
import { allergenBadges, describeAllergens, formatPrice, itemTypeBadge, thumbnailUrl } from './catalogFormat';
import { IconPlate } from './CatalogIcons';

/**
 * One item of the catalog, read-only: its thumbnail (or a neutral plate when it has no photo or
 * the image route answers 404 — not cached and offline), name, price, type badge and allergens.
 * The order builder will grow from here; nothing is tappable yet.
 */
export function ItemCard({ item }: { item: StoredItem }) {
  const badge = itemTypeBadge(item.type);
  const allergens = allergenBadges(item.allergies);
  const allergensText = describeAllergens(allergens);
  return (
    <li className="catalog-item" data-testid="catalog-item" data-item-id={item.id}>
      <ItemThumbnail photo={item.photo} />
      <div className="catalog-item__body">
        <p className="catalog-item__name" data-testid="catalog-item-name">
          {item.name}
        </p>
        <p className="catalog-item__meta">
          <span className="catalog-item__price" data-testid="catalog-item-price">
            {formatPrice(item.price)}
          </span>
          {badge !== null && (
            <span className="catalog-item__badge" data-testid="catalog-item-badge">
              {badge}
            </span>
          )}
        </p>
        {allergensText !== null && (
          <ul className="catalog-allergens" aria-label={allergensText} data-testid="catalog-item-allergens">
            {allergens.map((allergen) => (
              <li key={allergen.code} className="catalog-allergen" title={allergen.title}>
                {allergen.label}
              </li>
            ))}
          </ul>
        )}
      </div>
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
      <div className="catalog-item__thumb catalog-item__thumb--placeholder" data-testid="catalog-item-placeholder">
        <IconPlate className="catalog-item__placeholder-icon" />
      </div>
    );
  }
  return (
    <img
      className="catalog-item__thumb"
      src={src}
      alt=""
      width={100}
      height={75}
      decoding="async"
      draggable={false}
      data-testid="catalog-item-thumb"
      onError={() => setFailedSrc(src)}
    />
  );
}
