import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeClient } from '../../../../../shared/bridge';
import type { ShopCatalogDb } from '../../../data/shop/shopDb';
import { dropStockAfterSale } from '../../../data/shop/shopStock';
import { useQueueStore } from '../../../data/queue/queueStore';
import { errorText } from '../../../i18n/errorText';
import { useFormat } from '../../../i18n/useFormat';
import { Modal } from '../../lock/Modal';
import { amountInputText } from '../../order/sendForm';
import { checkoutDraft, registerPayHandler, useBasketStore, type CheckoutDraft } from '../basketStore';
import { useShopCatalog } from '../useShopCatalog';
import { PaidSaleActions, PaidSaleReceipt } from '../receipt/ReceiptView';
import { recordSaleReceipt } from '../receipt/receiptStore';
import { useShopIdentity } from '../receipt/useShopIdentity';
import { checkPayments, quickTenders, saleEntryDrafts, shopDateTime, shopMethods, type PayRow, type ShopMethod } from './salePay';
import '../../bill/bill.css';
import './salePay.css';
import { useShopBridge } from '../shopContext';

// Pay: the sale split across the shop's payment methods (the synced ones; cash
// with the amount handed over and the change), the payments adding up to the total to the cent.
// "Pay" submits the order (queue kind `sale`) and then its invoice (kind `invoice`, after it): both
// are committed by the main side before the call resolves — "Saved" at once, offline too — and
// delivered once, the invoice with the order's id. The till's basket is emptied once both are saved.
// Mount `<SalePayDialog open … />` directly, or `<TillPayHost />` once: it registers the basket's
// Pay handler and opens the dialog with the draft handed over.
// Test ids: sale-pay-dialog, sale-pay-method-<id>, sale-pay-row, sale-pay-amount, sale-pay-tendered,
// sale-pay-left, sale-pay-change, sale-pay-submit, sale-pay-saved.

export interface SalePayDialogProps {
  open: boolean;
  onClose(): void;
  /** Called once the sale and its invoice are saved (the receipt may follow). */
  onPaid(saleId: string): void;
  /** The sale to pay; default: the till's basket (`checkoutDraft()`) when the dialog opens. */
  draft?: CheckoutDraft;
  /** The shop's catalog (payment methods, customers); default: the current generation. */
  db?: ShopCatalogDb | null;
  /** Default: the window's bridge. */
  bridge?: Pick<BridgeClient, 'submitEntry'>;
  /** Epoch ms (closed_at); tests pass their own. */
  now?: () => number;
}

export function SalePayDialog(props: SalePayDialogProps) {
  if (!props.open) return null;
  return props.db === undefined ? <WithShopCatalog {...props} /> : <SalePayContent {...props} db={props.db} />;
}

/**
 * The till's "Pay" (basketStore.ts `registerPayHandler`): mounted once beside the basket, it opens
 * the dialog with the draft the basket's Pay button hands over.
 */
export function TillPayHost({ onPaid }: { onPaid?: (saleId: string) => void }) {
  const [opened, setOpened] = useState<{ draft: CheckoutDraft; round: number } | null>(null);
  useEffect(() => registerPayHandler((draft) => setOpened((current) => ({ draft, round: (current?.round ?? 0) + 1 }))), []);
  return (
    <SalePayDialog
      key={opened?.round ?? 0}
      open={opened !== null}
      {...(opened ? { draft: opened.draft } : {})}
      onClose={() => setOpened(null)}
      onPaid={(saleId) => onPaid?.(saleId)}
    />
  );
}

function WithShopCatalog(props: SalePayDialogProps) {
  const catalog = useShopCatalog();
  return <SalePayContent {...props} db={catalog.status === 'ready' ? catalog.db : null} />;
}

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; saleId: string; changeCents: number } | { kind: 'failed'; message: string };

