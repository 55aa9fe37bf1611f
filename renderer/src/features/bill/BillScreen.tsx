import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { BridgeClient, OutboxEntry, TableService } from '../../../../shared/bridge';
import { billOf, type Bill, type BillPayment } from '../../../../shared/domain/bill';
import { queueSelectors, useQueueStore } from '../../data/queue/queueStore';
import { errorText } from '../../i18n/errorText';
import { useFormat } from '../../i18n/useFormat';
import { OutboxStateIcon } from '../../ui/OutboxState';
import { serviceSelectors, useServiceStore } from '../../session/navigation';
import { tablesTitle } from '../../i18n/placeText';
import { openBillClient, type BillClient } from './billClient';
import { DiscountDialog } from './DiscountDialog';
import { PayDialog, type GiftCardTenderSlot, type SavedPayment } from './PayDialog';
import { IconCheck } from '../../ui/icons';
import '../../ui/payDialog.css';
import './bill.css';

// A table's bill: each check with its lines (modifiers, formats, menus), its
// discounts, the payments (method, tip, where each stands) and what is left, computed from the
// queue's snapshot (shared/domain/bill.ts, the same rules the main side holds a payment to).
// Pay, Discount; when nothing is left a "Paid" mark and "Clear table". Test ids: bill, bill-left,
// bill-total, bill-paid-mark, bill-payment (data-state).

export function BillScreen({ bridge, giftCardTender }: { bridge: BridgeClient; giftCardTender: GiftCardTenderSlot }) {
  const { t } = useTranslation('bill');
  const target = useServiceStore(serviceSelectors.target);
  const showScreen = useServiceStore((s) => s.showScreen);
  const serviceId = target.kind === 'service' ? target.serviceId : '';
  const service = useQueueStore(queueSelectors.serviceById(serviceId));
  const entries = useQueueStore(queueSelectors.entriesOfService(serviceId));
  const client = useMemo(() => openBillClient({ bridge, store: useQueueStore }), [bridge]);
  if (!service) {
    return (
      <section className="bill" aria-label={t('bill')} data-testid="bill">
        <p className="bill__note">{t('notSeated')}</p>
        <button type="button" className="button button--secondary" onClick={() => showScreen('floor')}>
          {t('floor')}
        </button>
      </section>
    );
  }
  return <BillOf service={service} entries={entries} client={client} giftCardTender={giftCardTender} />;
}

type Dialog = 'pay' | 'discount' | null;

function BillOf({
  service,
  entries,
  client,
  giftCardTender,
}: {
  service: TableService;
  entries: readonly OutboxEntry[];
  client: BillClient;
  giftCardTender: GiftCardTenderSlot;
}) {
  const { t } = useTranslation('bill');
  const { t: orderT } = useTranslation('order');
  const bill = useMemo(() => billOf(service, entries), [service, entries]);
  const [dialog, setDialogState] = useState<Dialog>(null);
  // The last payment the pay dialog saved, said on the bill until another dialog opens.
  const [saved, setSaved] = useState<SavedPayment | null>(null);
  const setDialog = (next: Dialog) => {
    if (next !== null) setSaved(null);
    setDialogState(next);
  };
  const title = tablesTitle(orderT, service.tableNames);
  const openOrder = useServiceStore((s) => s.openOrder);
  const showScreen = useServiceStore((s) => s.showScreen);

  return (
    <section className="bill" aria-labelledby="bill-title" data-testid="bill">
      <header className="bill__header">
        <h2 className="bill__title" id="bill-title">
          {t('billOf', { title })}
        </h2>
        {bill.paid && (
          <span className="bill__paid-mark" data-testid="bill-paid-mark">
            <span aria-hidden="true">✓</span> {t('paidMark')}
          </span>
        )}
        <span className="bill__spacer" />
        <button type="button" className="button button--secondary" onClick={() => openOrder({ kind: 'service', serviceId: service.id })}>
          {t('backToOrder')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => showScreen('floor')}>
          {t('floor')}
        </button>
      </header>
      <div className="bill__body">
        <div className="bill__checks">
          {bill.checks.length === 0 && <p className="bill__note">{t('nothingOrdered')}</p>}
          {bill.checks.map((check) => (
            <CheckView key={check.index} bill={bill} index={check.index} />
          ))}
        </div>
        <aside className="bill__side" aria-label={t('payments')}>
          <Sums bill={bill} service={service} />
          <h3 className="bill__subtitle">{t('payments')}</h3>
          <Payments payments={bill.payments} />
          <SavedLine saved={saved} />
          <div className="bill__actions">
            {bill.paid ? (
              <>
                <p className="bill__paid-text">{t('paidInFull')}</p>
                <ClearTable serviceId={service.id} />
              </>
            ) : (
              <>
                <button type="button" className="button button--primary bill__pay" disabled={bill.dueNowCents <= 0} onClick={() => setDialog('pay')}>
                  {t('pay')}
                </button>
                <button type="button" className="button button--secondary" disabled={bill.payableNowCents <= 0} onClick={() => setDialog('discount')}>
                  {t('discount')}
                </button>
              </>
            )}
          </div>
        </aside>
      </div>
      {dialog === 'pay' && (
        <PayDialog
          service={service}
          bill={bill}
          client={client}
          title={title}
          onClose={() => setDialog(null)}
          giftCardTender={giftCardTender}
          onSaved={(payment) => {
            setDialogState(null);
            setSaved(payment);
          }}
        />
      )}
      {dialog === 'discount' && <DiscountDialog service={service} bill={bill} client={client} onClose={() => setDialog(null)} />}
    </section>
  );
}

