import { useServiceStore } from '../../session/navigation';
import { useSendStore } from '../../session/sendStore';
import { useCustomersStore, type ChosenCustomer } from '../../session/customersStore';

// "Use for a table / takeaway / delivery": the customer goes where each flow
// already reads its customer. A takeaway and a delivery: the Send step's forms (sendStore), and
// the order builder opens on them. A table: the customer is held for the next seating; the floor
// shows it (ForTableBanner) and the seat dialog starts with it (service/seatForm.ts, seatFormFor),
// as if picked there.

export type CustomerUse = 'table' | 'takeaway' | 'delivery';

export function applyCustomerTo(use: CustomerUse, customer: ChosenCustomer): void {
  const service = useServiceStore.getState();
  const send = useSendStore.getState();
  const contact = { name: customer.name, phone: customer.phone ?? '', email: customer.email ?? '' };
  switch (use) {
    case 'table':
      useCustomersStore.getState().chooseForTable(customer);
      service.showScreen('floor');
      return;
    case 'takeaway':
      useCustomersStore.getState().chooseForTable(null);
      send.editTakeaway(contact);
      service.openOrder({ kind: 'takeaway' });
      return;
    case 'delivery':
      useCustomersStore.getState().chooseForTable(null);
      send.editDelivery(contact);
      service.openOrder({ kind: 'delivery' });
      return;
  }
}
