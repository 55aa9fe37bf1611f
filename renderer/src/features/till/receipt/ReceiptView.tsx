import { useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/errorText';
import { isLanguage } from '../../../i18n/languages';
import { Modal } from '../../../ui/Modal';
import { receiptLayout, type ReceiptLayout, type ReceiptWords } from './receiptLayout';
import type { Receipt } from './receiptModel';
import { receiptFileName, receiptPdf } from './receiptPdf';
import { receiptSelectors, useReceiptStore } from './receiptStore';
import { useShopIdentity } from '../../../session/shopContext';
import './receipt.css';

// The receipt on screen: a paper-like column with the shop, the date, each line
// (variant, quantity × price, each promotion and the cashier's discount under it), the totals, the
// taxes by rate, the payments with cash handed over and change, and the invoice's number once the
// shop's system gave it ("pending" until then). A second copy is rendered straight into <body>
// for printing: receipt.css's print rules show that copy alone, on a till roll's width, so
// `window.print()` prints the receipt in both shells. Save PDF makes the same words into a PDF
// (receiptPdf.ts) and downloads it (the browser saves it; Electron asks where).
//
// Test ids: receipt (the paper), receipt-shop, receipt-when, receipt-line (data-product-id),
// receipt-line-variant, receipt-line-measure, receipt-line-amount, receipt-line-discount
// (data-kind), receipt-total, receipt-discounts, receipt-tax (data-sum), receipt-payment
// (data-kind), receipt-tendered, receipt-change, receipt-invoice (data-state), receipt-print (the
// printed copy), receipt-print-button, receipt-pdf-button, receipt-close, till-last-receipt,
// receipt-dialog.

/** The receipt in the terminal's words; follows a language change. */
export function useReceiptLayout(receipt: Receipt): ReceiptLayout {
  const { t, i18n } = useTranslation('receipt');
  const language = isLanguage(i18n.language) ? i18n.language : 'es';
  return useMemo(() => receiptLayout(receipt, ((key, params) => t(key, params)) as ReceiptWords, language), [receipt, t, language]);
}

const testId = (on: boolean, id: string) => (on ? { 'data-testid': id } : {});

/** The paper. `printed`: the copy for the printer (the screen's copy carries the test ids and the focus). */
export function ReceiptPaper({ layout, printed = false }: { layout: ReceiptLayout; printed?: boolean }) {
  const { t } = useTranslation('receipt');
  const testIds = !printed;
  return (
    // Focusable on screen: a long receipt scrolls in its dialog, and the keyboard scrolls it too.
    <article className="receipt" aria-label={layout.title} tabIndex={printed ? undefined : 0} {...testId(testIds, 'receipt')}>
      <header className="receipt__head">
        <h3 className="receipt__shop" {...testId(testIds, 'receipt-shop')}>
          {layout.shop}
        </h3>
        <p className="receipt__meta" {...testId(testIds, 'receipt-when')}>
          {layout.when}
        </p>
        <p className="receipt__meta">{layout.reference}</p>
        {layout.customer !== null && <p className="receipt__meta">{layout.customer}</p>}
      </header>
      <ul className="receipt__lines" aria-label={t('lines')}>
        {layout.lines.map((line) => (
          <li key={line.key} className="receipt-line" {...testId(testIds, 'receipt-line')}>
            <span className="receipt-line__name">{line.name}</span>
            {line.variant !== null && (
              <span className="receipt-line__variant" {...testId(testIds, 'receipt-line-variant')}>
                {line.variant}
              </span>
            )}
            <span className="receipt-row receipt-row--measure">
              <span {...testId(testIds, 'receipt-line-measure')}>{line.measure}</span>
              <span className="receipt-row__amount" {...testId(testIds, 'receipt-line-amount')}>
                {line.amount}
              </span>
            </span>
            {line.discounts.map((discount, index) => (
              <span key={index} className="receipt-row receipt-row--discount" data-kind={discount.kind} {...testId(testIds, 'receipt-line-discount')}>
                <span>{discount.label}</span>
                <span className="receipt-row__amount">{discount.amount}</span>
              </span>
            ))}
            {line.note !== null && <span className="receipt-line__note">{line.note}</span>}
          </li>
        ))}
      </ul>
      <dl className="receipt__totals">
        {layout.totals.map((row) => (
          <div key={row.kind} className={`receipt-row receipt-row--${row.kind}`}>
            <dt>{row.label}</dt>
            <dd
              className="receipt-row__amount"
              {...testId(testIds, row.kind === 'total' ? 'receipt-total' : row.kind === 'discounts' ? 'receipt-discounts' : `receipt-${row.kind}`)}
            >
              {row.amount}
            </dd>
          </div>
        ))}
      </dl>
      <table className="receipt__taxes">
        <caption className="receipt__section">{layout.taxesTitle}</caption>
        <thead>
          <tr>
            {layout.taxHeader.map((cell, index) => (
              <th key={index} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {layout.taxes.map((row, index) => (
            <tr key={index} className={row.sum ? 'receipt__tax-sum' : undefined} data-sum={row.sum} {...testId(testIds, 'receipt-tax')}>
              <th scope="row">{row.cells[0]}</th>
              <td>{row.cells[1]}</td>
              <td>{row.cells[2]}</td>
              <td>{row.cells[3]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <section className="receipt__payments" aria-label={layout.paymentsTitle}>
        <p className="receipt__section">{layout.paymentsTitle}</p>
        <dl>
          {layout.payments.map((row, index) => (
            <div key={index} className={`receipt-row receipt-row--${row.kind}`} data-kind={row.kind} {...testId(testIds, 'receipt-payment')}>
              <dt>{row.label}</dt>
              <dd className="receipt-row__amount" {...testId(testIds && row.kind !== 'method', `receipt-${row.kind}`)}>
                {row.amount}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <p className="receipt__invoice" data-state={layout.invoice.state} role="status" {...testId(testIds, 'receipt-invoice')}>
        {layout.invoice.text}
      </p>
      <p className="receipt__thanks">{layout.thanks}</p>
    </article>
  );
}

/** The receipt on screen, and its printed copy (into <body>, shown only by the print rules). */
export function ReceiptPanel({ receipt }: { receipt: Receipt }) {
  const layout = useReceiptLayout(receipt);
  return (
    <>
      <div className="receipt-panel">
        <ReceiptPaper layout={layout} />
      </div>
      {createPortal(
        <div className="receipt-print-root" data-testid="receipt-print" aria-hidden="true">
          <ReceiptPaper layout={layout} printed />
        </div>,
        document.body,
      )}
    </>
  );
}

/** Starts the download of `bytes` as `fileName` (Blob + a[download]). */
function download(bytes: Uint8Array<ArrayBuffer>, fileName: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Let the download start before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Print, Save PDF and the button that closes (New sale after a payment, Close otherwise). */
export function ReceiptActions({ receipt, onClose, closeLabel }: { receipt: Receipt; onClose: () => void; closeLabel: 'newSale' | 'close' }) {
  const { t } = useTranslation('receipt');
  const layout = useReceiptLayout(receipt);
  const [problem, setProblem] = useState<string | null>(null);
  const savePdf = () => {
    setProblem(null);
    try {
      download(receiptPdf(layout, new Date()), receiptFileName(receipt));
    } catch (error) {
      setProblem(t('pdfFailed', { reason: errorText(t, error) }));
    }
  };
  return (
    <>
      {problem !== null && (
        <p className="form-problem receipt-actions__problem" role="alert">
          {problem}
        </p>
      )}
      <div className="receipt-actions">
        <button type="button" className="button button--secondary" data-testid="receipt-print-button" onClick={() => window.print()}>
          {t('print')}
        </button>
        <button type="button" className="button button--secondary" data-testid="receipt-pdf-button" onClick={savePdf}>
          {t('savePdf')}
        </button>
        <button type="button" className="button button--primary" data-testid="receipt-close" onClick={onClose}>
          {t(closeLabel)}
        </button>
      </div>
    </>
  );
}

/** A receipt of this window in its own dialog ("Last receipt"). */
export function ReceiptDialog({ receipt, onClose }: { receipt: Receipt; onClose: () => void }) {
  const { t } = useTranslation('receipt');
  return (
    <Modal className="dialog" labelledBy="receipt-dialog-title" onCancel={onClose}>
      <div className="dialog__inner" data-testid="receipt-dialog">
        <header className="dialog__header pay-dialog__header">
          <h2 id="receipt-dialog-title" className="dialog__title">
            {t('title')}
          </h2>
        </header>
        <div className="dialog__body pay-dialog__body pay-dialog__body--single">
          <ReceiptPanel receipt={receipt} />
        </div>
        <footer className="dialog__footer dialog__footer--end">
          <ReceiptActions receipt={receipt} onClose={onClose} closeLabel="close" />
        </footer>
      </div>
    </Modal>
  );
}

/** The till's "Last receipt": this window's newest receipt of this shop, again. */
export function LastReceiptButton() {
  const { t } = useTranslation('receipt');
  const identity = useShopIdentity();
  const last = useReceiptStore(receiptSelectors.last(identity?.accountKey ?? null));
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--secondary till-last-receipt"
        data-testid="till-last-receipt"
        disabled={last === null}
        aria-label={last === null ? t('lastReceiptNone') : undefined}
        onClick={() => setOpen(true)}
      >
        {t('lastReceipt')}
      </button>
      {open && last !== null && <ReceiptDialog receipt={last} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The pay dialog once the sale is saved: its status (children) beside the receipt. */
export function PaidSaleReceipt({ saleId, children }: { saleId: string; children: ReactNode }) {
  const receipt = useReceiptStore(receiptSelectors.byId(saleId));
  return (
    <div className="receipt-after-pay">
      <div className="receipt-after-pay__status">{children}</div>
      {receipt !== null && <ReceiptPanel receipt={receipt} />}
    </div>
  );
}

/** The pay dialog's footer once the sale is saved: Print, Save PDF, New sale. */
export function PaidSaleActions({ saleId, onClose }: { saleId: string; onClose: () => void }) {
  const { t } = useTranslation('receipt');
  const receipt = useReceiptStore(receiptSelectors.byId(saleId));
  if (receipt !== null) return <ReceiptActions receipt={receipt} onClose={onClose} closeLabel="newSale" />;
  return (
    <button type="button" className="button button--primary" data-testid="receipt-close" onClick={onClose}>
      {t('newSale')}
    </button>
  );
}
