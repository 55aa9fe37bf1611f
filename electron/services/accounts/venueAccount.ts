import { hostname } from 'node:os';
import type { AccountSettings, BridgeEvent } from '../../../shared/bridge';
import { auditDatabaseFile, openAuditLog } from '../backoffice/auditLog';
import { createBackofficeHandlers } from '../backoffice/handlers';
import { recordingStockReceipts } from '../backoffice/stockReceiptAudit';
import { createBridgeHandlers } from '../bridge/handlers';
import { createCommerceHandlers } from '../commerce/handlers';
import { createGateway, type AccountLimiters, type Gateway } from '../gateway';
import { deliver } from '../queue/delivery';
import { delegatingQueueHandlers, delegatingQueueReceipts } from '../queue/service';
import { originOf, type AccountSecrets, type CredentialsVault } from '../secrets/vault';
import { accountKeyOf, normaliseUrl } from '../settings/settings';
import { accountVault, demoVault } from '../settings/vaultPolicy';
import type { RunningDemo } from './demo';
import type { LiveAccount } from './registry';
import { accountPlumbing, APP_VERSION, currentOnly, type AccountServices } from './services';

/** What only a venue needs: the venue's vault slot and its request budgets (spec §8). */
export interface VenueDeps {
  readonly vault: CredentialsVault;
  /** One budget per account for the life of the process, shared by every caller of that account. */
  readonly limiters: AccountLimiters;
  /** The demo venue's, matching its embedded sandbox's own limit. */
  readonly demoLimiters: AccountLimiters;
}

type VenueSettings = Extract<AccountSettings, { mode: 'demo' | 'account' }>;

/** Where a venue's server is, and its tokens: the demo venue's embedded sandbox, or a real account's host and vault. */
async function venueServer(services: AccountServices, venue: VenueDeps, account: VenueSettings) {
  if (account.mode === 'demo') {
    // Demo venue: the embedded sandbox on a free loopback port (ARCHITECTURE §6); it serves the photos too.
    const sandbox: RunningDemo = await services.demo.startVenue();
    services.log(`demo venue: embedded sandbox at ${sandbox.url}`);
    const demo = services.demo.venue;
    return { sandbox, baseUrl: sandbox.url, imagesUrl: sandbox.url, tenant: demo.tenant, secrets: async (): Promise<AccountSecrets | null> => demo };
  }
  const baseUrl = normaliseUrl(account.baseUrl);
  const binding = { origin: originOf(baseUrl), tenant: account.tenant };
  return { sandbox: null, baseUrl, imagesUrl: normaliseUrl(account.imagesUrl), tenant: account.tenant, secrets: () => venue.vault.load(binding) };
}

/** A venue: its gateway, queue, audit log, and the handlers of the hospitality operations. */
export async function openVenueAccount(services: AccountServices, venue: VenueDeps, account: VenueSettings): Promise<LiveAccount> {
  const { sandbox, baseUrl, imagesUrl, tenant, secrets } = await venueServer(services, venue, account);
  const { dataDir, log, registry } = services;
  const accountKey = accountKeyOf(account);
  // A replaced account's late answers must not speak for the current one.
  const isCurrent = () => registry.current() === opened;

  // A purchase order's receipt lines are recorded in the audit log as they are delivered.
  const deliverEntry = recordingStockReceipts(
    (request) => deliver(gateway, request),
    () => audit,
    log,
  );
  const { connectivity, openQueue } = accountPlumbing(services, accountKey, baseUrl, isCurrent, deliverEntry);

  const gateway: Gateway = createGateway({
    baseUrl,
    secrets,
    timeoutMs: services.timeoutMs,
    limiter: (account.mode === 'demo' ? venue.demoLimiters : venue.limiters).forAccount(accountKey),
    onReachability: (reachable) => connectivity.report(reachable),
  });

  // Settings changed but not the account key (another image storage, http → https): the same
  // database file. One dispatcher per file, so the replaced one stops first — else its request
  // in flight would look interrupted to the new one's start-up recovery ("unconfirmed").
  const replaced = registry.current();
  if (replaced !== null && replaced.accountKey === accountKey) await replaced.stopQueue();
  let queue = openQueue();
  const queueHandlers = delegatingQueueHandlers(() => queue);
  // The back office's writes, recorded per account; every window's Activity list follows.
  const audit = openAuditLog({
    file: auditDatabaseFile(dataDir, accountKey),
    terminal: `${hostname()} · ${services.shell}`,
    onRecord: (record) => {
      if (isCurrent()) services.emit({ type: 'audit-recorded', record });
    },
  });
  // Only the current account's changes reach the windows.
  const emit: (event: BridgeEvent) => void = currentOnly(services, isCurrent);

  const handlers = createBridgeHandlers({
    shell: services.shell,
    mode: account.mode,
    accountKey,
    tenant,
    version: APP_VERSION,
    gateway,
    // The demo venue stores nothing; a real account sees only its own server's and tenant's secrets.
    vault: account.mode === 'demo' ? demoVault(venue.vault) : accountVault(venue.vault, { origin: originOf(baseUrl), tenant }),
    images: () => (isCurrent() ? services.images.current : null),
    settings: services.settings,
    terminal: services.terminal,
    connection: () => connectivity.state,
    queue: queueHandlers,
    commerce: createCommerceHandlers({ gateway, dataDir, accountKey, log, emit }),
    backoffice: createBackofficeHandlers({
      gateway,
      dataDir,
      accountKey,
      audit,
      queue: { ...queueHandlers, ...delegatingQueueReceipts(() => queue) },
      log,
      emit,
    }),
  });

  const opened: LiveAccount = {
    account,
    accountKey,
    tenant,
    imagesUrl,
    sandbox,
    gateway,
    handlers,
    connectivity,
    stopQueue: () => queue.close(),
    resumeQueue() {
      if (queue.closed) queue = openQueue();
    },
    async close() {
      // First the queue: its requests in flight still need the gateway (and the demo sandbox).
      await queue.close();
      audit.close();
      connectivity.close();
      await sandbox?.close();
    },
  };
  return opened;
}
