import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeClient } from '../../../../../shared/bridge';
import type { ShopCatalogDb } from '../../../data/shop/shopDb';
import { errorText } from '../../../i18n/errorText';
import { useFormat } from '../../../i18n/useFormat';
import { Modal } from '../../../ui/Modal';
import { amountInputText } from '../../../ui/amountInput';
import { useBasketStore, type CheckoutDraft } from '../basketStore';
import { useShopCatalog } from '../useShopCatalog';
import { PaidSaleActions, PaidSaleReceipt } from '../receipt/ReceiptView';
import { checkPayments, quickTenders, shopMethods, type PayCheck, type PayRow, type RowResult, type ShopMethod } from './salePay';
import { sellSale } from './sellSale';
import '../../../ui/payDialog.css';
import './salePay.css';
import { useShopBridge, useShopIdentity } from '../../../session/shopContext';

// Pay: the sale split across the shop's payment methods (the synced ones; cash
// with the amount handed over and the change), the payments adding up to the total to the cent.
// "Pay" submits the order and its invoice in one call (sellSale.ts): the main side commits both or
// neither before the call resolves — "Saved" at once, offline too. The till's basket is emptied
// once they are saved. Mount `<SalePayDialog open … />` directly, or use `useTillPay()`: the
// basket's Pay hands it the draft and it renders the dialog.
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
  bridge?: Pick<BridgeClient, 'submitSale'>;
  /** Epoch ms (closed_at); tests pass their own. */
  now?: () => number;
}

export function SalePayDialog(props: SalePayDialogProps) {
  if (!props.open) return null;
  return props.db === undefined ? <WithShopCatalog {...props} /> : <SalePayContent {...props} db={props.db} />;
}

/**
 * The till's "Pay": `open` is what the basket's Pay button calls with the draft it hands over
 * (basketStore.ts `pay`); `dialog` is the pay dialog for that draft, to render beside the basket.
 */
export function useTillPay(onPaid?: (saleId: string) => void): { open: (draft: CheckoutDraft) => void; dialog: ReactNode } {
  const [opened, setOpened] = useState<{ draft: CheckoutDraft; round: number } | null>(null);
  const open = useCallback((draft: CheckoutDraft) => setOpened((current) => ({ draft, round: (current?.round ?? 0) + 1 })), []);
  const dialog = (
    <SalePayDialog
      key={opened?.round ?? 0}
      open={opened !== null}
      {...(opened ? { draft: opened.draft } : {})}
      onClose={() => setOpened(null)}
      onPaid={(saleId) => onPaid?.(saleId)}
    />
  );
  return { open, dialog };
}

function WithShopCatalog(props: SalePayDialogProps) {
  const catalog = useShopCatalog();
  return <SalePayContent {...props} db={catalog.status === 'ready' ? catalog.db : null} />;
}

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; saleId: string; changeCents: number } | { kind: 'failed'; message: string };

/** The dialog's state: the payment rows, their check against the total, and "Pay" (sellSale.ts). */
function useSalePay({ onPaid, draft: given, db, bridge: givenBridge, now = Date.now }: SalePayDialogProps & { db: ShopCatalogDb | null }) {
  const { t } = useTranslation('sale');
  // Account-scoped (the main side refuses a queue write that names no account: `wrong-account`);
  // the scope learns the till's account from getAppInfo, as the gift cards' does.
  const shopBridge = useShopBridge();
  const bridge = givenBridge ?? shopBridge;
  // The sale as it was when the dialog opened: the basket cannot change under the payments.
  const basketDraft = useBasketStore((state) => state.checkoutDraft);
  const [draft] = useState<CheckoutDraft>(() => given ?? basketDraft());
  const stored = useLiveQuery(async () => (db ? await db.paymentMethods.toArray() : []), [db]);
  const methods = useMemo(() => shopMethods(stored), [stored]);
  const customer = useLiveQuery(
    async () => (db && draft.customerId !== null ? ((await db.customers.get(draft.customerId)) ?? null) : null),
    [db, draft.customerId],
  );
  const [rows, setRows] = useState<PayRow[]>([]);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // Kept across this dialog's retries: a second tap after an unanswered one stores nothing twice.
  const [ids] = useState(() => ({ sale: crypto.randomUUID(), invoice: crypto.randomUUID() }));
  const counter = useRef(0);
  // The receipt names the shop.
  const shop = useShopIdentity();

  const check = checkPayments(rows, methods, draft.totals.total);
  const editable = status.kind !== 'saving' && status.kind !== 'saved';
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
    const payments = check.payments;
    if (check.problem !== null || payments === null || !editable || empty) return;
    setStatus({ kind: 'saving' });
    try {
      const sold = await sellSale({ ids, draft, check: { ...check, payments }, closedAt: now(), customerName: customer?.name ?? null, shop }, { bridge, db });
      setStatus({ kind: 'saved', ...sold });
      onPaid(sold.saleId);
    } catch (error) {
      setStatus({ kind: 'failed', message: t('notSaved', { reason: errorText(t, error) }) });
    }
  };

  return { draft, methods, customer, rows, status, check, editable, empty, addPayment, edit, remove, pay };
}

