import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import type { BridgeClient, PurchaseOrder, PurchaseOrderLine } from '../../../../../shared/bridge';
import { catalogSelectors } from '../../../data/catalog/catalogStore';
import { errorText } from '../../../i18n/errorText';
import { useFormat } from '../../../i18n/useFormat';
import { EmptyState } from '../../../ui/Notice';
import { IconCheck, IconWarning } from '../../../ui/icons';
import { useWarehouseStore } from '../../../data/stock/warehouseStore';
import { useCatalog } from '../../../session/useCatalog';
import { leftToReceive, parseReceiptQuantity, receiptPlan, thousandthsInput, type ReceiptPlan } from './receiptForm';
import { openReceiving } from './receiveGoods';

// One purchase order's lines and receiving them. Received = the server's
// `received` + what this terminal committed to its queue for the line (marked while it still waits
// to go, or went without an answer). The quantities typed are received into the chosen warehouse
// (the terminal's own by default) with Receive (receiveGoods.ts): one queue entry per line,
// committed together — "Saved" then, online or not; the queue adds each to the stock once. Typing more than is left asks
// first. The lines follow the queue (`queue-changed`) without a request: the main side keeps the
// lines it read. Test ids: purchase-order-lines, purchase-order-line, receipt-saved.

type Save = { state: 'saving' } | { state: 'saved'; count: number; warehouse: string } | { state: 'failed'; problem: string } | null;

/** The order's lines as the main side last read them; they follow the queue (`queue-changed`). */
function usePurchaseOrderLines(bridge: BridgeClient, order: PurchaseOrder) {
  const { t } = useTranslation('managerPurchasing');
  const [lines, setLines] = useState<PurchaseOrderLine[] | null>(null);
  const [readAt, setReadAt] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // State is set in the answer's callbacks, not synchronously in the effect (docs/decisions.md, "React hooks lint").
  const load = useCallback(
    (fresh: boolean) =>
      bridge.getPurchaseOrderLines({ purchaseOrderId: order.id, fresh }).then(
        (answer) => {
          setLines(answer.lines);
          setReadAt(answer.readAt);
          if (fresh) setProblem(null);
        },
        (error: unknown) => setProblem(errorText(t, error)),
      ),
    [bridge, order.id, t],
  );
  useEffect(() => {
    void load(true);
    // The queue moved (a line left, was accepted, or waits for a person): the counts follow.
    return bridge.onEvent((event) => {
      if (event.type === 'queue-changed') void load(false);
    });
  }, [bridge, load]);
  return { lines, setLines, readAt, problem, load };
}

/** Warehouses from the synced catalog (works offline); the terminal's own is chosen first. */
function useReceiptWarehouse() {
  const { t } = useTranslation('managerPurchasing');
  const format = useFormat();
  const db = useCatalog(catalogSelectors.catalogDb);
  const warehouses = useLiveQuery(async () => (db === null ? [] : byOrder(await db.warehouses.toArray(), format.collator)), [db, format]);
  const terminalWarehouse = useWarehouseStore((state) => state.warehouseId);
  const [chosen, choose] = useState<number | null>(null);
  const warehouseId = chosen ?? (warehouses?.some((w) => w.id === terminalWarehouse) ? terminalWarehouse : (warehouses?.[0]?.id ?? null));
  const nameOf = (id: number) => warehouses?.find((w) => w.id === id)?.name || t('warehouseNumber', { id });
  return { warehouses, warehouseId, choose, nameOf };
}

