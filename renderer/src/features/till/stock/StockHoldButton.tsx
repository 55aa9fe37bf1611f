import type { ButtonHTMLAttributes, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoredShopProduct } from '../../../data/shop/shopDb';
import { useLongPress } from '../../../ui/useLongPress';
import { useTillStock } from './tillStockContext';

/**
 * A product's button at the till (a card, a cell of the variant grid): a tap does `onTap`; holding
 * it — or Shift+F10, the Menu key, a right click — asks to set the product's stock.
 * `product` null (a variant master: it has no stock of its own) or no TillStockProvider: a plain button.
 */
export function StockHoldButton({
  product,
  variantName,
  onTap,
  ...button
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'type'> & {
  product: StoredShopProduct | null;
  variantName?: string | null;
  onTap: (event: MouseEvent<HTMLButtonElement>) => void;
}) {
  const { t } = useTranslation('tillStock');
  const stock = useTillStock();
  const holdable = stock !== null && product !== null;
  const press = useLongPress(() => {
    if (holdable) stock.askSetStock(product, variantName);
  });
  if (!holdable) return <button type="button" {...button} onClick={onTap} />;
  return (
    <button
      type="button"
      {...button}
      aria-description={t('holdHint')}
      aria-keyshortcuts="Shift+F10"
      {...press.handlers}
      onClick={(event) => {
        if (!press.wasHold()) onTap(event);
      }}
    />
  );
}
