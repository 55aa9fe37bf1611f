import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { BridgeClient } from '../../../../../shared/bridge';
import { shopConnectionStore } from '../../../data/shop/shopConnection';
import type { ShopCatalogDb, StoredShopProduct } from '../../../data/shop/shopDb';
import { SHOP_FLOOR_WAREHOUSE, setLocalStock } from '../../../data/shop/shopStock';
import { errorText } from '../../../i18n/errorText';
import { useFormat } from '../../../i18n/useFormat';
import { IconWarning } from '../../../ui/icons';
import { Modal } from '../../../ui/Modal';
import { StockMark, stockText } from '../../../ui/StockMark';
import { Keypad } from '../TillDialogs';
import { parseStockInput, setStockFailure } from './setStockInput';
import { shopStockLevel, useShopFloorStock } from './tillStockContext';
import './tillStock.css';
import { useShopBridge } from '../../../session/shopContext';

/**
 * "Set stock", opened by a manager (behind the PIN) from a product card or a
 * cell of the variant grid: the product's stock on the shop floor now, and a keypad for the new
 * count. Sent online (`setShopStock` → the retail service's stocks/add, which SETS it); the local
 * row takes the quantity the service answered. Offline or refused: said here, nothing changes.
 *
 * Test ids: till-set-stock (the dialog), till-set-stock-now, till-keypad-field, till-set-stock-submit,
 * till-set-stock-problem.
 */
export function SetStockDialog({
  db,
  product,
  variantName = null,
  bridge: given,
  onClose,
}: {
  db: ShopCatalogDb;
  product: StoredShopProduct;
  variantName?: string | null;
  bridge?: Pick<BridgeClient, 'setShopStock'> | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('tillStock');
  const { t: ts } = useTranslation('stock');
  const { t: tt } = useTranslation('till');
  const format = useFormat();
  const titleId = useId();
  const shopBridge = useShopBridge();
  const bridge = given ?? shopBridge;
  const row = useShopFloorStock(product.id);
  const offline = useStore(shopConnectionStore, (state) => state.connection === 'offline');
  const byWeight = product.usesWeight;
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);
  // On a short screen the body scrolls: what went wrong comes into view.
  useEffect(() => {
    if (failure !== null) failureRef.current?.scrollIntoView({ block: 'nearest' });
  }, [failure]);
  const parsed = parseStockInput(text, byWeight);
  const level = shopStockLevel(row);
  const now = row === undefined ? '' : (stockText(ts, format, level) ?? t('untracked'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!parsed.ok || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const { stock } = await bridge.setShopStock({ productId: product.id, warehouseId: SHOP_FLOOR_WAREHOUSE, quantity: parsed.thousandths });
      // The till shows the service's count at once; the next sync brings the same.
      await setLocalStock(db, stock);
      onClose();
    } catch (error) {
      const why = setStockFailure(error);
      setFailure(why === 'offline' ? t('notChangedOffline') : why === 'unknown' ? t('notChangedUnknown') : t('notChanged', { reason: errorText(t, error) }));
      setBusy(false);
    }
  };

  const problem = !parsed.ok && (tried || parsed.problem !== 'empty') ? t(`problem_${parsed.problem}`) : null;
  return (
    <Modal className="dialog till-set-stock" labelledBy={titleId} onCancel={busy ? undefined : onClose}>
      <form className="dialog__inner" data-testid="till-set-stock" onSubmit={(event) => void submit(event)} noValidate>
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {t('title', { product: product.name })}
          </h2>
          <p className="dialog__subtitle till-set-stock__now" data-testid="till-set-stock-now">
            {variantName && <span className="till-set-stock__variant">{variantName}</span>}
            <span>{t('where', { id: SHOP_FLOOR_WAREHOUSE })}</span>
            <span className="till-set-stock__level">
              {t('now', { stock: now })}
              {/* Low or sold out: the mark the cards show (icon and words, not colour alone). */}
              {(level.kind === 'low' || level.kind === 'sold-out') && <StockMark level={level} />}
            </span>
          </p>
        </header>
        <div className="dialog__body till-set-stock__body">
          <Keypad
            label={byWeight ? t('quantityKg') : t('quantityUnits')}
            unit={byWeight ? tt('kg') : null}
            text={text}
            decimals={byWeight ? 3 : 0}
            onText={setText}
            problem={null}
            message={problem}
            autoFocus
          />
          <p className="till-set-stock__hint">{byWeight ? t('hintKg') : t('hintUnits')}</p>
          {offline && failure === null && (
            <p className="notice">
              <IconWarning className="till-set-stock__icon" />
              <span>{t('offlineNote')}</span>
            </p>
          )}
          {failure !== null && (
            <p ref={failureRef} className="notice till-set-stock__problem" role="alert" data-testid="till-set-stock-problem">
              <IconWarning className="till-set-stock__icon" />
              <span>{failure}</span>
            </p>
          )}
        </div>
        <footer className="dialog__footer dialog__footer--end">
          <button type="button" className="button button--secondary" disabled={busy} onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="button button--primary" data-testid="till-set-stock-submit" disabled={busy} aria-busy={busy}>
            {busy ? t('setting') : t('set')}
          </button>
        </footer>
      </form>
    </Modal>
  );
}
