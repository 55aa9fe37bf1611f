import { useId, useState, type FormEvent } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { catalogSelectors } from '../../data/catalog/catalogStore';
import { errorText } from '../../i18n/errorText';
import { useFormat } from '../../i18n/useFormat';
import { Button } from '../../ui/Button';
import { IconWarning } from '../../ui/icons';
import { Modal } from '../../ui/Modal';
import { useCatalog } from '../../session/useCatalog';
import { applyStockChange } from '../../session/stockFeed';
import { parseQuantity, type StockLevel } from '../../data/stock/stockLevel';
import { IconSoldOut } from '../../ui/StockIcons';
import { asProblem, setItemStock, useWarehouseStore, type StockProblem } from '../../data/stock/warehouseStore';
import '../../ui/stock.css';

/**
 * "86" and "Put back" for one item, opened by holding its button: one tap sets
 * its stock in the chosen warehouse to 0; "Put back" sets a typed quantity. Online only: the
 * vendor answers at once; a failure is said here and nothing changes.
 *
 * Test ids: stock-dialog, stock-dialog-now, stock-86, stock-put-back-quantity, stock-put-back, stock-dialog-problem.
 */
export function StockActionsDialog({ itemId, itemName, level, onClose }: { itemId: number; itemName: string; level: StockLevel; onClose: () => void }) {
  const { t } = useTranslation('stock');
  const { t: tc } = useTranslation('common');
  const format = useFormat();
  const titleId = useId();
  const quantityId = useId();
  const problemId = useId();
  const warehouseId = useWarehouseStore((state) => state.warehouseId);
  const db = useCatalog(catalogSelectors.catalogDb);
  const connection = useCatalog(catalogSelectors.connection);
  const warehouse = useLiveQuery(
    async () => (db === null || warehouseId === null ? null : ((await db.warehouses.get(warehouseId)) ?? null)),
    [db, warehouseId],
  );
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ kind: 'invalid' } | { kind: 'failed'; error: StockProblem } | null>(null);

  const set = (quantity: number) => {
    setBusy(true);
    setProblem(null);
    setItemStock(itemId, quantity).then(
      async (stock) => {
        // This window shows it at once; the event brings it to the others (stockFeed.ts).
        if (db !== null) await applyStockChange(db, stock, Date.now()).catch(() => undefined);
        onClose();
      },
      (error: unknown) => {
        setBusy(false);
        setProblem({ kind: 'failed', error: asProblem(error) });
      },
    );
  };

  const putBack = (event: FormEvent) => {
    event.preventDefault();
    const quantity = parseQuantity(typed);
    if (quantity === null) return setProblem({ kind: 'invalid' });
    set(quantity);
  };

  const now =
    level.kind === 'sold-out'
      ? t('nowSoldOut')
      : level.kind === 'low'
        ? t('nowLow', { quantity: format.number(level.quantity) })
        : level.kind === 'in-stock'
          ? t('nowInStock', { quantity: format.number(level.quantity) })
          : t('nowUntracked');
  const problemText = problem === null ? null : problem.kind === 'invalid' ? t('quantityInvalid') : t('notChanged', { reason: errorText(t, problem.error) });

  return (
    <Modal className="dialog-card stock-dialog" labelledBy={titleId} onCancel={busy ? undefined : onClose}>
      <div className="stock-dialog__panel" data-testid="stock-dialog">
        <h2 id={titleId} className="stock-dialog__title">
          {t('actionsTitle', { item: itemName })}
        </h2>
        {warehouseId === null ? (
          <p className="stock-dialog__text">{t('noWarehouseChosen')}</p>
        ) : (
          <>
            <p className="stock-dialog__text" data-testid="stock-dialog-now">
              {now}
            </p>
            <p className="stock-dialog__note">{t('inWarehouse', { warehouse: warehouse?.name || t('warehouseNumber', { id: warehouseId }) })}</p>
            {connection === 'offline' && <p className="stock-dialog__note">{t('onlineOnly')}</p>}
            {level.kind !== 'sold-out' && (
              <Button variant="primary" className="stock-dialog__86" data-testid="stock-86" disabled={busy} aria-busy={busy} onClick={() => set(0)}>
                <IconSoldOut className="stock-dialog__icon" />
                {busy ? t('working') : t('eightySix')}
              </Button>
            )}
            <form className="stock-dialog__put-back" onSubmit={putBack} noValidate>
              <label className="stock-dialog__label" htmlFor={quantityId}>
                {t('putBackQuantity')}
              </label>
              <div className="stock-dialog__put-back-row">
                <input
                  id={quantityId}
                  className="settings__input stock-dialog__quantity"
                  data-testid="stock-put-back-quantity"
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  value={typed}
                  // Sold out: putting it back is what is likely wanted.
                  autoFocus={level.kind === 'sold-out'}
                  aria-invalid={problem?.kind === 'invalid'}
                  aria-describedby={problemText === null ? undefined : problemId}
                  onChange={(event) => setTyped(event.target.value)}
                />
                <Button type="submit" variant={level.kind === 'sold-out' ? 'primary' : 'secondary'} data-testid="stock-put-back" disabled={busy}>
                  {t('putBack')}
                </Button>
              </div>
            </form>
          </>
        )}
        {problemText !== null && (
          <p id={problemId} className="form-error stock-dialog__problem" role="alert" data-testid="stock-dialog-problem">
            <IconWarning className="stock-dialog__icon" />
            <span>{problemText}</span>
          </p>
        )}
        <Button className="stock-dialog__cancel" disabled={busy} onClick={onClose}>
          {warehouseId === null ? tc('close') : tc('cancel')}
        </Button>
      </div>
    </Modal>
  );
}

/** Adding a sold-out item asks first; "Add anyway" adds it as a tap would have. */
export function SoldOutConfirm({ itemName, onAdd, onCancel }: { itemName: string; onAdd: () => void; onCancel: () => void }) {
  const { t } = useTranslation('stock');
  const { t: tc } = useTranslation('common');
  const titleId = useId();
  return (
    <Modal className="dialog-card stock-dialog" labelledBy={titleId} onCancel={onCancel}>
      <div className="stock-dialog__panel" data-testid="stock-sold-out-confirm">
        <h2 id={titleId} className="stock-dialog__title">
          <IconSoldOut className="stock-dialog__title-icon" />
          {t('soldOutTitle', { item: itemName })}
        </h2>
        <p className="stock-dialog__text">{t('soldOutBody')}</p>
        <div className="stock-dialog__actions">
          <Button onClick={onCancel}>{tc('cancel')}</Button>
          <Button variant="primary" data-testid="stock-add-anyway" onClick={onAdd}>
            {t('addAnyway')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
