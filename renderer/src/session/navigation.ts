import { create } from 'zustand';
import type { Outbox, SeatTable } from '../data/queue/outboxTypes';
import { COUNTER_TICKET, useOrderStore } from './orderStore';

// The service flow's screen state: the current account's outbox client, which table's
// order builder is showing, the seat dialog, the pending-orders screen. The queue itself (the
// data) lives on the main side; screens read its latest snapshot from data/queueStore.ts.

export type ServiceScreen = 'floor' | 'order' | 'pending' | 'bill' | 'customers' | 'giftCards' | 'manager';

/** A shop terminal's screens: the till, the outbox's pending entries, the reports. */
export type ShopScreen = 'till' | 'pending' | 'reports';

/** Where the order builder sends: a table's service, a takeaway, a delivery, or nowhere yet. */
export type OrderTarget = { kind: 'service'; serviceId: string } | { kind: 'takeaway' } | { kind: 'delivery' } | { kind: 'none' };

/** Whose ticket the order builder shows for a target: a table's own, else the counter's. */
export function ticketKeyOf(target: OrderTarget): string {
  return target.kind === 'service' ? `service:${target.serviceId}` : COUNTER_TICKET;
}

export interface ServiceState {
  /** The current account's outbox client (it submits to the main side's queue); null until it is open. */
  outbox: Outbox | null;
  screen: ServiceScreen;
  /** What a shop terminal shows (a venue's `screen` is the one above); the till until another is chosen. */
  shopScreen: ShopScreen;
  target: OrderTarget;
  /** Tables chosen for the seat dialog (primary last), or null when it is closed. */
  seating: readonly SeatTable[] | null;
  /** Floor plan: choosing several tables to seat together. */
  multiSelect: readonly SeatTable[] | null;
  setOutbox: (outbox: Outbox | null) => void;
  showScreen: (screen: ServiceScreen) => void;
  showShopScreen: (screen: ShopScreen) => void;
  /** Opens the order builder for a target. */
  openOrder: (target: OrderTarget) => void;
  /** Opens a seated table's bill; its order builder stays the target. */
  openBill: (serviceId: string) => void;
  openSeatDialog: (tables: readonly SeatTable[]) => void;
  closeSeatDialog: () => void;
  startMultiSelect: () => void;
  /** Adds the table (as the new primary) or removes it when already chosen. */
  toggleMultiSelect: (table: SeatTable) => void;
  cancelMultiSelect: () => void;
}

export const useServiceStore = create<ServiceState>()((set) => ({
  outbox: null,
  screen: 'floor',
  shopScreen: 'till',
  target: { kind: 'none' },
  seating: null,
  multiSelect: null,
  // A new account (or none) starts on its floor plan.
  setOutbox: (outbox) => set({ outbox, screen: 'floor', target: { kind: 'none' }, seating: null, multiSelect: null }),
  showScreen: (screen) => set({ screen, seating: null }),
  showShopScreen: (shopScreen) => set({ shopScreen }),
  openOrder: (target) => {
    useOrderStore.getState().switchTicket(ticketKeyOf(target));
    set({ screen: 'order', target, seating: null, multiSelect: null });
  },
  openBill: (serviceId) => {
    const target: OrderTarget = { kind: 'service', serviceId };
    useOrderStore.getState().switchTicket(ticketKeyOf(target));
    set({ screen: 'bill', target, seating: null, multiSelect: null });
  },
  openSeatDialog: (tables) => set({ seating: [...tables] }),
  closeSeatDialog: () => set({ seating: null }),
  startMultiSelect: () => set({ multiSelect: [] }),
  toggleMultiSelect: (table) =>
    set((state) => {
      const chosen = state.multiSelect ?? [];
      const without = chosen.filter((t) => t.id !== table.id);
      return { multiSelect: without.length === chosen.length ? [...chosen, table] : without };
    }),
  cancelMultiSelect: () => set({ multiSelect: null }),
}));

export const serviceSelectors = {
  outbox: (state: ServiceState) => state.outbox,
  screen: (state: ServiceState) => state.screen,
  shopScreen: (state: ServiceState) => state.shopScreen,
  target: (state: ServiceState) => state.target,
  seating: (state: ServiceState) => state.seating,
  multiSelect: (state: ServiceState) => state.multiSelect,
} as const;