function SalePayContent(props: SalePayDialogProps & { db: ShopCatalogDb | null }) {
  const { t } = useTranslation('sale');
  const format = useFormat();
  const money = (cents: number) => format.money(cents / 100);
  const { draft, methods, customer, rows, status, check, editable, empty, addPayment, edit, remove, pay } = useSalePay(props);
  const { onClose } = props;
  const total = draft.totals.total;
  const saving = status.kind === 'saving';

  return (
    <Modal className="dialog dialog--large sale-pay" labelledBy="sale-pay-title" onCancel={saving ? undefined : onClose}>
      <div className="dialog__inner" data-testid="sale-pay-dialog">
        <header className="dialog__header pay-dialog__header">
          <h2 id="sale-pay-title" className="dialog__title">
            {t('title', { amount: money(total) })}
          </h2>
          {customer && <p className="pay-dialog__payable">{t('customer', { name: customer.name })}</p>}
        </header>
        {status.kind === 'saved' ? (
          <SavedSale saleId={status.saleId} changeCents={status.changeCents} />
        ) : (
          <div className="dialog__body pay-dialog__body">
            <div className="pay-dialog__col">
              <PaymentMethods methods={methods} disabled={!editable || empty} onAdd={addPayment} />
              <PaymentRows rows={rows} check={check} editable={editable} onEdit={edit} onRemove={remove} />
            </div>
            <div className="pay-dialog__col">
              <PaySums totalCents={total} check={check} />
            </div>
          </div>
        )}
        <footer className="dialog__footer">
          <div className="dialog__status" role="status">
            {empty && <p className="form-problem">{t('emptyBasket')}</p>}
            {status.kind !== 'saved' && !empty && rows.length > 0 && <CheckProblem check={check} />}
            {saving && <p className="form-hint">{t('saving')}</p>}
            {status.kind === 'failed' && <p className="form-problem">{status.message}</p>}
          </div>
          {status.kind === 'saved' ? (
            <PaidSaleActions saleId={status.saleId} onClose={onClose} />
          ) : (
            <>
              <button type="button" className="button button--secondary" disabled={saving} onClick={onClose}>
                {t('cancel')}
              </button>
              <button
                type="button"
                className="button button--primary"
                data-testid="sale-pay-submit"
                disabled={check.problem !== null || saving || empty}
                onClick={() => void pay()}
              >
                {t('pay', { amount: money(total) })}
              </button>
            </>
          )}
        </footer>
      </div>
    </Modal>
  );
}

/** What keeps the sale from being paid, in words. */
function CheckProblem({ check }: { check: PayCheck }) {
  const { t } = useTranslation('sale');
  const format = useFormat();
  if (check.problem === null) return null;
  const text =
    check.problem === 'left'
      ? t('problem_left', { amount: format.money(check.leftCents / 100) })
      : check.problem === 'over'
        ? t('problem_over', { amount: format.money(-check.leftCents / 100) })
        : t(`problem_${check.problem}`);
  return <p className="form-problem">{text}</p>;
}

function SavedSale({ saleId, changeCents }: { saleId: string; changeCents: number }) {
  const { t } = useTranslation('sale');
  const format = useFormat();
  return (
    <div className="dialog__body pay-dialog__body pay-dialog__body--single" data-testid="sale-pay-saved">
      <PaidSaleReceipt saleId={saleId}>
        <p className="sale-pay__saved" role="status">
          <span aria-hidden="true">✓ </span>
          {t('saved')}
        </p>
        {changeCents > 0 && (
          <p className="sale-pay__saved-change" data-testid="sale-pay-change">
            {t('savedChange', { amount: format.money(changeCents / 100) })}
          </p>
        )}
      </PaidSaleReceipt>
    </div>
  );
}

