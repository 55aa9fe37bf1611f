import ky, { HTTPError, type KyInstance } from 'ky';
import type { z } from 'zod';
import { paymentMethodsResponse, roomsPage, type PaymentMethodWire, type RoomWire } from '../../../shared/api';
import { describeZodError } from '../../../shared/bridge';
import type { AccountSecrets } from '../vault';
import { GatewayError, toGatewayError } from './errors';
import { walkPages } from './pagination';

export interface GatewayOptions {
  /** Host root; the paths of spec §4 are appended. */
  baseUrl: string;
  /** Read at every call, so saved credentials take effect without a restart. */
  secrets: () => Promise<AccountSecrets | null>;
  timeoutMs: number;
  /** Told whether the server answered at all (any HTTP status) or could not be reached. */
  onReachability?: (reachable: boolean) => void;
  fetch?: typeof fetch;
}

/** A typed call per vendor endpoint; failures are GatewayErrors (see errors.ts). */
export interface Gateway {
  /** spec: hospitality 4.2 — every room with its tables, all pages. */
  listRooms(): Promise<RoomWire[]>;
  /** spec: hospitality 4.2 */
  listPaymentMethods(): Promise<PaymentMethodWire[]>;
}

export function createGateway(options: GatewayOptions): Gateway {
  const v2: KyInstance = ky.create({
    baseUrl: `${options.baseUrl.replace(/\/+$/, '')}/api/external/v2/`,
    timeout: options.timeoutMs,
    // Retries are decided by our callers (sync, outbox), never behind their back.
    retry: 0,
    throwHttpErrors: true,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  async function authHeaders(endpoint: string): Promise<Record<string, string>> {
    const secrets = await options.secrets();
    if (!secrets) {
      throw new GatewayError({
        kind: 'unauthorised',
        endpoint,
        message: 'No credentials are saved for this account: enter the tenant, access token and integrator token.',
      });
    }
    // spec: hospitality 5 — headers of v2, catalog and loyalty calls.
    return {
      tenant: secrets.tenant,
      authorization: `Bearer ${secrets.accessToken}`,
      'client-token': secrets.integratorToken,
      accept: 'application/json',
    };
  }

  async function getJson<S extends z.ZodType>(
    path: string,
    schema: S,
    searchParams?: Record<string, string | number>,
  ): Promise<z.output<S>> {
    const endpoint = `GET ${path}`;
    let body: unknown;
    try {
      const headers = await authHeaders(endpoint);
      body = await v2.get(path, { headers, ...(searchParams ? { searchParams } : {}) }).json();
      options.onReachability?.(true);
    } catch (error) {
      const failure = toGatewayError(error, endpoint, false);
      if (error instanceof HTTPError || failure.kind === 'invalid-response') options.onReachability?.(true);
      else if (failure.kind === 'offline' || failure.kind === 'timeout') options.onReachability?.(false);
      throw failure;
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new GatewayError({
        kind: 'invalid-response',
        endpoint,
        message: 'The server sent data in an unexpected shape; nothing was changed on this terminal.',
        body: describeZodError(endpoint, parsed.error),
      });
    }
    return parsed.data;
  }

  return {
    listRooms: () => walkPages((page) => getJson('rooms', roomsPage, { withTables: 1, page })),
    listPaymentMethods: () => getJson('paymentMethods', paymentMethodsResponse),
  };
}
