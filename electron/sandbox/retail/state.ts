// In-memory state of the retail sandbox: one record set per account (username) and the ledger of
// what the service committed (orders and invoices), in the ledger shape the hospitality half uses
// plus `service: 'retail'`.
import type { RetailAccountSpec, RetailAccountState, RetailSeed } from './model';

/** One order or invoice the retail sandbox received and committed (control API: GET /__sandbox/ledger). */
export interface RetailLedgerEntry {
  service: 'retail';
  kind: 'order' | 'invoice';
  /** The account's username (the hospitality entries' `tenant`). */
  tenant: string;
  receivedAt: string;
  orderId: number;
  payload: unknown;
}

export interface RetailState {
  readonly accounts: ReadonlyMap<string, RetailAccountState>;
  ledger: RetailLedgerEntry[];
  account(username: string): RetailAccountState | undefined;
  /** Child accounts of a master account. */
  children(username: string): RetailAccountState[];
}

/** One account built from a seed; everything is copied, accounts never share records. */
export function createRetailAccount(spec: RetailAccountSpec, seed: RetailSeed): RetailAccountState {
  const data = structuredClone(seed);
  return {
    ...data,
    username: spec.username,
    accessToken: spec.accessToken,
    master: spec.master,
    // Lines and payments live inside orders and invoices: a seeded history's ids are taken.
    lastIds: {
      orderLines: data.orders.reduce((max, order) => order.order_contents.reduce((m, line) => Math.max(m, line.id), max), 0),
      invoicePayments: data.invoices.reduce((max, invoice) => invoice.payments.reduce((m, p) => Math.max(m, p.id), max), 0),
    },
    lastInvoiceNumber: data.invoices.reduce((max, invoice) => Math.max(max, Number(invoice.number.slice(2)) || 0), 0),
  };
}

export function createRetailState(specs: readonly RetailAccountSpec[], defaultSeed: () => RetailSeed): RetailState {
  const accounts = new Map<string, RetailAccountState>();
  for (const spec of specs) {
    if (accounts.has(spec.username)) throw new Error(`sandbox: retail account "${spec.username}" is defined twice`);
    accounts.set(spec.username, createRetailAccount(spec, spec.seed ?? defaultSeed()));
  }
  for (const account of accounts.values()) {
    if (account.master !== null && !accounts.has(account.master)) {
      throw new Error(`sandbox: retail account "${account.username}" names an unknown master "${account.master}"`);
    }
  }
  return {
    accounts,
    ledger: [],
    account: (username) => accounts.get(username),
    children: (username) => [...accounts.values()].filter((a) => a.master === username),
  };
}