function PaymentMethods({ methods, disabled, onAdd }: { methods: readonly ShopMethod[]; disabled: boolean; onAdd: (method: ShopMethod) => void }) {
  const { t } = useTranslation('sale');
  return (
    <fieldset className="field">
      <legend className="field__label">{t('addPayment')}</legend>
      {methods.length === 0 ? (
        <p className="form-hint">{t('noMethods')}</p>
      ) : (
        <>
          <div className="segments" role="group" aria-label={t('addPayment')}>
            {methods.map((method) => (
              <button
                key={method.id}
                type="button"
                className="segment"
                data-testid={`sale-pay-method-${method.id}`}
                disabled={disabled}
                onClick={() => onAdd(method)}
              >
                <span aria-hidden="true">+ </span>
                {method.name}
              </button>
            ))}
          </div>
          <p className="form-hint">{t('addPaymentHint')}</p>
        </>
      )}
    </fieldset>
  );
}

interface RowEditing {
  editable: boolean;
  onEdit: (key: string, patch: Partial<PayRow>) => void;
  onRemove: (key: string) => void;
}

function PaymentRows({ rows, check, ...editing }: { rows: readonly PayRow[]; check: PayCheck } & RowEditing) {
  const { t } = useTranslation('sale');
  return (
    <section className="sale-pay__rows" aria-labelledby="sale-pay-rows-title">
      <h3 id="sale-pay-rows-title" className="field__label sale-pay__rows-title">
        {t('payments')}
      </h3>
      {rows.length === 0 ? (
        <p className="form-hint">{t('noPayments')}</p>
      ) : (
        <ul className="sale-pay__list">
          {rows.map((row, index) => (
            <PaymentRow key={row.key} row={row} result={check.rows[index]!} {...editing} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PaymentRow({ row, result, editable, onEdit, onRemove }: { row: PayRow; result: RowResult } & RowEditing) {
  const { t } = useTranslation('sale');
  const format = useFormat();
  const money = (cents: number) => format.money(cents / 100);
  const method = result.method;
  const name = method?.name ?? '?';
  const problemId = `sale-pay-row-problem-${row.key}`;
  const due = result.amountCents ?? 0;
  const edit = (patch: Partial<PayRow>) => onEdit(row.key, patch);
  return (
    <li className="sale-pay__row" data-testid="sale-pay-row" data-method={row.methodId}>
      <div className="sale-pay__row-head">
        <span className="sale-pay__method">{name}</span>
        <button
          type="button"
          className="segment sale-pay__remove"
          aria-label={t('removePayment', { method: name })}
          disabled={!editable}
          onClick={() => onRemove(row.key)}
        >
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
            onChange={(event) => edit({ amount: event.target.value })}
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
              onChange={(event) => edit({ tendered: event.target.value })}
            />
          </label>
        )}
      </div>
      {method?.cash && due > 0 && (
        <QuickTenders row={row} dueCents={due} changeCents={result.changeCents} editable={editable} onTendered={(tendered) => edit({ tendered })} />
      )}
      {result.problem && (
        <p id={problemId} className="form-problem">
          <span aria-hidden="true">⚠ </span>
          {t(`rowProblem_${result.problem}`, { amount: money(due) })}
        </p>
      )}
    </li>
  );
}

/** Cash handed over: exact, or one of the next round notes. */
function QuickTenders({
  row,
  dueCents,
  changeCents,
  editable,
  onTendered,
}: {
  row: PayRow;
  dueCents: number;
  changeCents: number;
  editable: boolean;
  onTendered: (tendered: string) => void;
}) {
  const { t } = useTranslation('sale');
  const format = useFormat();
  const money = (cents: number) => format.money(cents / 100);
  return (
    <div className="segments" role="group" aria-label={t('tendered')}>
      <button type="button" className="segment" aria-pressed={row.tendered === ''} disabled={!editable} onClick={() => onTendered('')}>
        {t('exact')}
      </button>
      {quickTenders(dueCents).map((cents) => (
        <button
          key={cents}
          type="button"
          className="segment"
          aria-label={t('quickTender', { amount: money(cents) })}
          aria-pressed={row.tendered === amountInputText(cents)}
          disabled={!editable}
          onClick={() => onTendered(amountInputText(cents))}
        >
          {money(cents)}
        </button>
      ))}
      {changeCents > 0 && <span className="sale-pay__row-change">{t('rowChange', { amount: money(changeCents) })}</span>}
    </div>
  );
}

function PaySums({ totalCents, check }: { totalCents: number; check: PayCheck }) {
  const { t } = useTranslation('sale');
  const format = useFormat();
  const money = (cents: number) => format.money(cents / 100);
  return (
    <dl className="pay-sums">
      <div>
        <dt>{t('total')}</dt>
        <dd>{money(totalCents)}</dd>
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
  );
}
