import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/useFormat';
import { basketSelectors, pay, useBasketStore, type PayHandler, type ViewLine } from './basketStore';
import { LineDialog } from './TillDialogs';
import { isLanguage, localeOf } from '../../i18n/languages';
import { IconConnecting, IconOffline, IconWarning } from '../../ui/icons';
import { scannerOptIn } from '../../ui/useScanner';
import { lineLinkState, productLinksSettled, useProductLinksStore } from './productLinks';
import { useComboScanStore } from '../../data/shop/shopComboScan';

// The basket: the sale's price rate, the lines (+/− for units, the weight of a
// weighed line, "Edit" for quantity, discount and note), each promotion's discount as its own line
// under the line it affects, the cashier's discount likewise, the totals and "Pay" — which hands
// `checkoutDraft()` to the pay dialog (`onPay`: pay/SalePayDialog.tsx `useTillPay`).
//
// Test ids: till-basket, till-rate (the select), till-lines, till-line (data-line-key,
// data-product-id), till-line-name, till-line-variant, till-line-measure, till-line-sum,
// till-line-minus / -plus / -edit, till-line-promotion (data-promotion-id), till-line-manual,
// till-line-notes, till-line-links (data-state: checking / offline / failed), till-line-combo-waiting
// (data-promotion-id; data-state: checking / offline / failed), till-basket-empty,
// till-total, till-discounts, till-tax, till-pay (aria-busy while it waits), till-pay-unavailable.

/**
 * Pay waits this long for product promotion links being read (productLinks.ts), then goes on with
 * what is known (docs/decisions.md "Shop catalog sync"): the line still says so.
 */
export const PAY_LINKS_WAIT_MS = 2000;

const weightFormats = new Map<string, Intl.NumberFormat>();

/** A weight in kg with its 3 decimals, in the terminal's language ("0,345" / "0.345"). */
function useWeightText(): (thousandths: number) => string {
  const { i18n } = useTranslation();
  const locale = localeOf[isLanguage(i18n.language) ? i18n.language : 'es'];
  let format = weightFormats.get(locale);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
    weightFormats.set(locale, format);
  }
  const formatter = format;
  return (thousandths) => formatter.format(thousandths / 1000);
}

/**
 * `customer`: the sale's customer button (customer/CustomerDialog.tsx), beside the price rate;
 * `onPay`: opens the pay dialog with the basket's draft (none: "Pay" says it is unavailable).
 */
