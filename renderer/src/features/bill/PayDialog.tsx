import { useLiveQuery } from 'dexie-react-hooks';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry, TableService } from '../../../../shared/bridge';
import type { Bill } from '../../../../shared/domain/bill';
import { catalogSelectors } from '../../data/catalog/catalogStore';
import { queueSelectors, useQueueStore } from '../../data/queue/queueStore';
import { errorText } from '../../i18n/errorText';
import { useFormat } from '../../i18n/useFormat';
import { sessionSelectors, useSession } from '../../session/session';
import { Modal } from '../../ui/Modal';
import { useCatalog } from '../../session/useCatalog';
import type { BillClient, PayInput } from './billClient';
import { methodChoices, type MethodChoice } from '../../data/catalog/paymentMethods';
import {
  cashOutcome,
  initialPayDraft,
  MAX_PARTS,
  payAmount,
  quickTenders,
  tenderedCentsOf,
  tipCents,
  typeTenderedKey,
  type PayDraft,
  type SplitMode,
} from './payForm';

// Pay: how much (whole, evenly by guests, chosen lines, a typed amount), the
// method (the synced ones; cash opens the amount-tendered keypad and shows the change due), a tip,
// and a gift card (online only: its redeem's outcome is shown when it comes). "Saved" as soon as
// the main side committed the entry, even offline. Test ids: pay-dialog, pay-amount, pay-change.

const MODES: readonly SplitMode[] = ['whole', 'evenly', 'lines', 'amount'];
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'clear', '0', 'delete'] as const;

type Method = { kind: 'method'; method: MethodChoice } | { kind: 'gift' } | null;
type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'failed'; message: string } | { kind: 'redeeming'; redeemId: string; amountCents: number };

/** A payment the dialog saved (committed to the queue): the bill says so once the dialog closes. */
export interface SavedPayment {
  methodName: string;
  amountCents: number;
  changeCents?: number | undefined;
}

/** A gift card paid with: the card's id and the amount taken from it. */
export interface GiftCardTenderProps {
  maxCents: number;
  onSubmit: (card: { uuid: string; amountCents: number }) => void;
  onCancel: () => void;
}

/** Draws the gift-card tender form (the gift-cards feature's), given to the bill by the app. */
export type GiftCardTenderSlot = (props: GiftCardTenderProps) => ReactNode;

interface PayDialogProps {
  service: TableService;
  bill: Bill;
  client: BillClient;
  title: string;
  onClose: () => void;
  /** Saved: the dialog closes and the bill shows a "Saved" line. */
  onSaved: (saved: SavedPayment) => void;
  /** The gift-card feature's tender form, passed in by the app (docs/decisions.md, "Renderer layers"). */
  giftCardTender: GiftCardTenderSlot;
}

