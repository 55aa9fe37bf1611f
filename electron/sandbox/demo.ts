import type { DemoSandboxes } from '../services/accounts/demo';
import { DEMO_ACCOUNT, startSandbox, type StartSandboxOptions } from './index';
import { DEMO_SHOP, startRetailSandbox, type StartRetailSandboxOptions } from './retail';
import { demoShopSeeder } from './retail/seed/demoShop';

export interface DemoSandboxOptions {
  /** The demo venue's sandbox (tests lift its rate limit). */
  venue?: Omit<StartSandboxOptions, 'host' | 'port'>;
  /** The demo shop's retail sandbox (tests lift its limits, shrink its catalog). */
  shop?: Omit<StartRetailSandboxOptions, 'host' | 'port'>;
}

/** The embedded sandboxes as the shells hand them to the core: each on a free loopback port when started. */
export function demoSandboxes(options: DemoSandboxOptions = {}): DemoSandboxes {
  return {
    venue: DEMO_ACCOUNT,
    shop: DEMO_SHOP,
    venueRequestsPerMinute: options.venue?.limits?.requestsPerMinute,
    startVenue: () => startSandbox({ ...options.venue, host: '127.0.0.1', port: 0 }),
    startShop: () => startRetailSandbox({ seed: demoShopSeeder(), ...options.shop, host: '127.0.0.1', port: 0 }),
  };
}