export function PurchaseOrderReceipt({ bridge, order, onBack }: { bridge: BridgeClient; order: PurchaseOrder; onBack: () => void }) {
  const { t } = useTranslation('managerPurchasing');
  const format = useFormat();
  const reference = order.reference || t('noReference');
  const { lines, setLines, readAt, problem, load } = usePurchaseOrderLines(bridge, order);
  const warehouse = useReceiptWarehouse();
  const { warehouseId } = warehouse;
  const [typed, setTyped] = useState<ReadonlyMap<number, string>>(new Map());
  const [save, setSave] = useState<Save>(null);
  const [confirmOver, setConfirmOver] = useState(false);
  // Keeps the entry ids of an unanswered Receive for the next tap (receiveGoods.ts).
  const receiving = useMemo(() => openReceiving(bridge, { id: order.id, reference: order.reference }), [bridge, order.id, order.reference]);

  const plan: ReceiptPlan = lines === null ? { lines: [], invalid: [], over: [] } : receiptPlan(lines, typed);
  const saving = save?.state === 'saving';
  const canReceive = plan.lines.length > 0 && plan.invalid.length === 0 && warehouseId !== null && !saving;

  const type = (lineId: number, text: string) => {
    setTyped((current) => new Map(current).set(lineId, text));
    setConfirmOver(false);
    if (save?.state !== 'saving') setSave(null);
  };

  const receive = async (overConfirmed: boolean) => {
    if (!canReceive || lines === null || warehouseId === null) return;
    if (plan.over.length > 0 && !overConfirmed) {
      setConfirmOver(true);
      return;
    }
    setConfirmOver(false);
    const name = warehouse.nameOf(warehouseId);
    setSave({ state: 'saving' });
    try {
      const received = await receiving.receive({ plan, lines, warehouse: { id: warehouseId, name } });
      setLines(received.lines);
      setTyped(new Map());
      setSave({ state: 'saved', count: received.count, warehouse: name });
    } catch (error) {
      setSave({ state: 'failed', problem: errorText(t, error) });
    }
  };

  return (
    <div className="purchasing po-receipt">
      <div className="po-receipt__head">
        <button type="button" className="button button--secondary" onClick={onBack}>
          {t('backToList')}
        </button>
        <div className="po-receipt__title">
          <h2 id="receipt-title">{t('orderTitle', { reference })}</h2>
          <p className="purchasing__sub">
            {order.vendorName}
            {order.vendorOrderId !== null ? ` · ${t('vendorOrder', { id: order.vendorOrderId })}` : ''}
            {order.totalCents !== null ? ` · ${format.money(order.totalCents / 100)}` : ''}
            {readAt !== null ? ` · ${t('readAt', { time: format.time(new Date(readAt)) })}` : ''}
          </p>
        </div>
        <button type="button" className="button button--secondary" onClick={() => void load(true)}>
          {t('refresh')}
        </button>
      </div>
      {problem !== null && lines !== null && (
        <p className="form-error" role="alert">
          <IconWarning className="form-error__icon" />
          {problem}
        </p>
      )}
      {lines === null ? (
        problem !== null ? (
          <EmptyState tone="problem" title={t('linesCannotRead')}>
            {problem}
          </EmptyState>
        ) : (
          <EmptyState title={t('linesReading')} />
        )
      ) : lines.length === 0 ? (
        <EmptyState title={t('linesEmpty')} />
      ) : (
        <>
          <ReceiptLines reference={reference} lines={lines} typed={typed} onType={type} onEnter={() => void receive(false)} />
          <div className="po-receipt__footer">
            <fieldset className="po-receipt__warehouses">
              <legend className="field__label">{t('warehouse')}</legend>
              {warehouse.warehouses !== undefined && warehouse.warehouses.length === 0 ? (
                <p className="form-hint">{t('noWarehouses')}</p>
              ) : (
                <div className="segments">
                  {(warehouse.warehouses ?? []).map((w) => (
                    <button
                      key={w.id}
                      type="button"
                      className="segment"
                      aria-pressed={w.id === warehouseId}
                      onClick={() => warehouse.choose(w.id)}
                      disabled={saving}
                    >
                      {w.name || t('warehouseNumber', { id: w.id })}
                    </button>
                  ))}
                </div>
              )}
            </fieldset>
            {confirmOver ? (
              <ConfirmOver over={plan.over} onCancel={() => setConfirmOver(false)} onConfirm={() => void receive(true)} />
            ) : (
              <div className="po-receipt__actions">
                <button type="button" className="button button--primary po-receipt__receive" disabled={!canReceive} onClick={() => void receive(false)}>
                  {saving
                    ? t('saving')
                    : warehouseId === null
                      ? t('chooseWarehouse')
                      : plan.lines.length + plan.invalid.length === 0
                        ? t('receiveNothing')
                        : t('receive', { count: plan.lines.length + plan.invalid.length })}
                </button>
              </div>
            )}
            <SaveStatus save={save} />
          </div>
        </>
      )}
    </div>
  );
}

function ReceiptLines({
  reference,
  lines,
  typed,
  onType,
  onEnter,
}: {
  reference: string;
  lines: readonly PurchaseOrderLine[];
  typed: ReadonlyMap<number, string>;
  onType: (lineId: number, text: string) => void;
  onEnter: () => void;
}) {
  const { t } = useTranslation('managerPurchasing');
  return (
    <table className="purchasing__table po-receipt__lines" data-testid="purchase-order-lines">
      <caption className="visually-hidden">{t('linesLabel', { reference })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('colItem')}</th>
          <th scope="col" className="purchasing__number">
            {t('colOrdered')}
          </th>
          <th scope="col" className="purchasing__number">
            {t('colReceived')}
          </th>
          <th scope="col" className="purchasing__number">
            {t('colLeft')}
          </th>
          <th scope="col">{t('colReceiveNow')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <ReceiptLineRow key={line.id} line={line} text={typed.get(line.id) ?? ''} onType={(text) => onType(line.id, text)} onEnter={onEnter} />
        ))}
      </tbody>
    </table>
  );
}

