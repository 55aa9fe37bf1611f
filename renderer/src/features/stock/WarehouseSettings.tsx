import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { catalogSelectors } from '../../data/catalog/catalogStore';
import { errorText } from '../../i18n/errorText';
import { useFormat } from '../../i18n/useFormat';
import { IconCheck, IconWarning } from '../../ui/icons';
import { useCatalog } from '../../session/useCatalog';
import { asProblem, chooseWarehouse, reloadWarehouseIfFailed, sortWarehouses, useWarehouseStore, type StockProblem } from '../../data/stock/warehouseStore';
import '../../ui/stock.css';

/**
 * Settings: the warehouse this terminal sells from, one of the account's synced
 * warehouses or "None". Saved at once on the main side, per account (no Save button, like the
 * language); orders then send it as `warehouse_id` and item buttons show its stock.
 *
 * Test ids: stock-warehouse-settings, stock-warehouse-status.
 */
export function WarehouseSettings() {
  const { t } = useTranslation('stock');
  const format = useFormat();
  const db = useCatalog(catalogSelectors.catalogDb);
  const warehouses = useLiveQuery(async () => (db === null ? null : sortWarehouses(await db.warehouses.toArray(), format.collator)), [db, format]);
  const warehouseId = useWarehouseStore((state) => state.warehouseId);
  const status = useWarehouseStore((state) => state.status);
  const loadProblem = useWarehouseStore((state) => state.problem);
  const [save, setSave] = useState<{ state: 'saving' | 'saved' } | { state: 'failed'; problem: StockProblem } | null>(null);

  // Read it again when Settings opens after a failed read.
  useEffect(reloadWarehouseIfFailed, []);

  const choose = (id: number | null) => {
    setSave({ state: 'saving' });
    chooseWarehouse(id).then(
      () => setSave({ state: 'saved' }),
      (error: unknown) => setSave({ state: 'failed', problem: asProblem(error) }),
    );
  };

  // A warehouse saved earlier that the last sync no longer lists is still shown, as a number.
  const listed = warehouses ?? [];
  const options: { id: number | null; name: string; hint?: string }[] = [
    { id: null, name: t('none'), hint: t('noneHint') },
    ...listed.map((w) => ({ id: w.id, name: w.name || t('warehouseNumber', { id: w.id }) })),
    ...(warehouseId !== null && warehouses != null && !listed.some((w) => w.id === warehouseId)
      ? [{ id: warehouseId, name: t('warehouseNumber', { id: warehouseId }) }]
      : []),
  ];

  return (
    <fieldset className="settings__group stock-settings" data-testid="stock-warehouse-settings" disabled={status === 'loading' || save?.state === 'saving'}>
      <legend className="settings__legend">{t('settingsTitle')}</legend>
      <p className="settings__note stock-settings__hint">{t('settingsHint')}</p>
      <div className="stock-settings__choices">
        {options.map((option) => {
          const checked = option.id === warehouseId;
          return (
            <label key={option.id ?? 'none'} className={`settings__choice settings__choice--compact${checked ? ' settings__choice--checked' : ''}`}>
              <input type="radio" className="settings__radio" name="stock-warehouse" checked={checked} onChange={() => choose(option.id)} />
              <span className="settings__choice-text">
                <span className="settings__choice-label">{option.name}</span>
                {option.hint !== undefined && <span className="settings__choice-hint">{option.hint}</span>}
              </span>
            </label>
          );
        })}
      </div>
      {db === null && <p className="settings__note">{t('notDownloaded')}</p>}
      {warehouses != null && warehouses.length === 0 && <p className="settings__note">{t('noWarehouses')}</p>}
      <p className="stock-settings__status" role="status" data-testid="stock-warehouse-status">
        {save?.state === 'saving' && t('saving')}
        {save?.state === 'saved' && (
          <>
            <IconCheck className="settings__hint-icon" />
            {t('saved')}
          </>
        )}
      </p>
      {(save?.state === 'failed' || (status === 'failed' && loadProblem !== null)) && (
        <p className="settings__error" role="alert">
          <IconWarning className="settings__error-icon" />
          <span>{save?.state === 'failed' ? t('notSaved', { reason: errorText(t, save.problem) }) : t('notRead', { reason: errorText(t, loadProblem) })}</span>
        </p>
      )}
    </fieldset>
  );
}
