import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Formatters } from '../i18n/format';
import { useFormat } from '../i18n/useFormat';
import { IconWarning } from './icons';
import { IconSoldOut, IconStock } from './StockIcons';
import type { StockLevel } from '../data/stock/stockLevel';
import './stock.css';

/** What the stock mark says, for the button's accessible name; null when the item has no stock row. */
export function stockText(t: TFunction<'stock'>, format: Formatters, level: StockLevel): string | null {
  switch (level.kind) {
    case 'untracked':
      return null;
    case 'in-stock':
      return t('inStock', { quantity: format.number(level.quantity) });
    case 'low':
      return t('low', { quantity: format.number(level.quantity) });
    case 'sold-out':
      return t('soldOut');
  }
}

/**
 * The stock on an item button, small enough for the densest grid: a box and the
 * quantity; at or below the alert level a warning triangle, the quantity and a frame; sold out, a
 * struck circle and the words "Sold out". Never colour alone. Hidden from assistive technology:
 * the button's name says it (stockText).
 */
export function StockMark({ level }: { level: StockLevel }) {
  const { t } = useTranslation('stock');
  const format = useFormat();
  if (level.kind === 'untracked') return null;
  if (level.kind === 'sold-out') {
    return (
      <span className="stock-mark stock-mark--sold-out" data-testid="stock-mark" data-stock="sold-out" aria-hidden="true">
        <IconSoldOut className="stock-mark__icon" />
        {t('soldOut')}
      </span>
    );
  }
  const low = level.kind === 'low';
  return (
    <span className={low ? 'stock-mark stock-mark--low' : 'stock-mark'} data-testid="stock-mark" data-stock={level.kind} aria-hidden="true">
      {low ? <IconWarning className="stock-mark__icon" /> : <IconStock className="stock-mark__icon" />}
      {format.number(level.quantity)}
    </span>
  );
}
