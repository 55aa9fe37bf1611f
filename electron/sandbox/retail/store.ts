// A small typed read API over the retail state for the parts built on it (reports v3, the demo
// shop's checks, tests): what the sandbox holds, never a copy to write to.
import type { InvoiceRecord, RetailAccountState, RetailOrderRecord, RetailProductRecord, RetailStockRecord } from './model';
import type { RetailState } from './state';

export interface RetailStore {
  /** Usernames of every account. */
  usernames(): string[];
  account(username: string): Readonly<RetailAccountState> | undefined;
  orders(username: string): readonly RetailOrderRecord[];
  invoices(username: string): readonly InvoiceRecord[];
  products(username: string): readonly RetailProductRecord[];
  stocks(username: string): readonly RetailStockRecord[];
}

export function retailStore(state: RetailState): RetailStore {
  const of = <K extends 'orders' | 'invoices' | 'products' | 'stocks'>(username: string, key: K): RetailAccountState[K] =>
    (state.account(username)?.[key] ?? []) as RetailAccountState[K];
  return {
    usernames: () => [...state.accounts.keys()],
    account: (username) => state.account(username),
    orders: (username) => of(username, 'orders'),
    invoices: (username) => of(username, 'invoices'),
    products: (username) => of(username, 'products'),
    stocks: (username) => of(username, 'stocks'),
  };
}
