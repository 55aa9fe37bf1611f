import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableService } from '../../../../shared/bridge';
import { canCarryBillDiscount, discountCentsOf, type Bill } from '../../../../shared/domain/bill';
import { errorText } from '../../i18n/errorText';
import { useFormat } from '../../i18n/useFormat';
import { Modal } from '../../ui/Modal';
import type { BillClient } from './billClient';
import { parseDiscount, type DiscountDraft } from './payForm';

// A discount on the bill: an amount or a percentage, with a reason. The main
// side keeps it with the service (setBillDiscount) until the next payment carries it to the POS as
// that order's `orderDiscount` (negative amount). Test id: discount-dialog.

export function DiscountDialog({ service, bill, client, onClose }: { service: TableService; bill: Bill; client: BillClient; onClose: () => void }) {
  const { t } = useTranslation('bill');
  const format = useFormat();
  const money = (cents: number) => format.money(cents / 100);
  const existing = service.billDiscount ?? null;
  const [draft, setDraft] = useState<DiscountDraft>(() =>
    existing
      ? {
          kind: existing.kind,
          value: existing.kind === 'percent' ? String(existing.value / 100).replace('.', ',') : (existing.value / 100).toFixed(2).replace('.', ','),
          reason: existing.reason,
        }
      : { kind: 'percent', value: '', reason: '' },
  );
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The check the next payment pays, before a discount waiting for it: the new one replaces it.
  const base = bill.payableNowCents;
  const typed = parseDiscount(draft, base);
  // It must leave that payment something to pay (the payment carries it to the POS).
  const parsed = typed.ok && !canCarryBillDiscount(bill, typed.discount) ? ({ ok: false, problem: 'amount-over' } as const) : typed;
  const touched = draft.value.trim() !== '' || draft.reason.trim() !== '';
  const preview = parsed.ok ? discountCentsOf(parsed.discount, base) : null;

  const save = (discount: Parameters<BillClient['setDiscount']>[1]) => {
    setBusy(true);
    setFailure(null);
    client.setDiscount(service.id, discount).then(onClose, (error: unknown) => {
      setFailure(t('discountNotSaved', { reason: errorText(t, error) }));
      setBusy(false);
    });
  };

  return (
    <Modal className="dialog" labelledBy="discount-title" onCancel={busy ? undefined : onClose}>
      <form
        className="dialog__inner"
        data-testid="discount-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (parsed.ok && !busy) save(parsed.discount);
        }}
      >
        <header className="dialog__header pay-dialog__header">
          <h2 id="discount-title" className="dialog__title">
            {t('discountTitle')}
          </h2>
        </header>
        <div className="dialog__body pay-dialog__body pay-dialog__body--single">
          <fieldset className="field">
            <legend className="field__label">{t('discountKind')}</legend>
            <div className="segments" role="group" aria-label={t('discountKind')}>
              {(['percent', 'amount'] as const).map((kind) => (
                <button key={kind} type="button" className="segment" aria-pressed={draft.kind === kind} onClick={() => setDraft({ ...draft, kind })}>
                  {t(`kind_${kind}`)}
                </button>
              ))}
            </div>
          </fieldset>
          <label className="field">
            <span className="field__label">{draft.kind === 'percent' ? t('discountValuePercent') : t('discountValue')}</span>
            <input
              className="input"
              type="text"
              inputMode="decimal"
              value={draft.value}
              autoFocus
              onChange={(event) => setDraft({ ...draft, value: event.target.value })}
            />
          </label>
          <label className="field">
            <span className="field__label">{t('discountReason')}</span>
            <input
              className="input"
              type="text"
              maxLength={200}
              value={draft.reason}
              onChange={(event) => setDraft({ ...draft, reason: event.target.value })}
            />
          </label>
          <p className="pay-dialog__preview" role="status" data-testid="discount-preview">
            {preview !== null
              ? t('discountPreview', { amount: money(preview) })
              : touched && !parsed.ok
                ? t(`discount_${parsed.problem}`, { left: money(base) })
                : ''}
          </p>
          {failure !== null && <p className="form-problem">{failure}</p>}
        </div>
        <footer className="dialog__footer">
          <span className="dialog__status" />
          {existing && (
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => save(null)}>
              {t('removeDiscount')}
            </button>
          )}
          <button type="button" className="button button--secondary" disabled={busy} onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={!parsed.ok || busy}>
            {t('applyDiscount')}
          </button>
        </footer>
      </form>
    </Modal>
  );
}