export function TillBasket({ customer, onPay: openPay = null }: { customer?: ReactNode; onPay?: PayHandler | null } = {}) {
  const { t } = useTranslation('till');
  const format = useFormat();
  const money = (cents: number) => format.money(cents / 100);
  const view = useBasketStore(basketSelectors.view);
  const [editing, setEditing] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const hasHandler = openPay !== null;
  const { totals } = view;
  const editedLine = editing === null ? undefined : view.lines.find((line) => line.key === editing);
  const discounts = totals.discount;
  // A scanned or tapped product's line comes into view (a long basket scrolls).
  const lastAdded = useBasketStore((state) => state.lastAdded);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (lastAdded === null) return;
    list.current?.querySelector(`[data-line-key="${lastAdded.key}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [lastAdded]);
  const onPay = async () => {
    if (waiting) return;
    setWaiting(true);
    try {
      await productLinksSettled(PAY_LINKS_WAIT_MS);
    } finally {
      setWaiting(false);
    }
    setUnavailable(!pay(openPay));
  };
  const units = view.lines.reduce((sum, line) => sum + (line.product.usesWeight ? 1 : line.measureThousandths / 1000), 0);

  return (
    <aside className="till-basket" aria-label={t('basket')} data-testid="till-basket">
      <div className="till-basket__head">
        <h2 className="till-basket__title">
          {t('basket')}
          {units > 0 && <span className="till-basket__count">{t('units', { count: units, formatted: format.number(units) })}</span>}
        </h2>
        {customer}
        <RateChooser />
      </div>
      {view.lines.length === 0 ? (
        <p className="till-basket__empty" data-testid="till-basket-empty">
          {t('basketEmpty')}
        </p>
      ) : (
        <ol ref={list} className="till-lines" data-testid="till-lines" aria-label={t('lines')}>
          {view.lines.map((line) => (
            <BasketLine key={line.key} line={line} onEdit={() => setEditing(line.key)} />
          ))}
        </ol>
      )}
      <div className="till-totals">
        {discounts > 0 && (
          <p className="till-totals__row">
            <span>{t('discounts')}</span>
            <span className="till-totals__value" data-testid="till-discounts">
              {t('minus', { amount: money(discounts) })}
            </span>
          </p>
        )}
        <p className="till-totals__row till-totals__row--total">
          <span>{t('total')}</span>
          <span className="till-totals__value" data-testid="till-total">
            {money(totals.total)}
          </span>
        </p>
        <p className="till-totals__tax" data-testid="till-tax">
          {t('taxIncluded', { amount: money(totals.tax) })}
        </p>
        <button
          type="button"
          className="till-pay"
          data-testid="till-pay"
          disabled={view.lines.length === 0}
          aria-busy={waiting || undefined}
          onClick={() => void onPay()}
        >
          {view.lines.length === 0 ? t('pay') : waiting ? t('payChecking') : t('payAmount', { amount: money(totals.total) })}
        </button>
        {unavailable && !hasHandler && view.lines.length > 0 && (
          <p className="till-totals__note" role="status" data-testid="till-pay-unavailable">
            {t('payUnavailable')}
          </p>
        )}
      </div>
      {editedLine !== undefined && <LineDialog line={editedLine} onClose={() => setEditing(null)} />}
    </aside>
  );
}

/** The sale's price rate: the shop's own prices, or one of its rates. */
function RateChooser() {
  const { t } = useTranslation('till');
  const rates = useBasketStore(basketSelectors.rates);
  const rateId = useBasketStore(basketSelectors.rateId);
  const setRate = useBasketStore((state) => state.setRate);
  if (rates.length === 0) return null;
  return (
    <label className="till-rate">
      <span className="till-rate__label">{t('priceRate')}</span>
      {/* A scan while the rate has the focus still reaches the till (ui/useScanner.ts). */}
      <select
        {...scannerOptIn}
        className="till-rate__select"
        data-testid="till-rate"
        value={rateId ?? ''}
        onChange={(event) => setRate(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">{t('noRate')}</option>
        {rates.map((rate) => (
          <option key={rate.id} value={rate.id}>
            {rate.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function BasketLine({ line, onEdit }: { line: ViewLine; onEdit: () => void }) {
  const { t } = useTranslation('till');
  const format = useFormat();
  const money = (cents: number) => format.money(cents / 100);
  const step = useBasketStore((state) => state.step);
  const weightText = useWeightText();
  const byWeight = line.product.usesWeight;
  const quantity = line.measureThousandths / 1000;
  const measure = byWeight
    ? t('weighed', { weight: weightText(line.measureThousandths), price: money(line.unitPriceCents) })
    : t('unitsAt', { count: quantity, formatted: format.number(quantity), price: money(line.unitPriceCents) });
  const rated = line.unitPriceCents !== line.product.priceCents;
  const links = useProductLinksStore((state) => lineLinkState(state, line.product));
  // The combo scan's progress (data/shop/shopComboScan.ts), for a line whose combo waits for it.
  const scanRead = useComboScanStore((state) => state.known.read);
  const scanTotal = useComboScanStore((state) => state.known.total);
  const scanProblem = useComboScanStore((state) => state.problem);
  return (
    <li className="till-line" data-testid="till-line" data-line-key={line.key} data-product-id={line.product.id}>
      <div className="till-line__main">
        <span className="till-line__name" data-testid="till-line-name">
          {line.product.name}
          {line.product.variantName !== null && (
            <span className="till-line__variant" data-testid="till-line-variant">
              {line.product.variantName}
            </span>
          )}
        </span>
        <span className="till-line__sum" data-testid="till-line-sum">
          {money(line.priced.sum)}
        </span>
      </div>
      <p className="till-line__measure" data-testid="till-line-measure">
        {measure}
        {rated && <span className="till-line__rated">{t('ratePrice')}</span>}
      </p>
      <div className="till-line__controls">
        {!byWeight && (
          <>
            <button
              type="button"
              className="till-line__step"
              aria-label={t('oneLess', { product: line.product.name })}
              data-testid="till-line-minus"
              onClick={() => step(line.key, -1)}
            >
              <span aria-hidden="true">−</span>
            </button>
            <span className="till-line__quantity" aria-hidden="true">
              {format.number(quantity)}
            </span>
            <button
              type="button"
              className="till-line__step"
              aria-label={t('oneMore', { product: line.product.name })}
              data-testid="till-line-plus"
              onClick={() => step(line.key, 1)}
            >
              <span aria-hidden="true">+</span>
            </button>
          </>
        )}
        <button
          type="button"
          className="till-line__edit"
          data-testid="till-line-edit"
          aria-label={t(byWeight ? 'editWeightLine' : 'editLine', { product: line.product.name })}
          onClick={onEdit}
        >
          {byWeight ? t('editWeight') : t('edit')}
        </button>
      </div>
      {(line.promotions.length > 0 || line.priced.manualDiscount > 0) && (
        <ul className="till-line__discounts" aria-label={t('discountsOf', { product: line.product.name })}>
          {line.promotions.map((promotion) => (
            <li key={promotion.promotionId} className="till-discount" data-testid="till-line-promotion" data-promotion-id={promotion.promotionId}>
              <span className="till-discount__mark" aria-hidden="true">
                %
              </span>
              <span className="till-discount__name">{t('promotion', { name: promotion.name })}</span>
              <span className="till-discount__amount">{t('minus', { amount: money(promotion.cents) })}</span>
            </li>
          ))}
          {line.priced.manualDiscount > 0 && line.manual !== null && (
            <li className="till-discount till-discount--manual" data-testid="till-line-manual">
              <span className="till-discount__mark" aria-hidden="true">
                −
              </span>
              <span className="till-discount__name">
                {line.manual.kind === 'percent' ? t('manualPercent', { percent: format.number(line.manual.hundredths / 100) }) : t('manualAmount')}
              </span>
              <span className="till-discount__amount">{t('minus', { amount: money(line.priced.manualDiscount) })}</span>
            </li>
          )}
        </ul>
      )}
      {links !== null && (
        <p className="till-line__links" data-testid="till-line-links" data-state={links}>
          {links === 'checking' ? (
            <IconConnecting className="till-line__links-icon" />
          ) : links === 'offline' ? (
            <IconOffline className="till-line__links-icon" />
          ) : (
            <IconWarning className="till-line__links-icon" />
          )}
          <span>{t(links === 'checking' ? 'linksChecking' : links === 'offline' ? 'linksOffline' : 'linksFailed')}</span>
        </p>
      )}
      {line.waitingCombos.map((combo) => (
        <p
          key={combo.promotionId}
          className="till-line__links till-line__combo"
          data-testid="till-line-combo-waiting"
          data-promotion-id={combo.promotionId}
          data-state={scanProblem ?? 'checking'}
        >
          {scanProblem === 'offline' ? (
            <IconOffline className="till-line__links-icon" />
          ) : scanProblem === 'failed' ? (
            <IconWarning className="till-line__links-icon" />
          ) : (
            <IconConnecting className="till-line__links-icon" />
          )}
          <span>
            {scanProblem === 'offline'
              ? t('comboWaitingOffline', { name: combo.name })
              : t(scanProblem === 'failed' ? 'comboWaitingFailed' : 'comboWaiting', {
                  name: combo.name,
                  read: format.number(scanRead),
                  total: format.number(scanTotal),
                })}
          </span>
        </p>
      ))}
      {line.notes !== '' && (
        <p className="till-line__notes" data-testid="till-line-notes">
          {t('note', { note: line.notes })}
        </p>
      )}
    </li>
  );
}