function CheckView({ bill, index }: { bill: Bill; index: number }) {
  const { t } = useTranslation('bill');
  const format = useFormat();
  const money = (cents: number) => format.money(cents / 100);
  const check = bill.checks[index]!;
  const lines = bill.lines.filter((l) => l.check === index);
  const discounts = bill.discounts.filter((d) => d.check === index);
  const name = check.settled ? t('checkSettled', { number: index + 1 }) : t('check', { number: index + 1 });
  return (
    <section className="bill-check" aria-label={name} data-testid="bill-check">
      <h3 className="bill-check__title">
        {name}
        {check.settled && <span aria-hidden="true"> ✓</span>}
      </h3>
      <ul className="bill-check__lines">
        {lines.map(({ entryId, line }, i) => (
          <li key={`${entryId}-${i}`} className="bill-line">
            <span className="bill-line__qty">{line.quantity}×</span>
            <span className="bill-line__name">
              {line.name}
              {line.details.length > 0 && <span className="bill-line__details">{line.details.join(', ')}</span>}
            </span>
            <span className="bill-line__total">{money(line.totalCents)}</span>
          </li>
        ))}
        {discounts.map((d, i) => (
          <li key={`d-${d.entryId}-${i}`} className="bill-line bill-line--discount">
            <span className="bill-line__qty" aria-hidden="true">
              −
            </span>
            <span className="bill-line__name">{d.on === 'round' ? t('discountOnRound', { reason: d.reason }) : t('discountOnBill', { reason: d.reason })}</span>
            <span className="bill-line__total">{money(-d.cents)}</span>
          </li>
        ))}
      </ul>
      <dl className="bill-check__sums">
        <div>
          <dt>{t('total')}</dt>
          <dd>{money(check.totalCents)}</dd>
        </div>
        <div>
          <dt>{t('left')}</dt>
          <dd>{money(check.leftCents)}</dd>
        </div>
      </dl>
    </section>
  );
}

