import { z } from 'zod';
import { catalogResources, catalogWriteRequests, notShown, type CatalogSegment, type CatalogWire } from '../../../shared/api';
import { coded, describeZodError } from '../../../shared/bridge';
import { GatewayError, positiveId } from './errors';
import { createRateLimiter, type RequestPriority } from './limiter';
import { MAX_PAGE_SIZE, walkPages, type PageOf } from './pagination';
import { createTransport, type HttpMethod, type RequestSpec } from './transport';
import type { GatewayOptions, PageOptions, Paginated, CatalogCalls, CatalogGateway } from './types';

// The gateway's requests: the schema check before sending, ids, one v2 call, pages and walks, and
// the catalog's calls per segment (spec §4.1–4.3).

export const V2 = 'api/external/v2';
export const ignoreBody = z.unknown().transform((): void => undefined);

/** Flow's `result: false` messages that mean the credentials in `auth` were refused. */
export const FLOW_AUTH_FAILURE = /authenticat|unauthori[sz]ed|credential|invalid (access )?token|unknown tenant/i;

export function gatewayRequests(options: GatewayOptions) {
  const limiter = options.limiter ?? createRateLimiter(options.requestsPerMinute ? { requestsPerMinute: options.requestsPerMinute } : {});
  const transport = createTransport({
    baseUrl: options.baseUrl,
    secrets: options.secrets,
    timeoutMs: options.timeoutMs,
    limiter,
    onReachability: options.onReachability,
    fetch: options.fetch,
    maxRequestBytes: options.maxRequestBytes,
    maxRetryAfterMs: options.maxRetryAfterMs,
  });

  const expectContinue = options.expectContinue ?? options.fetch === undefined;

  /** Checks what we are about to send against its request schema: a bad request never leaves. */
  function checked<S extends z.ZodType>(schema: S, value: unknown, endpoint: string): z.output<S> {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const detail = describeZodError(endpoint, parsed.error);
      throw new GatewayError({
        kind: 'invalid',
        code: 'request-invalid',
        endpoint,
        text: coded('request-invalid'),
        body: detail,
      });
    }
    return parsed.data;
  }

  function v2<S extends z.ZodType>(
    method: HttpMethod,
    path: string,
    endpoint: string,
    response: S,
    extra: Partial<RequestSpec<S>> & { priority?: RequestPriority | undefined } = {},
  ): Promise<z.output<S>> {
    return transport.send({
      method,
      path: `${V2}/${path}`,
      endpoint: `${method} ${endpoint}`,
      credentials: 'headers',
      response,
      write: method !== 'GET',
      ...extra,
      priority: extra.priority ?? 'interactive',
    });
  }

  function pageParams(page: number, perPage = MAX_PAGE_SIZE): Record<string, number> {
    return { page, pagination: Math.min(Math.max(1, Math.trunc(perPage)), MAX_PAGE_SIZE) };
  }

  /** GET of a paginated list, one page. */
  function getPage<S extends z.ZodType>(path: string, endpoint: string, schema: S, page: number, options: PageOptions = {}) {
    return v2('GET', path, endpoint, schema, { searchParams: pageParams(page, options.perPage), priority: options.priority });
  }

  /** Every page of a list, `perPage` a page (spec §4.1: 200, rooms 20), via the checking walker. */
  function getAll<T>(endpoint: string, fetchPage: (page: number) => Promise<PageOf<T>>, perPage = MAX_PAGE_SIZE): Promise<T[]> {
    return walkPages({ endpoint: `GET ${endpoint}`, perPage }, fetchPage);
  }

  function catalogCalls<S extends CatalogSegment>(segment: S): CatalogCalls<S> {
    const resource = catalogResources[segment];
    const requests = catalogWriteRequests[segment];
    const record = resource.record as unknown as z.ZodType<CatalogWire<S>>;
    const page = resource.page as unknown as z.ZodType<Paginated<CatalogWire<S>>>;
    const path = `catalog/${segment}`;
    const one = (p: number, o?: PageOptions) => getPage(path, path, page, p, o);
    return {
      list: async (o) => getAll(path, (p) => one(p, o)),
      page: one,
      get: async (id, o) => v2('GET', `${path}/${positiveId(id, `GET ${path}/{id}`, 'Record')}`, `${path}/{id}`, record, { priority: o?.priority }),
      async create(input, o) {
        const body = checked(requests.create, input, `POST ${path}`);
        return v2('POST', path, path, notShown(record), { body, priority: o?.priority });
      },
      async update(input, o) {
        const body = checked(requests.update, input, `POST ${path} (update)`);
        return v2('POST', path, `${path} (update)`, notShown(record), { body, priority: o?.priority });
      },
      async writeMany(entries, o) {
        const body = checked(requests.batch, { [segment]: entries }, `POST ${path} (${segment}[])`);
        return v2('POST', path, `${path} (${segment}[])`, notShown(z.array(record)), { body, priority: o?.priority });
      },
      async delete(id, o) {
        await v2('DELETE', `${path}/${positiveId(id, `DELETE ${path}/{id}`, 'Record')}`, `${path}/{id}`, ignoreBody, {
          priority: o?.priority,
        });
      },
    };
  }

  const catalog = Object.fromEntries((Object.keys(catalogResources) as CatalogSegment[]).map((segment) => [segment, catalogCalls(segment)])) as CatalogGateway;
  return { limiter, transport, expectContinue, checked, positiveId, v2, getPage, getAll, catalog };
}
export type GatewayRequests = ReturnType<typeof gatewayRequests>;
