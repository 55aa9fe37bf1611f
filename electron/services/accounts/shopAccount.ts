import type { AccountSettings } from '../../../shared/bridge';
import { createBridgeHandlers } from '../bridge/handlers';
import { delegatingQueueHandlers } from '../queue/service';
import { createRetailGateway, RETAIL_CATALOG_PER_MINUTE, type RetailAccountLimiters, type RetailGateway } from '../retail';
import { deliverRetail } from '../retail/delivery';
import { createShopHandlers } from '../retail/shopHandlers';
import { createShopWebhooks } from '../retail/webhooks/service';
import { originOf, type ShopBinding, type ShopCredentialsVault, type WebhookSecretVault } from '../secrets/vault';
import { accountKeyOf, normaliseUrl, type SettingsStore } from '../settings/settings';
import { shopAccountVault, unavailableWebhookVault } from '../settings/vaultPolicy';
import type { RunningDemo } from './demo';
import type { LiveAccount } from './registry';
import { accountPlumbing, APP_VERSION, currentOnly, type AccountServices } from './services';

/** What only a shop needs: its vault slots, its budgets (retail §8) and where its webhook settings live. */
export interface ShopDeps {
  readonly shopVault: ShopCredentialsVault;
  /** The shop's webhook secret; absent: no secret can be kept, every delivery is refused. */
  readonly webhookVault?: WebhookSecretVault | undefined;
  /** The shops' budgets, per account for the life of the process. */
  readonly retailLimiters: RetailAccountLimiters;
  /** The catalog budget the renderer paces its sync by (default retail §8's 40). */
  readonly catalogPerMinute?: number | undefined;
  readonly settingsStore: Pick<SettingsStore, 'shopWebhooks' | 'saveShopWebhooks'>;
}

type ShopSettings = Extract<AccountSettings, { mode: 'demo-shop' | 'shop' }>;

/** Where a shop's server is, and its token: the demo shop's embedded retail sandbox, or a real shop's host and vault slot. */
async function shopServer(services: AccountServices, shop: ShopDeps, account: ShopSettings) {
  if (account.mode === 'demo-shop') {
    // The demo shop: the retail sandbox, started only now that an account uses it.
    const sandbox: RunningDemo = await services.demo.startShop();
    const demo = services.demo.shop;
    services.log(`demo shop: embedded retail sandbox at ${sandbox.url} (username ${demo.username})`);
    return { sandbox, baseUrl: sandbox.url, username: demo.username, token: async (): Promise<string | null> => demo.accessToken };
  }
  const baseUrl = normaliseUrl(account.baseUrl);
  const binding: ShopBinding = { origin: originOf(baseUrl), username: account.username };
  return { sandbox: null, baseUrl, username: account.username, token: async () => (await shop.shopVault.load(binding))?.token ?? null };
}

/**
 * A shop: the retail gateway with its own budgets, connectivity against the retail host, its own
 * queue database (the same queue service), its webhook receiver and the shop's handlers.
 */
export async function openShopAccount(services: AccountServices, shop: ShopDeps, account: ShopSettings): Promise<LiveAccount> {
  const { sandbox, baseUrl, username, token } = await shopServer(services, shop, account);
  const { log, registry } = services;
  const accountKey = accountKeyOf(account);
  const isCurrent = () => registry.current() === opened;
  const { connectivity, openQueue } = accountPlumbing(services, accountKey, baseUrl, isCurrent, (request, context) => deliverRetail(retail, request, context));
  const retail: RetailGateway = createRetailGateway({
    baseUrl,
    username,
    token,
    timeoutMs: services.timeoutMs,
    limiter: shop.retailLimiters.forAccount(accountKey),
    onReachability: (reachable) => connectivity.report(reachable),
  });
  const replaced = registry.current();
  if (replaced !== null && replaced.accountKey === accountKey) await replaced.stopQueue();
  let queue = openQueue();
  // The webhook receiver, listening only when Settings enable it.
  const webhooks = createShopWebhooks({
    dataDir: services.dataDir,
    accountKey,
    username,
    gateway: retail,
    settings: { get: () => shop.settingsStore.shopWebhooks(), save: (next) => shop.settingsStore.saveShopWebhooks(next) },
    vault: shop.webhookVault ?? unavailableWebhookVault(),
    emit: currentOnly(services, isCurrent),
    log,
  });
  // Not awaited: in a switch between two shops the account being replaced still holds the port
  // until it closes, after this one opens (the receiver tries again meanwhile).
  void webhooks.start().catch((error: unknown) => log(`webhooks: cannot start: ${error instanceof Error ? error.message : String(error)}`));
  const handlers = createBridgeHandlers({
    shell: services.shell,
    mode: account.mode === 'demo-shop' ? 'demo' : 'account',
    kind: 'shop',
    accountKey,
    catalogPerMinute: shop.catalogPerMinute ?? RETAIL_CATALOG_PER_MINUTE,
    tenant: username,
    version: APP_VERSION,
    gateway: null,
    // The venue's vault view answers nothing here: a shop's token is in its own slot.
    vault: shopAccountVault(shop.shopVault),
    images: () => null,
    settings: services.settings,
    terminal: services.terminal,
    connection: () => connectivity.state,
    queue: delegatingQueueHandlers(() => queue),
    shop: createShopHandlers({ gateway: retail }),
    webhooks: webhooks.handlers,
  });
  const opened: LiveAccount = {
    account,
    accountKey,
    tenant: username,
    imagesUrl: baseUrl,
    sandbox,
    gateway: null,
    handlers,
    connectivity,
    stopQueue: () => queue.close(),
    resumeQueue() {
      if (queue.closed) queue = openQueue();
    },
    async close() {
      await webhooks.close();
      await queue.close();
      connectivity.close();
      await sandbox?.close();
    },
  };
  return opened;
}