function Sums({ bill, service }: { bill: Bill; service: TableService }) {
  const { t } = useTranslation('bill');
  const format = useFormat();
  const money = (cents: number) => format.money(cents / 100);
  return (
    <dl className="bill__sums">
      <div>
        <dt>{t('subtotal')}</dt>
        <dd>{money(bill.contentsCents)}</dd>
      </div>
      {bill.discountCents > 0 && (
        <div>
          <dt>{t('discounts')}</dt>
          <dd>{money(-bill.discountCents)}</dd>
        </div>
      )}
      {bill.pendingDiscountCents > 0 && service.billDiscount && (
        <div className="bill__pending-discount">
          <dt>{t('pendingDiscount', { reason: service.billDiscount.reason })}</dt>
          <dd>{money(-bill.pendingDiscountCents)}</dd>
        </div>
      )}
      <div className="bill__sum--total">
        <dt>{t('total')}</dt>
        <dd data-testid="bill-total">{money(bill.totalCents - bill.pendingDiscountCents)}</dd>
      </div>
      <div>
        <dt>{t('paid')}</dt>
        <dd>{money(bill.paidCents)}</dd>
      </div>
      {bill.tipsCents > 0 && (
        <div>
          <dt>{t('tips')}</dt>
          <dd>{money(bill.tipsCents)}</dd>
        </div>
      )}
      <div className="bill__sum--left">
        <dt>{t('left')}</dt>
        <dd data-testid="bill-left">{money(bill.leftCents - bill.pendingDiscountCents)}</dd>
      </div>
    </dl>
  );
}

function Payments({ payments }: { payments: readonly BillPayment[] }) {
  const { t } = useTranslation('bill');
  const format = useFormat();
  const money = (cents: number) => format.money(cents / 100);
  if (payments.length === 0) return <p className="bill__note">{t('noPayments')}</p>;
  return (
    <ul className="bill-payments">
      {payments.map((p, i) => (
        <li key={`${p.entryId}-${i}`} className="bill-payment" data-testid="bill-payment" data-state={p.state} data-prepayment={p.prepayment || undefined}>
          <span className="bill-payment__what">
            {t('paymentLine', { method: paymentMethodText(t, p), amount: money(p.amountCents) })}
            {p.tipCents > 0 && <span className="bill-payment__extra"> · {t('tipOf', { amount: money(p.tipCents) })}</span>}
            {p.giftCardUuid && <span className="bill-payment__extra"> · {t('giftCardRef', { uuid: p.giftCardUuid })}</span>}
          </span>
          <span className={`bill-payment__state bill-payment__state--${p.state}`}>
            <OutboxStateIcon state={p.state} className="bill-payment__icon" />
            {t(`state_${p.state}`)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** "Saved: Cash · 12,00 € · change 3,00 €" once the pay dialog saved a payment (a status line, with an icon). */
function SavedLine({ saved }: { saved: SavedPayment | null }) {
  const { t } = useTranslation('bill');
  const format = useFormat();
  const money = (cents: number) => format.money(cents / 100);
  return (
    <p className="bill__saved" role="status" data-testid="bill-pay-saved">
      {saved && (
        <>
          <IconCheck className="bill__saved-icon" />
          {saved.changeCents !== undefined && saved.changeCents > 0
            ? t('paySavedChange', { method: saved.methodName || t('methodUnknown'), amount: money(saved.amountCents), change: money(saved.changeCents) })
            : t('paySaved', { method: saved.methodName || t('methodUnknown'), amount: money(saved.amountCents) })}
        </>
      )}
    </p>
  );
}

/** "Card", "Prepayment (Cash)": a deposit taken at seating says so, with its method when known. */
function paymentMethodText(t: TFunction<'bill'>, p: BillPayment): string {
  if (p.prepayment) return p.methodName ? t('prepaymentBy', { method: p.methodName }) : t('prepayment');
  return p.methodName || t('methodUnknown');
}

function ClearTable({ serviceId }: { serviceId: string }) {
  const { t } = useTranslation('bill');
  const outbox = useServiceStore(serviceSelectors.outbox);
  const openOrder = useServiceStore((s) => s.openOrder);
  const showScreen = useServiceStore((s) => s.showScreen);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const clear = () => {
    if (!outbox) return;
    setBusy(true);
    setProblem(null);
    outbox.clearTable(serviceId).then(
      () => {
        openOrder({ kind: 'none' });
        showScreen('floor');
      },
      (error: unknown) => {
        setProblem(t('clearProblem', { reason: errorText(t, error) }));
        setBusy(false);
      },
    );
  };
  return (
    <>
      <button type="button" className="button button--primary bill__clear" disabled={busy || !outbox} onClick={clear}>
        {busy ? t('clearing') : t('clearTable')}
      </button>
      {problem !== null && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
