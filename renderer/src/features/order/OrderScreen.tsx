import { useEffect } from 'react';
import { catalogSelectors } from '../../data/catalog/catalogStore';
import { CatalogView } from '../catalog/CatalogView';
import { serviceSelectors, useServiceStore, type OrderTarget } from '../service/serviceStore';
import { useCatalog } from '../sync/useCatalog';
import { ChooseDestination, DeliveryForm, TakeawayForm } from './DestinationForms';
import { ItemSheet } from './ItemSheet';
import { orderSelectors, useOrderStore } from './orderStore';
import { SendPanel } from './SendPanel';
import { useSendStore } from './sendStore';
import { TableDetails } from './TableDetails';
import { Ticket } from './Ticket';
import './send.css';

// The order builder (issues 5 and 6): the catalog on the left; beside the ticket, where the order
// goes (a table's details and rounds, a takeaway or delivery form, or the choice of one); the
// ticket and Send in the right column. A tapped item's sheet (format, modifiers, menu) takes the
// ticket's column, so the catalog stays usable beside it — tapping another item replaces it.

export function OrderScreen() {
  const target = useServiceStore(serviceSelectors.target);
  const key = targetKey(target);
  // A confirmation or a message belongs to the destination it was about.
  useEffect(() => {
    useSendStore.getState().setStatus({ kind: 'idle' });
    useSendStore.getState().setErrors({});
  }, [key]);
  return (
    <div className="order-screen order-screen--with-destination">
      <CatalogView />
      <aside className="order-destination" aria-label="Destination" data-testid="order-destination">
        <Destination target={target} />
      </aside>
      <OrderPanel />
    </div>
  );
}

function targetKey(target: OrderTarget): string {
  return target.kind === 'service' ? `service:${target.serviceId}` : target.kind;
}

function Destination({ target }: { target: OrderTarget }) {
  const outbox = useServiceStore(serviceSelectors.outbox);
  switch (target.kind) {
    case 'service':
      return outbox === null ? <p className="send-destination__hint">Opening this terminal’s orders…</p> : <TableDetails outbox={outbox} serviceId={target.serviceId} />;
    case 'takeaway':
      return <TakeawayForm />;
    case 'delivery':
      return <DeliveryForm />;
    case 'none':
      return <ChooseDestination />;
  }
}

function OrderPanel() {
  const db = useCatalog(catalogSelectors.catalogDb);
  const generation = useCatalog(catalogSelectors.generation);
  const openItemId = useOrderStore(orderSelectors.openItemId);
  return (
    <aside className="order" aria-label="Order" data-testid="order">
      {db !== null && openItemId !== null ? (
        <ItemSheet key={`${generation}-${openItemId}`} db={db} itemId={openItemId} />
      ) : (
        <>
          <Ticket />
          <SendPanel />
        </>
      )}
    </aside>
  );
}
