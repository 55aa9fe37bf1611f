import { z } from 'zod';

// What went wrong, as a code with parameters. The main side never builds a
// sentence for a waiter: it says which code applies and gives the values the words need; the
// renderer words it in the terminal's language (renderer/src/i18n/errorText.ts, namespace
// `errors`, one message per code). `detail` fields stay English: they are for the engineer.
//
// Parameters hold values, never words: host names, HTTP statuses, seconds, table names as the
// venue wrote them. `said` is the vendor's own text (a 4xx validation message, Flow's
// errorMessage), shown as the vendor wrote it after the code's message.

export const errorCodes = [
  // ——— The bridge and the shells ———
  /** {operation} */
  'unknown-operation',
  /** {operation, fields}: the input failed its schema; `fields` lists the paths, the detail says why. */
  'invalid-input',
  /** {operation}: an unexpected failure on the main side (the detail has it). */
  'internal',
  /** {operation}: an answer that does not fit its schema. */
  'invalid-result',
  /** An IPC call from a frame that is not the terminal's window. */
  'forbidden-frame',
  /** The browser shell refused the page (stale secret, another origin). */
  'page-not-accepted',
  /** The Electron main process did not take the call. */
  'main-not-answering',
  /** The browser shell's local service did not answer. */
  'local-service-not-answering',
  /** The browser shell answered something the page cannot read. */
  'local-service-bad-answer',
  /** The browser shell refused a malformed bridge request (not JSON, too large, bad path): the detail says which. */
  'bridge-request-invalid',
  /** A call for an account that is no longer the current one: nothing was done. */
  'wrong-account',
  /** The account changed while a read ran: it is read again for the new account. */
  'account-switched',
  /** The account changed while a queue write ran: nothing was saved. */
  'queue-closed',
  'queue-unavailable',
  'settings-unavailable',
  /**
   * A guarded operation (shared/bridge/access.ts) without a valid PIN grant, or while the terminal
   * is locked: nothing was done.
   */
  'pin-required',
  /** A setting, a preference or the PIN could not be written (disk full, read-only): nothing changed. */
  'file-not-saved',
  /** The count of wrong PINs cannot be saved (disk full, read-only): no PIN is checked until it can. */
  'pin-tries-not-saved',

  // ——— Credentials and the vault ———
  'demo-needs-no-tokens',
  /** {savedOrigin, origin} */
  'tokens-for-other-server',
  /** {tenant, origin} */
  'tokens-missing',
  /** {tenant}: the connection test has no tokens to try. */
  'tokens-not-entered',
  'vault-damaged',
  /** The OS keyring cannot encrypt here (the detail names why). */
  'vault-no-encryption',
  /** Linux without a keyring: Chromium's basic_text backend, no better than plain text. */
  'vault-plain-text',
  'no-credentials',
  /** {said?} */
  'credentials-refused',
  /** {said?}: the connection test names the credential the server blamed. */
  'access-token-refused',
  'integrator-token-refused',
  'tenant-refused',

  // ——— Photos ———
  'photos-no-account',
  'photos-cannot-save',

  // ——— Vendor calls (electron/services/gateway) ———
  'offline',
  'offline-nothing-sent',
  'timeout',
  'timeout-write',
  'connection-broke-write',
  'response-not-json',
  'response-unexpected-shape',
  'response-unreadable-write',
  /** {sizeKb, limitKb} */
  'request-too-large',
  /** Our own check of a request refused it before sending (the detail names the fields). */
  'request-invalid',
  /** {id} */
  'invalid-id',
  'stocks-need-warehouse',
  /** {endpoint} */
  'pages-do-not-add-up',
  /** {endpoint, limit}: the server's list runs to more than `limit` pages (gateway/pagination.ts MAX_PAGES_PER_LIST). */
  'list-too-long',
  /** {location} */
  'server-redirected',
  /** {said?} */
  'not-found-on-server',
  /** {endpoint} */
  'endpoint-missing',
  /** {said?} */
  'refused-too-large',
  /** {seconds} */
  'rate-limited-wait',
  'rate-limited',
  /** {status} */
  'server-failed-write',
  /** {status, said?} */
  'server-error',
  /** {status, said?} */
  'server-rejected',
  /** {said?}: Flow `result: false`. */
  'order-refused',
  /** Anything else a vendor call threw (the detail has it). */
  'gateway-failed',

  // ——— Delivering an order (electron/services/queue/delivery.ts, stored with the entry) ———
  /** {seconds} */
  'order-slow-down-wait',
  'order-slow-down',
  'order-offline',
  'order-credentials-unreadable',
  /** {said?} */
  'order-credentials-refused',
  /** {location} */
  'order-redirected',
  'order-no-endpoint',
  /** {said?} */
  'order-table-busy',
  /** {said?} */
  'order-confirmed-by-open-order',
  /** {status} */
  'order-server-problem',
  /** {seconds} */
  'order-server-unavailable-wait',
  'order-server-unavailable',
  'order-unconfirmed',
  'order-send-failed',
  'order-interrupted',
  'order-delivery-crashed',
  /** {text}: an error stored before errors were codes (queue rows, the old browser outbox): its English words as they were. */
  'legacy',

  // ——— The queue (electron/services/queue) ———
  'queue-cannot-save',
  'queue-open-failed',
  'queue-storage',
  'entry-not-in-queue',
  /** The account's queue took the old outbox's hand-off already: it takes no other. */
  'queue-import-closed',
  /** The entry changed meanwhile (another window, the dispatcher): the detail says how. */
  'entry-changed',
  'seating-not-in-conflict',
  /** A refused seating carrying a deposit and no items: sent as a round the deposit would have nothing to go with. */
  'prepayment-needs-free-table',
  'choose-a-table',
  'table-chosen-twice',
  'service-gone',
  'table-cleared',
  /** {count, tables}: tables as the venue named them, joined with " + ". */
  'tables-just-seated',
  /** {count, tables} */
  'tables-already-seated',
  /** A request the bridge let through but that cannot be right: the window's code is wrong (the detail says how). */
  'order-not-saved',

  // ——— The connection test (electron/services/connection/connectionTest.ts) ———
  /** {server, images}: host names. */
  'addresses-ok',
  /** {value} */
  'server-address-not-url',
  /** {scheme} */
  'server-address-scheme',
  'server-address-userinfo',
  'server-address-query',
  /** {host, path} */
  'server-address-not-root',
  /** {value} */
  'images-address-not-url',
  /** {scheme} */
  'images-address-scheme',
  'images-address-userinfo',
  'images-address-query',
  /** {host, seconds} */
  'host-no-answer',
  /** {host, cause}: `cause` is one of networkCauses, or an error's own text. */
  'host-unreachable',
  /** {host, status} */
  'host-answered',
  /** {tenant} */
  'credentials-accepted',
  'no-credentials-asked',
  /** {path} */
  'api-missing',
  /** {status, said?} */
  'api-unexpected-status',
  'api-not-json',
  'api-wrong-shape',
  /** {location, status} */
  'api-redirects',
  /** {count} */
  'payment-methods-read',
  /** {host, status} */
  'images-server-problem',

  // ——— Fields (zod messages of the bridge's input schemas, worded next to the field) ———
  'field-required',
  'field-empty',
  'field-too-long',
  'tenant-characters',
  'address-not-url',
  'address-scheme',
  'address-needs-https',
  /** A terminal PIN is 4 to 8 digits. */
  'pin-format',

  // ——— The renderer's own failures (catalog sync, outbox client) ———
  'sync-unreadable-data',
  'sync-local-service-failed',
  'sync-inconsistent',
  'sync-storage',
  'sync-aborted',
  'sync-local-read-failed',
  /** {phone}: as typed. */
  'phone-digits',
  /** {phone} */
  'phone-too-long',
  /** The request built for an order does not fit its schema (the detail says where). */
  'order-malformed',
  /** {lines}: the names of the lines that cannot be sent as they are (the detail says why). */
  'ticket-lines-invalid',
  'ticket-empty',
  'payment-zero',
  /** {payment, total}: euros (numbers), worded as money. */
  'payment-over-total',
  'tip-negative',
  'menu-not-here',
  /** {min, max} */
  'guests-range',
  'customer-needs-name',
  'takeaway-needs-name',
  'delivery-needs-phone',
  'delivery-needs-address',

  // ——— Gift cards ———
  /** {said?}: the POS refused to create the card (HTTP 422): the vendor's words say why. */
  'gift-card-refused',

  // ——— The queue's payments, gift card redeems and customers (electron/services/queue) ———
  /** {said?}: the POS refused to discount the card (HTTP 422: balance, unknown card): the vendor's words say why. */
  'gift-card-redeem-refused',
  /** {leftCents, left}: the payment is more than what is left to pay now (`left` in euros, for the words). */
  'payment-more-than-left',
  /** {leftCents, left}: the discount is more than what is left of the check it applies to. */
  'discount-more-than-left',
  /** The gift card's redeem was refused or discarded: its payment was not recorded (it goes with it). */
  'payment-card-not-charged',
  /** The bill's discount changed in another window since this payment was prepared. */
  'bill-discount-changed',
  // ——— Venue and shop accounts (settings, electron/services/core.ts) ———
  /** A venue's operation asked of a shop account (the floor, the venue's catalog, tables). */
  'not-a-venue',
  /** A shop's operation asked of a venue account (the till). */
  'not-a-shop',
  /** Shop sales are queued but this version does not deliver them yet (nothing was sent). */
  'shop-sales-not-delivered',
  /** A shop username with other characters. */
  'username-characters',
  /** The second account must be of the other kind (a venue beside a shop, or a shop beside a venue). */
  'secondary-same-kind',
  /** {username, origin}: no token typed and none saved for this shop's server and username. */
  'shop-token-missing',
  /** {username}: the retail service accepted the username and token (connection test). */
  'shop-credentials-accepted',
  /** {path}: the server has no retail API there (HTTP 404). */
  'shop-api-missing',
  /** A token typed for a venue given to a shop, or the other way round. */
  'secrets-wrong-kind',
  /** {server}: the shop's address reads well (connection test). */
  'shop-address-ok',
  // ——— Shop sales through the queue (electron/services/retail/delivery.ts) ———
  /** An invoice whose sale has no order id on this terminal (marked done by a person): not sent. */
  'invoice-order-unknown',
  /** An invoice sent again after an unconfirmed attempt: the shop said the order is already invoiced, so that attempt arrived. */
  'invoice-confirmed-by-already-invoiced',
  // ——— The shop's webhook receiver (electron/services/retail/webhooks) ———
  /** The receiver's address is not an IPv4 address, `::` or `::1`. */
  'webhook-host-invalid',
  /** The receiver's port is not a whole number from 0 to 65535. */
  'webhook-port-invalid',
  /** {host, port}: another program already listens there. */
  'webhook-port-in-use',
  /** {host, port, cause}: the receiver could not listen there (cause: the system's code). */
  'webhook-listen-failed',
  /** Enabled without a secret saved: every delivery is refused until one is typed. */
  'webhook-secret-missing',
] as const;

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (errorCodes as readonly string[]).includes(value);
}