function ReceiptLineRow({ line, text, onType, onEnter }: { line: PurchaseOrderLine; text: string; onType: (text: string) => void; onEnter: () => void }) {
  const { t } = useTranslation('managerPurchasing');
  const format = useFormat();
  const quantity = (thousandths: number) => format.number(thousandths / 1000);
  const left = leftToReceive(line);
  const parsed = parseReceiptQuantity(text);
  const over = parsed?.ok === true && parsed.thousandths > left;
  const fieldProblem =
    parsed !== null && !parsed.ok ? t(parsed.problem === 'zero' ? 'problemZero' : parsed.problem === 'too-large' ? 'problemTooLarge' : 'problemInvalid') : null;
  const problemId = `receipt-line-${line.id}-problem`;
  return (
    <tr data-testid="purchase-order-line" data-line-id={line.id}>
      <th scope="row" className="po-receipt__item">
        {line.itemName}
        {line.itemBarcode !== null && <span className="purchasing__sub">{line.itemBarcode}</span>}
      </th>
      <td className="purchasing__number" data-testid="line-ordered">
        {quantity(line.ordered)}
      </td>
      <td className="purchasing__number">
        <span data-testid="line-received">{quantity(line.receivedAtServer + line.here.accepted + line.here.waiting + line.here.unconfirmed)}</span>
        {line.here.waiting > 0 && (
          <span className="po-receipt__mark" data-testid="line-waiting">
            {t('waitingToGo', { quantity: quantity(line.here.waiting) })}
          </span>
        )}
        {line.here.unconfirmed > 0 && (
          <span className="po-receipt__mark po-receipt__mark--problem" data-testid="line-unconfirmed">
            <IconWarning className="po-receipt__mark-icon" />
            {t('notConfirmed', { quantity: quantity(line.here.unconfirmed) })}
          </span>
        )}
      </td>
      <td className="purchasing__number" data-testid="line-left">
        {quantity(left)}
      </td>
      <td className="po-receipt__now">
        <div className="po-receipt__now-row">
          <input
            className="input po-receipt__input"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            aria-label={t('quantityLabel', { item: line.itemName })}
            aria-invalid={fieldProblem !== null || over}
            aria-describedby={fieldProblem !== null || over ? problemId : undefined}
            value={text}
            onChange={(event) => onType(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') onEnter();
            }}
          />
          <button
            type="button"
            className="button button--secondary po-receipt__all"
            disabled={left === 0}
            aria-label={t('allLeftLabel', { item: line.itemName, quantity: quantity(left) })}
            onClick={() => onType(thousandthsInput(left))}
          >
            {t('allLeft')}
          </button>
        </div>
        {(fieldProblem !== null || over) && (
          <span className="po-receipt__field-problem" id={problemId}>
            <IconWarning className="po-receipt__mark-icon" />
            {fieldProblem ?? t('overLeft', { left: quantity(left) })}
          </span>
        )}
      </td>
    </tr>
  );
}

/** More than is left on some lines: asked before it is received. */
function ConfirmOver({ over, onCancel, onConfirm }: { over: ReceiptPlan['over']; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation('managerPurchasing');
  const format = useFormat();
  const quantity = (thousandths: number) => format.number(thousandths / 1000);
  return (
    <div className="po-receipt__confirm" role="alertdialog" aria-labelledby="receipt-over-question">
      <p className="po-receipt__confirm-question" id="receipt-over-question">
        <IconWarning className="po-receipt__mark-icon" />
        {t('overQuestion')}
      </p>
      <ul className="po-receipt__confirm-lines">
        {over.map((o) => (
          <li key={o.lineId}>{t('overLine', { item: o.itemName, left: quantity(o.left), receiving: quantity(o.receiving) })}</li>
        ))}
      </ul>
      <div className="po-receipt__actions">
        <button type="button" className="button button--secondary" onClick={onCancel} autoFocus>
          {t('cancel')}
        </button>
        <button type="button" className="button button--primary" onClick={onConfirm}>
          {t('overConfirm')}
        </button>
      </div>
    </div>
  );
}

function SaveStatus({ save }: { save: Save }) {
  const { t } = useTranslation('managerPurchasing');
  return (
    <>
      <div className="po-receipt__status" role="status">
        {save?.state === 'saved' && (
          <p className="po-receipt__saved" data-testid="receipt-saved">
            <IconCheck className="po-receipt__mark-icon" />
            <span>
              {t('saved', { count: save.count, warehouse: save.warehouse })} {t('savedQueue')}
            </span>
          </p>
        )}
      </div>
      {save?.state === 'failed' && (
        <p className="form-error" role="alert">
          <IconWarning className="form-error__icon" />
          {t('notSaved', { problem: save.problem })}
        </p>
      )}
    </>
  );
}

/** Warehouses as the venue orders them (spec 2.8 `order`), then by name. */
function byOrder<W extends { id: number; name: string; order?: number | null | undefined }>(warehouses: W[], collator: Intl.Collator): W[] {
  return [...warehouses].sort(
    (a, b) => (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER) || collator.compare(a.name, b.name) || a.id - b.id,
  );
}
