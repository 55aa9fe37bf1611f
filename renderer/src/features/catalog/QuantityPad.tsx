import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orderSelectors, useOrderStore } from '../../session/orderStore';

// The quantity keypad: "Qty", then 3, then an item adds three of it (its sheet
// adds three). The pending number shows on the toggle and in the keypad's row, and Cancel drops
// it; the keypad folds away once an item took it. Test ids: order-quantity-toggle,
// order-quantity-pad, order-quantity-pending.

const DIGITS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0] as const;

/** The toggle, for the catalog's toolbar row. */
export function QuantityToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { t } = useTranslation('order');
  const multiplier = useOrderStore(orderSelectors.multiplier);
  return (
    <button
      type="button"
      className="quantity-toggle"
      aria-expanded={open || multiplier !== null}
      aria-controls="order-quantity-pad"
      data-testid="order-quantity-toggle"
      onClick={onToggle}
    >
      <span className="quantity-toggle__label">{t('quantityKeypad')}</span>
      {multiplier !== null && <span className="quantity-toggle__value">×{multiplier}</span>}
    </button>
  );
}

/** The digits and the pending multiplier, under the toolbar while open or while a number waits. */
export function QuantityPad({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('order');
  const multiplier = useOrderStore(orderSelectors.multiplier);
  const type = useOrderStore(orderSelectors.typeMultiplierDigit);
  const clear = useOrderStore(orderSelectors.clearMultiplier);
  return (
    <div className="quantity-pad" id="order-quantity-pad" role="group" aria-label={t('quantityKeypadLabel')} data-testid="order-quantity-pad">
      <div className="quantity-pad__digits">
        {DIGITS.map((digit) => (
          // Once a number waits, the keypad stays only as long as it does (the next item takes it).
          <button
            key={digit}
            type="button"
            className="quantity-pad__key"
            onClick={() => {
              type(digit);
              onClose();
            }}
          >
            {digit}
          </button>
        ))}
      </div>
      <p className="quantity-pad__pending" role="status" data-testid="order-quantity-pending">
        {multiplier === null ? t('quantityHint') : t('quantityPending', { count: multiplier })}
      </p>
      <button
        type="button"
        className="order-button quantity-pad__cancel"
        onClick={() => {
          clear();
          onClose();
        }}
      >
        {t('cancel')}
      </button>
    </div>
  );
}

/** Whether the keypad shows: opened by the waiter, or a number typed and not yet taken. */
export function useQuantityPad() {
  const [open, setOpen] = useState(false);
  const multiplier = useOrderStore(orderSelectors.multiplier);
  const clearMultiplier = useOrderStore(orderSelectors.clearMultiplier);
  const shown = multiplier !== null || open;
  return {
    shown,
    toggle: () => {
      if (shown) clearMultiplier();
      setOpen(!shown);
    },
    close: () => setOpen(false),
  };
}