/**
 * Network failures the connection test names (the first error code in a failure's cause chain):
 * `host-unreachable`'s `cause`, worded by the renderer as `errors:cause-<code>`.
 */
export const networkCauses = [
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
] as const;
export type NetworkCause = (typeof networkCauses)[number];

export function isNetworkCause(value: unknown): value is NetworkCause {
  return typeof value === 'string' && (networkCauses as readonly string[]).includes(value);
}

export const errorParamsSchema = z.record(z.string().regex(/^[a-z][A-Za-z0-9]{0,39}$/), z.union([z.string().max(2_000), z.number().finite()]));
export type ErrorParams = z.infer<typeof errorParamsSchema>;

/** The two fields every waiter-facing error carries in place of a sentence. */
export const errorTextShape = { code: errorCodeSchema, params: errorParamsSchema.optional() };

export const errorTextSchema = z.strictObject(errorTextShape);
export type ErrorText = z.infer<typeof errorTextSchema>;

/** `{ code, params }` without the parameters that are undefined (an empty `params` is left out). */
export function coded(code: ErrorCode, params?: Record<string, string | number | undefined>): ErrorText {
  const kept = Object.entries(params ?? {}).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  return kept.length > 0 ? { code, params: Object.fromEntries(kept) } : { code };
}

/** `said` of an error: the vendor's own text when it gave one (empty or missing: none). */
export function saidParam(said: string | null | undefined): { said?: string } {
  const text = said?.trim();
  return text ? { said: text.slice(0, 1_000) } : {};
}

/**
 * An error stored before errors were codes (`{ …, message: "words" }`) as it reads now:
 * `legacy` with the old words as its `text`. Anything else is returned as it was.
 */
export function upgradeLegacyError(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  if (!('message' in record) || 'code' in record) return value;
  const { message, ...rest } = record;
  return { ...rest, code: 'legacy', params: { text: typeof message === 'string' ? message.slice(0, 2_000) : String(message) } };
}