/** The dialog's state: what is paid and how, the checks on it, and "Pay" (billClient.ts `pay`). */
function usePayForm({ service, bill, client, onSaved }: PayDialogProps) {
  const { t } = useTranslation('bill');
  const format = useFormat();
  const money = (cents: number) => format.money(cents / 100);
  const db = useCatalog(catalogSelectors.catalogDb);
  const stored = useLiveQuery(async () => (db ? await db.paymentMethods.toArray() : []), [db]);
  const { methods, giftCardMethod } = methodChoices(stored, { card: t('methodCard'), cash: t('methodCash') });
  const offline = useSession(sessionSelectors.connection) === 'offline';
  const [draft, setDraft] = useState<PayDraft>(() => initialPayDraft(service.guests));
  const [method, setMethod] = useState<Method>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // Kept across this dialog's retries: a second tap after an unanswered one stores nothing twice.
  const [ids] = useState(() => ({ payment: crypto.randomUUID(), redeem: crypto.randomUUID() }));
  const edit = (patch: Partial<PayDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const amount = payAmount(bill, draft);
  const tip = tipCents(draft);
  const cash = method?.kind === 'method' && method.method.cash;
  const tendered = tenderedCentsOf(draft.tenderedDigits);
  const cashResult = amount.ok && tip !== null && cash && draft.tenderedDigits !== '' ? cashOutcome(amount.cents, tip, tendered) : null;
  const problem = !amount.ok ? amount.problem : tip === null ? 'tip-format' : cashResult && !cashResult.ok ? cashResult.problem : null;
  const problemText =
    problem === null ? null : t(`problem_${problem}`, { left: money(bill.dueNowCents), due: amount.ok ? money(amount.cents + (tip ?? 0)) : '' });
  const saving = status.kind === 'saving';
  const canPay = problem === null && method !== null && method.kind === 'method' && !saving && status.kind !== 'redeeming';

  const submit = (input: Omit<PayInput, 'serviceId' | 'ids' | 'tipCents'>) => {
    setStatus({ kind: 'saving' });
    client
      .pay({ serviceId: service.id, ids, tipCents: tip ?? 0, ...input })
      .then((entries) => {
        if (input.giftCardUuid) setStatus({ kind: 'redeeming', redeemId: entries[0]!.id, amountCents: input.amountCents });
        else onSaved({ methodName: input.methodName, amountCents: input.amountCents, changeCents: input.changeCents });
      })
      .catch((error: unknown) => setStatus({ kind: 'failed', message: t('notSaved', { reason: errorText(t, error) }) }));
  };
  const pay = () => {
    if (!canPay || !amount.ok || method?.kind !== 'method') return;
    const cashFields = cash && cashResult?.ok ? { tenderedCents: tendered, changeCents: cashResult.changeCents } : {};
    submit({ methodId: method.method.id, methodName: method.method.name, amountCents: amount.cents, ...cashFields });
  };
  const payByGiftCard = (card: { uuid: string; amountCents: number }) =>
    submit({ methodId: giftCardMethod?.id ?? null, methodName: giftCardMethod?.name ?? t('giftCard'), amountCents: card.amountCents, giftCardUuid: card.uuid });

  return { methods, offline, draft, edit, method, setMethod, status, amount, tip, cash, cashResult, problemText, saving, canPay, pay, payByGiftCard };
}

export function PayDialog(props: PayDialogProps) {
  const { bill, title, onClose } = props;
  const { t } = useTranslation('bill');
  const format = useFormat();
  const money = (cents: number) => format.money(cents / 100);
  const form = usePayForm(props);
  const { draft, edit, method, status, amount, tip, cash, cashResult, problemText, saving, canPay, pay } = form;

  return (
    <Modal className="dialog dialog--large" labelledBy="pay-title" onCancel={saving ? undefined : onClose}>
      <div className="dialog__inner" data-testid="pay-dialog">
        <header className="dialog__header pay-dialog__header">
          <h2 id="pay-title" className="dialog__title">
            {t('payTitle', { title })}
          </h2>
          <p className="pay-dialog__payable">{t('payableNow', { amount: money(bill.dueNowCents) })}</p>
        </header>
        {status.kind === 'redeeming' ? (
          <RedeemOutcome redeemId={status.redeemId} amountCents={status.amountCents} onClose={onClose} />
        ) : (
          <>
            <div className="dialog__body pay-dialog__body">
              <div className="pay-dialog__col">
                <SplitFields bill={bill} draft={draft} amount={amount} edit={edit} />
                <MethodFields methods={form.methods} method={method} offline={form.offline} onMethod={form.setMethod} />
                <label className="field">
                  <span className="field__label">{t('tip')}</span>
                  <input
                    className="input"
                    type="text"
                    inputMode="decimal"
                    value={draft.tip}
                    placeholder={money(0)}
                    onChange={(event) => edit({ tip: event.target.value })}
                  />
                </label>
              </div>
              <div className="pay-dialog__col">
                <dl className="pay-sums">
                  <div>
                    <dt>{t('thisPayment')}</dt>
                    <dd data-testid="pay-amount">{amount.ok ? money(amount.cents) : '—'}</dd>
                  </div>
                  {(tip ?? 0) > 0 && amount.ok && (
                    <div>
                      <dt>{t('withTip')}</dt>
                      <dd>{money(amount.cents + (tip ?? 0))}</dd>
                    </div>
                  )}
                </dl>
                {cash && amount.ok && (
                  <CashKeypad
                    dueCents={amount.cents + (tip ?? 0)}
                    digits={draft.tenderedDigits}
                    changeCents={cashResult?.ok ? cashResult.changeCents : null}
                    onDigits={(tenderedDigits) => edit({ tenderedDigits })}
                  />
                )}
                {method?.kind === 'gift' &&
                  amount.ok &&
                  !form.offline &&
                  props.giftCardTender({ maxCents: amount.cents, onCancel: () => form.setMethod(null), onSubmit: form.payByGiftCard })}
              </div>
            </div>
            <footer className="dialog__footer">
              <div className="dialog__status" role="status">
                {problemText !== null && <p className="form-problem">{problemText}</p>}
                {problemText === null && method === null && <p className="form-hint">{t('chooseMethod')}</p>}
                {status.kind === 'failed' && <p className="form-problem">{status.message}</p>}
              </div>
              <button type="button" className="button button--secondary" disabled={saving} onClick={onClose}>
                {t('cancel')}
              </button>
              {method?.kind !== 'gift' && (
                <button type="button" className="button button--primary pay-dialog__pay" disabled={!canPay} aria-busy={saving} onClick={pay}>
                  {saving ? t('saving') : t('confirmPay', { amount: amount.ok ? money(amount.cents) : '' })}
                </button>
              )}
            </footer>
          </>
        )}
      </div>
    </Modal>
  );
}

/** How much: the whole bill, evenly by parts, chosen lines, or a typed amount. */
function SplitFields({
  bill,
  draft,
  amount,
  edit,
}: {
  bill: Bill;
  draft: PayDraft;
  amount: ReturnType<typeof payAmount>;
  edit: (patch: Partial<PayDraft>) => void;
}) {
  const { t } = useTranslation('bill');
  const format = useFormat();
  const money = (cents: number) => format.money(cents / 100);
  return (
    <>
      <fieldset className="field">
        <legend className="field__label">{t('split')}</legend>
        <div className="segments" role="group" aria-label={t('split')}>
          {MODES.map((mode) => (
            <button key={mode} type="button" className="segment" aria-pressed={draft.mode === mode} onClick={() => edit({ mode })}>
              {t(`split_${mode}`)}
            </button>
          ))}
        </div>
      </fieldset>
      {draft.mode === 'evenly' && (
        <div className="pay-parts" role="group" aria-label={t('parts')}>
          <button type="button" className="segment" aria-label={t('fewerParts')} disabled={draft.parts <= 1} onClick={() => edit({ parts: draft.parts - 1 })}>
            −
          </button>
          <output className="pay-parts__value" aria-label={t('parts')}>
            {draft.parts}
          </output>
          <button
            type="button"
            className="segment"
            aria-label={t('moreParts')}
            disabled={draft.parts >= MAX_PARTS}
            onClick={() => edit({ parts: draft.parts + 1 })}
          >
            +
          </button>
          {amount.ok && <span className="pay-parts__share">{t('shareOf', { parts: draft.parts, amount: money(amount.cents) })}</span>}
        </div>
      )}
      {draft.mode === 'lines' && (
        <fieldset className="field pay-lines">
          <legend className="field__label">{t('chooseLines')}</legend>
          {bill.lines.map(({ line, check }, index) =>
            bill.checks[check]?.settled ? null : (
              <label key={index} className="pay-line">
                <input
                  type="checkbox"
                  checked={draft.chosenLines.includes(index)}
                  onChange={(event) =>
                    edit({ chosenLines: event.target.checked ? [...draft.chosenLines, index] : draft.chosenLines.filter((i) => i !== index) })
                  }
                />
                <span>
                  {line.quantity}× {line.name}
                </span>
                <span className="pay-line__total">{money(line.totalCents)}</span>
              </label>
            ),
          )}
        </fieldset>
      )}
      {draft.mode === 'amount' && (
        <label className="field">
          <span className="field__label">{t('typedAmount')}</span>
          <input
            className="input"
            type="text"
            inputMode="decimal"
            value={draft.typedAmount}
            placeholder={money(bill.dueNowCents)}
            onChange={(event) => edit({ typedAmount: event.target.value })}
          />
        </label>
      )}
    </>
  );
}

/** The synced methods and the gift card (online only). */
function MethodFields({
  methods,
  method,
  offline,
  onMethod,
}: {
  methods: readonly MethodChoice[];
  method: Method;
  offline: boolean;
  onMethod: (method: Method) => void;
}) {
  const { t } = useTranslation('bill');
  return (
    <fieldset className="field">
      <legend className="field__label">{t('method')}</legend>
      <div className="segments" role="group" aria-label={t('method')}>
        {methods.map((m) => (
          <button
            key={m.id}
            type="button"
            className="segment"
            aria-pressed={method?.kind === 'method' && method.method.id === m.id}
            onClick={() => onMethod({ kind: 'method', method: m })}
          >
            {m.name}
          </button>
        ))}
        <button
          type="button"
          className="segment"
          aria-pressed={method?.kind === 'gift'}
          disabled={offline}
          aria-describedby={offline ? 'pay-gift-offline' : undefined}
          onClick={() => onMethod({ kind: 'gift' })}
        >
          {t('giftCard')}
        </button>
      </div>
      {offline && (
        <p className="form-hint" id="pay-gift-offline">
          {t('giftCardOffline')}
        </p>
      )}
    </fieldset>
  );
}

function CashKeypad({
  dueCents,
  digits,
  changeCents,
  onDigits,
}: {
  dueCents: number;
  digits: string;
  changeCents: number | null;
  onDigits: (digits: string) => void;
}) {
  const { t } = useTranslation('bill');
  const format = useFormat();
  const money = (cents: number) => format.money(cents / 100);
  return (
    <div className="cash">
      <div className="cash__row">
        <span className="field__label" id="cash-tendered-label">
          {t('tendered')}
        </span>
        <output className="cash__tendered" aria-labelledby="cash-tendered-label" data-testid="pay-tendered">
          {money(tenderedCentsOf(digits))}
        </output>
      </div>
      <div className="cash__quick" role="group" aria-label={t('tendered')}>
        {quickTenders(dueCents).map((cents, i) => (
          <button key={cents} type="button" className="segment" onClick={() => onDigits(String(cents))}>
            {i === 0 ? t('exact') : money(cents)}
          </button>
        ))}
      </div>
      <div className="cash__keys" role="group" aria-label={t('tenderedKeypad')}>
        {KEYS.map((key) => (
          <button
            key={key}
            type="button"
            className="segment"
            aria-label={key === 'clear' ? t('keyClear') : key === 'delete' ? t('keyDelete') : undefined}
            onClick={() => onDigits(typeTenderedKey(digits, key))}
          >
            {key === 'clear' ? t('keyClear') : key === 'delete' ? '⌫' : key}
          </button>
        ))}
      </div>
      <div className="cash__row cash__change">
        <span className="field__label">{t('change')}</span>
        <output className="cash__change-value" data-testid="pay-change">
          {changeCents === null ? '—' : money(changeCents)}
        </output>
      </div>
    </div>
  );
}

/** After a gift card's payment was saved: the redeem's outcome, in the vendor's words when refused. */
function RedeemOutcome({ redeemId, amountCents, onClose }: { redeemId: string; amountCents: number; onClose: () => void }) {
  const { t } = useTranslation('bill');
  const format = useFormat();
  const entry: OutboxEntry | null = useQueueStore(queueSelectors.entryById(redeemId));
  let text: string = t('redeemWaiting');
  if (entry?.state === 'accepted') {
    const balance = entry.answer?.balanceCents;
    text = balance !== undefined ? t('redeemAccepted', { balance: format.money(balance / 100) }) : t('redeemAcceptedNoBalance');
  } else if (entry?.state === 'rejected') text = t('redeemRefused', { reason: entry.lastError ? errorText(t, entry.lastError) : '' });
  else if (entry?.state === 'unconfirmed') text = t('redeemUnknown');
  return (
    <div className="dialog__body pay-dialog__body pay-dialog__redeem">
      <p className="pay-dialog__redeem-text" role="status" data-testid="redeem-outcome" data-state={entry?.state ?? 'queued'}>
        {text}
      </p>
      <p className="form-hint">{format.money(amountCents / 100)}</p>
      <button type="button" className="button button--primary" onClick={onClose}>
        {t('close')}
      </button>
    </div>
  );
}