function SalePayContent({ onClose, onPaid, draft: given, db, bridge: givenBridge, now = Date.now }: SalePayDialogProps & { db: ShopCatalogDb | null }) {
  const { t } = useTranslation('sale');
  const format = useFormat();
  const money = (cents: number) => format.money(cents / 100);
  // Account-scoped (the main side refuses a queue write that names no account: `wrong-account`);
  // the scope learns the till's account from getAppInfo, as the gift cards' does.
  const shopBridge = useShopBridge();
  const bridge = givenBridge ?? shopBridge;
  // The sale as it was when the dialog opened: the basket cannot change under the payments.
  const [draft] = useState<CheckoutDraft>(() => given ?? checkoutDraft());
  const stored = useLiveQuery(async () => (db ? await db.paymentMethods.toArray() : []), [db]);
  const methods = useMemo(() => shopMethods(stored), [stored]);
  const customer = useLiveQuery(async () => (db && draft.customerId !== null ? ((await db.customers.get(draft.customerId)) ?? null) : null), [db, draft.customerId]);
  const [rows, setRows] = useState<PayRow[]>([]);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // Kept across this dialog's retries: a second tap after an unanswered one stores nothing twice.
  const [ids] = useState(() => ({ sale: crypto.randomUUID(), invoice: crypto.randomUUID() }));
  const counter = useRef(0);
  // Item 11: the receipt names the shop.
  const shop = useShopIdentity();

  const total = draft.totals.total;
  const check = checkPayments(rows, methods, total);
  const saving = status.kind === 'saving';
  const saved = status.kind === 'saved';
  const editable = !saving && !saved;
  const empty = draft.lines.length === 0;

  const addPayment = (method: ShopMethod) => {
    const left = Math.max(0, check.leftCents);
    counter.current += 1;
    const key = `p${counter.current}`;
    setRows((current) => [...current, { key, methodId: method.id, amount: left > 0 ? amountInputText(left) : '', tendered: '' }]);
  };
  const edit = (key: string, patch: Partial<PayRow>) => setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const remove = (key: string) => setRows((current) => current.filter((row) => row.key !== key));

  const pay = async () => {
    if (check.problem !== null || check.payments === null || !editable || empty) return;
    setStatus({ kind: 'saving' });
    const closedAt = now();
    try {
      const drafts = saleEntryDrafts({
        ids,
        draft,
        payments: check.payments,
        closedAt: shopDateTime(closedAt),
        customerName: customer?.name ?? null,
      });
      // In order: the invoice waits for its sale, which the main side checks when it commits it.
      for (const entryDraft of drafts) {
        const { entry } = await bridge.submitEntry({ draft: entryDraft });
        useQueueStore.getState().applyWrite({ entries: [entry] });
      }
      // Item 12: the sold products' local stock drops at once (data/shop/shopStock.ts); the next sync brings the shop's count.
      if (db !== null) void dropStockAfterSale(db, draft.lines.map((line) => ({ product_id: line.productId, quantity: line.quantity, weight: line.weight }))).catch((error: unknown) => console.warn(`stock: the local stock was not lowered after the sale: ${String(error)}`));
      useBasketStore.getState().clear();
      // Item 11: the receipt, shown below and kept for "Last receipt"; it follows the invoice for its number.
      recordSaleReceipt({ ids, draft, check, closedAt, customerName: customer?.name ?? null, shop });
      setStatus({ kind: 'saved', saleId: ids.sale, changeCents: check.changeCents });
      onPaid(ids.sale);
    } catch (error) {
      setStatus({ kind: 'failed', message: t('notSaved', { reason: errorText(t, error) }) });
    }
  };

  const problemText =
    check.problem === null || empty
      ? null
      : check.problem === 'left'
        ? t('problem_left', { amount: money(check.leftCents) })
        : check.problem === 'over'
          ? t('problem_over', { amount: money(-check.leftCents) })
          : t(`problem_${check.problem}`);

  return (
    <Modal className="dialog dialog--large sale-pay" labelledBy="sale-pay-title" onCancel={saving ? undefined : onClose}>
      <div className="dialog__inner" data-testid="sale-pay-dialog">
        <header className="dialog__header pay-dialog__header">
          <h2 id="sale-pay-title" className="dialog__title">
            {t('title', { amount: money(total) })}
          </h2>
          {customer && <p className="pay-dialog__payable">{t('customer', { name: customer.name })}</p>}
        </header>
        {saved ? (
          <div className="dialog__body pay-dialog__body pay-dialog__body--single" data-testid="sale-pay-saved">
            <PaidSaleReceipt saleId={status.saleId}>
              <p className="sale-pay__saved" role="status">
                <span aria-hidden="true">✓ </span>
                {t('saved')}
              </p>
              {status.changeCents > 0 && (
                <p className="sale-pay__saved-change" data-testid="sale-pay-change">
                  {t('savedChange', { amount: money(status.changeCents) })}
                </p>
              )}
            </PaidSaleReceipt>
          </div>
        ) : (
          <div className="dialog__body pay-dialog__body">
            <div className="pay-dialog__col">
              <fieldset className="field">
                <legend className="field__label">{t('addPayment')}</legend>
                {methods.length === 0 ? (
                  <p className="form-hint">{t('noMethods')}</p>
                ) : (
                  <>
                    <div className="segments" role="group" aria-label={t('addPayment')}>
                      {methods.map((method) => (
                        <button key={method.id} type="button" className="segment" data-testid={`sale-pay-method-${method.id}`} disabled={!editable || empty} onClick={() => addPayment(method)}>
                          <span aria-hidden="true">+ </span>
                          {method.name}
                        </button>
                      ))}
                    </div>
                    <p className="form-hint">{t('addPaymentHint')}</p>
                  </>
                )}
              </fieldset>
              <section className="sale-pay__rows" aria-labelledby="sale-pay-rows-title">
                <h3 id="sale-pay-rows-title" className="field__label sale-pay__rows-title">
                  {t('payments')}
                </h3>
                {rows.length === 0 ? (
                  <p className="form-hint">{t('noPayments')}</p>
                ) : (
                  <ul className="sale-pay__list">
                    {rows.map((row, index) => {
                      const result = check.rows[index]!;
                      const method = result.method;
                      const name = method?.name ?? '?';
                      const problemId = `sale-pay-row-problem-${row.key}`;
                      const due = result.amountCents ?? 0;
                      return (
                        <li key={row.key} className="sale-pay__row" data-testid="sale-pay-row" data-method={row.methodId}>
                          <div className="sale-pay__row-head">
                            <span className="sale-pay__method">{name}</span>
                            <button type="button" className="segment sale-pay__remove" aria-label={t('removePayment', { method: name })} disabled={!editable} onClick={() => remove(row.key)}>
                              {t('remove')}
                            </button>
                          </div>
                          <div className="sale-pay__fields">
                            <label className="field">
                              <span>{t('amount')}</span>
                              <input
                                className="input"
                                type="text"
                                inputMode="decimal"
                                data-testid="sale-pay-amount"
                                value={row.amount}
                                disabled={!editable}
                                aria-invalid={result.problem === 'amount-format' || result.problem === 'amount-zero'}
                                aria-describedby={result.problem ? problemId : undefined}
                                onChange={(event) => edit(row.key, { amount: event.target.value })}
                              />
                            </label>
                            {method?.cash && (
                              <label className="field">
                                <span>{t('tendered')}</span>
                                <input
                                  className="input"
                                  type="text"
                                  inputMode="decimal"
                                  data-testid="sale-pay-tendered"
                                  value={row.tendered}
                                  placeholder={t('tenderedPlaceholder')}
                                  disabled={!editable}
                                  aria-invalid={result.problem === 'tendered-format' || result.problem === 'tendered-short'}
                                  aria-describedby={result.problem ? problemId : undefined}
                                  onChange={(event) => edit(row.key, { tendered: event.target.value })}
                                />
                              </label>
                            )}
                          </div>
                          {method?.cash && due > 0 && (
                            <div className="segments" role="group" aria-label={t('tendered')}>
                              <button type="button" className="segment" aria-pressed={row.tendered === ''} disabled={!editable} onClick={() => edit(row.key, { tendered: '' })}>
                                {t('exact')}
                              </button>
                              {quickTenders(due).map((cents) => (
                                <button
                                  key={cents}
                                  type="button"
                                  className="segment"
                                  aria-label={t('quickTender', { amount: money(cents) })}
                                  aria-pressed={row.tendered === amountInputText(cents)}
                                  disabled={!editable}
                                  onClick={() => edit(row.key, { tendered: amountInputText(cents) })}
                                >
                                  {money(cents)}
                                </button>
                              ))}
                              {result.changeCents > 0 && <span className="sale-pay__row-change">{t('rowChange', { amount: money(result.changeCents) })}</span>}
                            </div>
                          )}
                          {result.problem && (
                            <p id={problemId} className="form-problem">
                              <span aria-hidden="true">⚠ </span>
                              {t(`rowProblem_${result.problem}`, { amount: money(due) })}
                            </p>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                )}
              </section>
            </div>
            <div className="pay-dialog__col">
              <dl className="pay-sums">
                <div>
                  <dt>{t('total')}</dt>
                  <dd>{money(total)}</dd>
                </div>
                <div>
                  <dt>{t('paid')}</dt>
                  <dd>{money(check.appliedCents)}</dd>
                </div>
                <div className="bill__sum--left">
                  <dt>{check.leftCents < 0 ? t('over') : t('left')}</dt>
                  <dd data-testid="sale-pay-left">{money(Math.abs(check.leftCents))}</dd>
                </div>
                {check.changeCents > 0 && (
                  <div className="sale-pay__change">
                    <dt>{t('change')}</dt>
                    <dd data-testid="sale-pay-change">{money(check.changeCents)}</dd>
                  </div>
                )}
              </dl>
            </div>
          </div>
        )}
        <footer className="dialog__footer">
          <div className="dialog__status" role="status">
            {empty && <p className="form-problem">{t('emptyBasket')}</p>}
            {!saved && problemText !== null && rows.length > 0 && <p className="form-problem">{problemText}</p>}
            {saving && <p className="form-hint">{t('saving')}</p>}
            {status.kind === 'failed' && <p className="form-problem">{status.message}</p>}
          </div>
          {saved ? (
            <PaidSaleActions saleId={status.saleId} onClose={onClose} />
          ) : (
            <>
              <button type="button" className="button button--secondary" disabled={saving} onClick={onClose}>
                {t('cancel')}
              </button>
              <button type="button" className="button button--primary" data-testid="sale-pay-submit" disabled={check.problem !== null || saving || empty} onClick={() => void pay()}>
                {t('pay', { amount: money(total) })}
              </button>
            </>
          )}
        </footer>
      </div>
    </Modal>
  );
}
