// Tokens never land in anything stored or shown. A server's error body may echo
// the request — the Flow URL carries the access token in its query (spec 4.7: `message` holds
// `auth.token`) — so every error is scrubbed where it is recorded: GatewayError (gateway/errors.ts),
// bridge errors (dispatcher.ts), delivery outcomes (delivery.ts), connection-test checks and the
// main side's log (core.ts). The secrets are learnt as they are loaded or typed (`rememberSecret`)
// and kept for the life of the process: a token of an account switched away from stays scrubbed.

export const REDACTED = '[redacted]';

/**
 * Shorter values are not scrubbed: no real token is that short, and scrubbing "A" would shred
 * every message. (The bridge schema accepts any non-empty token; the vendor's are long.)
 */
const MIN_SECRET_LENGTH = 4;

const forms = new Set<string>();
let pattern: RegExp | null = null;

/** Every way the secret can appear in an echoed request: raw, JSON-escaped, URL- and form-encoded. */
function formsOf(secret: string): string[] {
  const jsonEscaped = JSON.stringify(secret).slice(1, -1);
  const formEncoded = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);
  return [secret, jsonEscaped, encodeURIComponent(secret), formEncoded(secret), encodeURIComponent(jsonEscaped), formEncoded(jsonEscaped)];
}

/** From now on, `redactSecrets` removes this value (in any of its encodings). */
export function rememberSecret(secret: string | null | undefined): void {
  if (!secret || secret.length < MIN_SECRET_LENGTH) return;
  // Every vendor request remembers its account's tokens: encoding them again each time cost the
  // browser shell ~70 ms of CPU per catalog sync (docs/decisions.md "Catalog sync store rate").
  if (forms.has(secret)) return;
  let added = false;
  for (const form of formsOf(secret)) {
    if (!forms.has(form)) {
      forms.add(form);
      added = true;
    }
  }
  if (added) pattern = null;
}

/** Both tokens of an account (the tenant is not a secret: it is shown in Settings). */
export function rememberAccountSecrets(secrets: { accessToken: string; integratorToken: string } | null | undefined): void {
  if (!secrets) return;
  rememberSecret(secrets.accessToken);
  rememberSecret(secrets.integratorToken);
}

/** The text with every known secret replaced by `[redacted]`. */
export function redactSecrets(text: string): string;
export function redactSecrets(text: string | undefined): string | undefined;
export function redactSecrets(text: string | undefined): string | undefined {
  if (text === undefined || forms.size === 0) return text;
  if (pattern === null) {
    // Longest first, so a raw token inside its own encoded form cannot leave a remnant. Case
    // folded: percent-encodings may come back as %2f or %2F.
    const alternatives = [...forms].sort((a, b) => b.length - a.length).map(escapeRegExp);
    pattern = new RegExp(alternatives.join('|'), 'gi');
  }
  return text.replace(pattern, REDACTED);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
