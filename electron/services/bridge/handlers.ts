import { coded, queueOperations, type BridgeInput, type BridgeOutput, type ConnectionState } from '../../../shared/bridge';
import { ServiceError, type BridgeHandlers } from './dispatcher';
import { explainedGatewayCall } from './gatewayFailures';
import { fetchSyncPages, type Gateway } from '../gateway';
import { VaultDamagedError, VaultUnavailableError, type AccountVault } from '../secrets/vault';
import { syncImagesHandler, type ImageCache } from '../images';
import type { QueueHandlers } from '../queue/service';
import { terminalOperationNames, type TerminalHandlers } from '../lock/terminalHandlers';
import type { CommerceHandlers } from '../commerce/handlers';
import type { BackofficeHandlers } from '../backoffice/handlers';
import { backofficeOperations, commerceOperations, shopOperations, webhookOperations } from '../../../shared/bridge';
import type { WebhookHandlers } from '../retail/webhooks/service';

export interface HandlerDeps {
  shell: 'electron' | 'browser';
  mode: 'demo' | 'account';
  /** A venue (default) or a shop: a shop answers the venue's operations `not-a-venue`. */
  kind?: 'venue' | 'shop';
  accountKey: string;
  version: string;
  /** The venue's gateway; null for a shop (its retail gateway is behind `shop`). */
  gateway: Gateway | null;
  /** This account's view of the vault: its server's and tenant's secrets only. */
  vault: AccountVault;
  /** The current account's image cache. */
  images?: () => ImageCache | null;
  /** A shop's catalog budget a minute, as its limiter keeps it (getAppInfo: the till's combo scan takes half). */
  catalogPerMinute?: number;
  /** The account's tenant as its settings name it (getAppInfo); default: the vault's. */
  tenant?: string;
  /** Settings and connection test: the core's, shared by every account. */
  settings?: SettingsOperations;
  /** The account's connection state (connectivity.ts); null while not known. */
  connection?: () => ConnectionState | null;
  /** The account's order queue (electron/services/queue/service.ts); absent: its operations say so. */
  queue?: QueueHandlers;
  /** The terminal's preferences and lock (electron/services/lock): the core's, shared by every account. */
  terminal?: TerminalHandlers;
  /** Gift cards, customers, stock (electron/services/commerce); absent: they say so. */
  commerce?: CommerceHandlers;
  /** Manager mode's back office (electron/services/backoffice); absent: they say so. */
  backoffice?: BackofficeHandlers;
  /** The till's operations when the account is a shop (electron/services/retail); absent: they say so. */
  shop?: ShopHandlers;
  /** The shop's webhook receiver (electron/services/retail/webhooks); absent: `not-a-shop`. */
  webhooks?: WebhookHandlers;
}

export type ShopHandlers = {
  [K in keyof typeof shopOperations]: (input: BridgeInput<K>) => Promise<BridgeOutput<K>>;
};

/** What the settings operations need from the core (electron/services/core.ts). */
export interface SettingsOperations {
  get(): Promise<BridgeOutput<'getSettings'>>;
  save(input: BridgeInput<'saveSettings'>): Promise<BridgeOutput<'saveSettings'>>;
  testConnection(input: BridgeInput<'testConnection'>): Promise<BridgeOutput<'testConnection'>>;
}

/** Gateway and vault failures become errors the renderer can explain (kind + code + detail). */
async function explained<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await explainedGatewayCall(work);
  } catch (error) {
    if (error instanceof VaultUnavailableError) {
      // A damaged vault says "type them again"; the detail names the file, never its contents.
      throw new ServiceError({
        kind: 'vault-unavailable',
        ...coded(error.code),
        ...(error instanceof VaultDamagedError ? { detail: error.detail } : {}),
      });
    }
    throw error;
  }
}

