import { catalogSelectors } from '../../data/catalogStore';
import { CatalogView } from '../catalog/CatalogView';
import { useCatalog } from '../sync/useCatalog';
import { ItemSheet } from './ItemSheet';
import { orderSelectors, useOrderStore } from './orderStore';
import { Ticket } from './Ticket';

// The order builder (issue 5 item 3): the catalog on the left, the ticket in a right column. A
// tapped item's sheet (format, modifiers, menu) takes the ticket's column, so the catalog stays
// usable beside it — tapping another item replaces the sheet.

export function OrderScreen() {
  return (
    <div className="order-screen">
      <CatalogView />
      <OrderPanel />
    </div>
  );
}

function OrderPanel() {
  const db = useCatalog(catalogSelectors.catalogDb);
  const generation = useCatalog(catalogSelectors.generation);
  const openItemId = useOrderStore(orderSelectors.openItemId);
  return (
    <aside className="order" aria-label="Order" data-testid="order">
      {db !== null && openItemId !== null ? <ItemSheet key={`${generation}-${openItemId}`} db={db} itemId={openItemId} /> : <Ticket />}
    </aside>
  );
}
