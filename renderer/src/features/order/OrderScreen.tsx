import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogSelectors } from '../../data/catalog/catalogStore';
import { serviceSelectors, useServiceStore, type OrderTarget } from '../../session/navigation';
import { useCatalog } from '../../session/useCatalog';
import { ChooseDestination, DeliveryForm, TakeawayForm } from './DestinationForms';
import { ItemSheet } from './ItemSheet';
import { orderSelectors, useOrderStore } from '../../session/orderStore';
import { SendPanel } from './SendPanel';
import { useSendStore } from '../../session/sendStore';
import { TableDetails } from './TableDetails';
import { Ticket } from './Ticket';
import './send.css';
import './order.css';

// The order builder: the catalog's dense grid takes the screen; one column
// beside it holds where the order goes (a strip that opens on tap), the ticket, its total and Send,
// in view the whole time. A tapped item's sheet (format, modifiers, menu) opens over the grid, never
// over the ticket's total. In portrait (order.css) the column becomes a bottom drawer: folded, it
// shows the total and Send; opened, the lines. Test ids: order, order-drawer-toggle.

/** `catalog`: the catalog to pick items from (the catalog feature's view, passed in by the app). */
export function OrderScreen({ catalog }: { catalog: ReactNode }) {
  const target = useServiceStore(serviceSelectors.target);
  const key = targetKey(target);
  const setStatus = useSendStore((s) => s.setStatus);
  const setErrors = useSendStore((s) => s.setErrors);
  // A confirmation or a message belongs to the destination it was about.
  useEffect(() => {
    setStatus({ kind: 'idle' });
    setErrors({});
  }, [key, setStatus, setErrors]);
  return (
    <div className="order-screen">
      <div className="order-screen__catalog">
        {catalog}
        <SheetOverGrid />
      </div>
      <OrderColumn target={target} />
    </div>
  );
}

function targetKey(target: OrderTarget): string {
  return target.kind === 'service' ? `service:${target.serviceId}` : target.kind;
}

/** The open item's sheet, over the grid (a plain item's "sheet" adds it and draws nothing). */
function SheetOverGrid() {
  const db = useCatalog(catalogSelectors.catalogDb);
  const generation = useCatalog(catalogSelectors.generation);
  const openItemId = useOrderStore(orderSelectors.openItemId);
  const editingKey = useOrderStore((state) => state.editingKey);
  if (db === null || openItemId === null) return null;
  return <ItemSheet key={`${generation}-${openItemId}-${editingKey ?? 'new'}`} db={db} itemId={openItemId} />;
}

function Destination({ target }: { target: OrderTarget }) {
  const { t } = useTranslation('order');
  const outbox = useServiceStore(serviceSelectors.outbox);
  switch (target.kind) {
    case 'service':
      return outbox === null ? <p className="send-destination__hint">{t('openingOrders')}</p> : <TableDetails outbox={outbox} serviceId={target.serviceId} />;
    case 'takeaway':
      return <TakeawayForm />;
    case 'delivery':
      return <DeliveryForm />;
    case 'none':
      return <ChooseDestination />;
  }
}

function OrderColumn({ target }: { target: OrderTarget }) {
  const { t } = useTranslation('order');
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <aside className={drawerOpen ? 'order order--drawer-open' : 'order'} aria-label={t('order')} data-testid="order">
      <DrawerToggle open={drawerOpen} onToggle={() => setDrawerOpen(!drawerOpen)} />
      <div className="order__destination" id="order-drawer-body" data-testid="order-destination">
        <Destination target={target} />
      </div>
      <Ticket />
      <SendPanel />
    </aside>
  );
}

/** Portrait only (order.css): the drawer's handle. Its own component: a tap on an item re-renders it, not the column. */
function DrawerToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { t } = useTranslation('order');
  const count = useOrderStore((state) => state.lines.reduce((sum, line) => sum + line.quantity, 0));
  return (
    <button
      type="button"
      className="order__drawer-toggle"
      aria-expanded={open}
      aria-controls="order-drawer-body"
      onClick={onToggle}
      data-testid="order-drawer-toggle"
    >
      <span className="order__drawer-caret" aria-hidden="true">
        {open ? '▾' : '▴'}
      </span>
      <span>{open ? t('hideTicket') : t('showTicket', { count })}</span>
    </button>
  );
}
