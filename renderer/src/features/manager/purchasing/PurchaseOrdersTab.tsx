import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PurchaseOrder } from '../../../../../shared/bridge';
import { errorText } from '../../../i18n/errorText';
import { useFormat } from '../../../i18n/useFormat';
import { EmptyState } from '../../../ui/Notice';
import type { ManagerTabProps } from '../managerTab';
import { PurchaseOrderReceipt } from './PurchaseOrderReceipt';
import './purchasing.css';

// Manager mode's purchase orders: the venue's purchase orders (reference, vendor,
// status, total); opening one shows its lines and receives them (PurchaseOrderReceipt.tsx).
// Test ids: purchase-orders, purchase-order-row.

/** spec 2.8 does not publish `status` values: the demo venue's 0/1/2 are worded, others shown as a number. */
const STATUS_WORD: Record<number, 'status0' | 'status1' | 'status2'> = { 0: 'status0', 1: 'status1', 2: 'status2' };

export function PurchaseOrdersTab({ bridge }: ManagerTabProps) {
  const { t } = useTranslation('managerPurchasing');
  const format = useFormat();
  const [orders, setOrders] = useState<PurchaseOrder[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Reading from the first render: the effect below starts the read (no state set synchronously in it).
  const [reading, setReading] = useState(true);
  const [openId, setOpenId] = useState<number | null>(null);

  const read = useCallback(
    () =>
      bridge
        .listPurchaseOrders({})
        .then(
          (answer) => {
            setOrders(answer.orders);
            setProblem(null);
          },
          (error: unknown) => setProblem(errorText(t, error)),
        )
        .finally(() => setReading(false)),
    [bridge, t],
  );
  const load = () => {
    setReading(true);
    void read();
  };

  useEffect(() => {
    void read();
  }, [read]);

  const open = orders?.find((order) => order.id === openId);
  if (open) return <PurchaseOrderReceipt bridge={bridge} order={open} onBack={() => setOpenId(null)} />;

  const refresh = (
    <button type="button" className="button button--secondary" onClick={load} disabled={reading}>
      {t('refresh')}
    </button>
  );
  if (orders === null && problem !== null)
    return (
      <EmptyState tone="problem" title={t('cannotRead')} action={refresh}>
        {problem}
      </EmptyState>
    );
  if (orders === null) return <EmptyState title={t('reading')} />;
  if (orders.length === 0) return <EmptyState title={t('empty')} action={refresh} />;

  const statusText = (status: number) => {
    const word = STATUS_WORD[status];
    return word ? t(word) : t('statusOther', { status });
  };
  return (
    <div className="purchasing" data-testid="purchase-orders">
      <div className="purchasing__top">
        <p className="purchasing__intro">{t('intro')}</p>
        {refresh}
      </div>
      {problem !== null && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <table className="purchasing__table">
        <caption className="visually-hidden">{t('listLabel')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('colReference')}</th>
            <th scope="col">{t('colVendor')}</th>
            <th scope="col">{t('colStatus')}</th>
            <th scope="col" className="purchasing__number">
              {t('colTotal')}
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} data-testid="purchase-order-row" data-status={order.status}>
              <th scope="row">
                <button type="button" className="purchasing__open" onClick={() => setOpenId(order.id)}>
                  <span className="purchasing__reference">{order.reference || t('noReference')}</span>
                  {order.lineCount !== null && <span className="purchasing__sub">{t('lines', { count: order.lineCount })}</span>}
                </button>
              </th>
              <td>
                {order.vendorName}
                {order.vendorOrderId !== null && <span className="purchasing__sub">{t('vendorOrder', { id: order.vendorOrderId })}</span>}
              </td>
              <td>
                <span className={`purchasing__status purchasing__status--${STATUS_WORD[order.status] ?? 'other'}`}>{statusText(order.status)}</span>
              </td>
              <td className="purchasing__number">{order.totalCents === null ? '—' : format.money(order.totalCents / 100)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