export function createBridgeHandlers(deps: HandlerDeps): BridgeHandlers {
  const kind = deps.kind ?? 'venue';
  const handlers: BridgeHandlers = {
    async getAppInfo() {
      const tenant = deps.tenant ?? (deps.mode === 'demo' ? 'demo' : ((await deps.vault.load())?.tenant ?? ''));
      return {
        shell: deps.shell,
        mode: deps.mode,
        kind,
        accountKey: deps.accountKey,
        tenant,
        version: deps.version,
        ...(deps.catalogPerMinute !== undefined ? { catalogPerMinute: deps.catalogPerMinute } : {}),
      };
    },
    fetchSyncPages: (input) => explained(async () => ({ pages: await fetchSyncPages(venueGateway(deps), input.pages) })),
    getSettings: () => explained(() => settingsOf(deps).get()),
    saveSettings: (input) => explained(() => settingsOf(deps).save(input)),
    testConnection: (input) => explained(() => settingsOf(deps).testConnection(input)),
    syncImages: syncImagesHandler(deps.images),
    getConnectionState: async () => ({ state: deps.connection?.() ?? null }),
    ...(deps.queue ?? noQueue),
    ...(deps.terminal ?? noTerminal),
    ...(deps.commerce ?? noCommerce),
    ...(deps.backoffice ?? noBackoffice),
    ...(deps.shop ?? noShop),
    ...(deps.webhooks ?? noWebhooks),
  };
  if (kind === 'venue') return handlers;
  // A shop: the venue's floor, catalog, photos, tables and commerce say so; the queue's
  // own operations (its entries, export, import) serve the shop's sales.
  const venueOnly = (name: string) => async () => {
    throw new ServiceError({ kind: 'invalid-input', ...coded('not-a-venue'), detail: `${name}: ${deps.accountKey} is a shop` });
  };
  const blocked = Object.fromEntries(
    [...VENUE_ONLY_OPERATIONS, ...Object.keys(commerceOperations), ...Object.keys(backofficeOperations)].map((name) => [name, venueOnly(name)]),
  );
  return { ...handlers, ...blocked } as BridgeHandlers;
}

/** The operations only a venue answers: the floor, its catalog and photos, its tables and its tokens. */
export const VENUE_ONLY_OPERATIONS = [
  'fetchSyncPages',
  'syncImages',
  'seatService',
  'sendSeatingAsRound',
  'moveSeating',
  'setBillDiscount',
  'clearTable',
  'getMostSold',
] as const;

function venueGateway(deps: HandlerDeps): Gateway {
  if (deps.gateway === null || deps.kind === 'shop') {
    throw new ServiceError({ kind: 'invalid-input', ...coded('not-a-venue'), detail: `${deps.accountKey} is a shop` });
  }
  return deps.gateway;
}

const noTerminal = Object.fromEntries(
  terminalOperationNames.map((name) => [
    name,
    async () => {
      throw new ServiceError({ kind: 'internal', code: 'settings-unavailable', detail: `${name}: no terminal lock or preferences in this shell` });
    },
  ]),
) as unknown as TerminalHandlers;

/** Every operation of `operations` answering the same refusal (a concern this account or shell lacks). */
function refusing<T>(operations: object, refusal: (name: string) => ServiceError): T {
  return Object.fromEntries(
    Object.keys(operations).map((name) => [
      name,
      async () => {
        throw refusal(name);
      },
    ]),
  ) as T;
}

const notInThisShell = (name: string) =>
  new ServiceError({ kind: 'internal', code: 'internal', params: { operation: name }, detail: `${name}: not available in this shell` });
const notAShop = (name: string) => new ServiceError({ kind: 'invalid-input', ...coded('not-a-shop'), detail: `${name}: this account is not a shop` });

/** Handlers without the commerce operations or manager mode's back office (tools, tests of other operations). */
const noCommerce = refusing<CommerceHandlers>(commerceOperations, notInThisShell);
const noBackoffice = refusing<BackofficeHandlers>(backofficeOperations, notInThisShell);

/** A venue account (or a tool) has no till and no webhook receiver: the shop's operations say so. */
const noShop = refusing<ShopHandlers>(shopOperations, notAShop);
const noWebhooks = refusing<WebhookHandlers>(webhookOperations, notAShop);

/** Handlers without a queue (tools, tests of other operations): every queue operation says it is not there. */
const noQueue = Object.fromEntries(
  Object.keys(queueOperations).map((name) => [
    name,
    async () => {
      throw new ServiceError({ kind: 'internal', ...coded('queue-unavailable'), detail: name });
    },
  ]),
) as unknown as QueueHandlers;

function settingsOf(deps: HandlerDeps): SettingsOperations {
  if (!deps.settings) throw new ServiceError({ kind: 'internal', ...coded('settings-unavailable') });
  return deps.settings;
}
