/** A demo server a shell started on a free loopback port: where it answers, and how to stop it. */
export interface RunningDemo {
  /** Base URL, e.g. http://127.0.0.1:51234. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The embedded sandboxes behind the demo venue and the demo shop (ARCHITECTURE §6). The shells pass
 * them in (electron/sandbox/demo.ts): electron/services knows their contract, never their code.
 * Each is started when an account uses it and stopped with that account.
 */
export interface DemoSandboxes {
  /** The demo venue's public tokens (the sandbox's demo account). */
  readonly venue: Readonly<{ tenant: string; accessToken: string; integratorToken: string }>;
  /** The demo shop's public username and token. */
  readonly shop: Readonly<{ username: string; accessToken: string }>;
  /** The demo venue sandbox's own request limit per minute (our budget matches it); undefined: the default. */
  readonly venueRequestsPerMinute?: number | undefined;
  startVenue(): Promise<RunningDemo>;
  startShop(): Promise<RunningDemo>;
}
