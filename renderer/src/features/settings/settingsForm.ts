import type { z } from 'zod';
import {
  accountKindOf,
  accountSettingsSchema,
  bridgeOperations,
  chainRoleOf,
  isErrorCode,
  type BridgeInput,
  type BridgeIssue,
  type EnvironmentId,
  type EnvironmentPreset,
  type AccountKind,
  type AccountSettings,
  type ChainRole,
  type ErrorText,
  type Settings,
} from '../../../../shared/bridge';

/**
 * Which accounts the terminal holds: a venue, a shop, or both (the header's switch
 * swaps them; `active` is the one in use).
 */
export type AccountUse = 'venue' | 'shop' | 'both';

/** What the waiter is typing: text as typed; validated by the bridge's own schemas on Test / Save. */
export interface SettingsForm {
  use: AccountUse;
  /** With both: the one the terminal uses now (the other is the second account). */
  active: AccountKind;
  // ——— The venue ———
  mode: 'demo' | 'account';
  environment: EnvironmentId;
  baseUrl: string;
  imagesUrl: string;
  tenant: string;
  /** The venue's place in a chain, as chosen; null: the mode's default (`shownChainRole`). */
  chainRole: ChainRole | null;
  /** Secrets are never pre-filled: empty means "keep the saved ones". */
  accessToken: string;
  integratorToken: string;
  // ——— The shop ———
  shopMode: 'demo-shop' | 'shop';
  /** The retail host root. */
  shopBaseUrl: string;
  username: string;
  /** Never pre-filled: empty means "keep the saved one". */
  token: string;
  syncEveryMinutes: string;
}

export type FormField = Exclude<keyof SettingsForm, 'mode' | 'use' | 'active' | 'shopMode' | 'chainRole'>;
/**
 * What is wrong with a field: an error code (the bridge's schemas and the main side speak in codes,
 * shared/bridge/errorCodes.ts) or one of the form's own rules. Worded by settingsText.ts.
 */
export type FieldProblem = ErrorText | { local: 'both-tokens' | 'sync-minutes' | 'read-back-failed' };
/** A problem per field, and `form` for what belongs to no single field. */
export type FieldErrors = Partial<Record<FormField | 'form', FieldProblem>>;

export const EMPTY_FORM: SettingsForm = {
  use: 'venue',
  active: 'venue',
  mode: 'demo',
  environment: 'custom',
  baseUrl: '',
  imagesUrl: '',
  tenant: '',
  chainRole: null,
  accessToken: '',
  integratorToken: '',
  shopMode: 'demo-shop',
  shopBaseUrl: '',
  username: '',
  token: '',
  syncEveryMinutes: '15',
};

/** The saved venue and shop, wherever each is (current or second account). */
export function accountsOf(settings: Settings): { venue: AccountSettings | null; shop: AccountSettings | null } {
  const both = [settings.account, settings.secondary ?? null];
  return {
    venue: both.find((a) => a !== null && accountKindOf(a) === 'venue') ?? null,
    shop: both.find((a) => a !== null && accountKindOf(a) === 'shop') ?? null,
  };
}

export function formFromSettings(settings: Settings, environments: EnvironmentPreset[]): SettingsForm {
  const { venue, shop } = accountsOf(settings);
  const active = accountKindOf(settings.account);
  const use: AccountUse = venue && shop ? 'both' : active;
  const shopFields: Partial<SettingsForm> =
    shop?.mode === 'shop' ? { shopMode: 'shop', shopBaseUrl: shop.baseUrl, username: shop.username } : { shopMode: 'demo-shop' };
  return { ...venueForm({ ...settings, account: venue ?? { mode: 'demo' } }, environments), ...shopFields, use, active };
}

function venueForm(settings: Settings, environments: EnvironmentPreset[]): SettingsForm {
  const syncEveryMinutes = String(settings.syncEveryMinutes);
  const { account } = settings;
  if (account.mode === 'account') {
    return {
      ...EMPTY_FORM,
      mode: 'account',
      environment: account.environment,
      baseUrl: account.baseUrl,
      imagesUrl: account.imagesUrl,
      tenant: account.tenant,
      chainRole: account.chainRole ?? null,
      syncEveryMinutes,
    };
  }
  // On the demo venue: a real account would start from the first environment this build knows.
  const known = environments.find((env) => env.baseUrl !== null);
  const demo = { ...EMPTY_FORM, chainRole: account.mode === 'demo' ? (account.chainRole ?? null) : null, syncEveryMinutes };
  return known ? chooseEnvironment(demo, known.id, environments) : demo;
}

/** The chain role a venue mode starts with when chosen: the one saved for that mode, else none chosen (its default). */
export function chainRoleForMode(mode: SettingsForm['mode'], saved: Settings | null): ChainRole | null {
  const venue = saved ? accountsOf(saved).venue : null;
  return venue !== null && (venue.mode === 'demo' || venue.mode === 'account') && venue.mode === mode ? (venue.chainRole ?? null) : null;
}

/** The chain role the form shows: the one chosen, else the mode's default (the demo venue is the sandbox chain's master). */
export function shownChainRole(form: Pick<SettingsForm, 'mode' | 'chainRole'>): ChainRole {
  return form.chainRole ?? (form.mode === 'demo' ? chainRoleOf({ mode: 'demo' }) : 'none');
}

/** Picking an environment fills its addresses when this build knows them; Custom keeps what is typed. */
export function chooseEnvironment(form: SettingsForm, id: EnvironmentId, environments: EnvironmentPreset[]): SettingsForm {
  const preset = environments.find((env) => env.id === id);
  const next = { ...form, environment: id };
  if (!preset || id === 'custom') return next;
  return {
    ...next,
    baseUrl: preset.baseUrl ?? '',
    imagesUrl: preset.imagesUrl ?? '',
  };
}

type Built<T> = { ok: true; input: T } | { ok: false; errors: FieldErrors };

/** The account the terminal uses (`account`) and the second one, if any. */
export function primaryKind(form: SettingsForm): AccountKind {
  return form.use === 'both' ? form.active : form.use;
}

function shopAccountOf(form: SettingsForm) {
  if (form.shopMode === 'demo-shop') return { mode: 'demo-shop' as const };
  return { mode: 'shop' as const, baseUrl: form.shopBaseUrl.trim(), username: form.username.trim() };
}

/** The shop's token: typed (replace the saved one) or empty (keep it). */
function shopSecretsOf(form: SettingsForm): { token: string } | undefined {
  const token = form.token.trim();
  return form.shopMode === 'shop' && token ? { token } : undefined;
}

/** A shop's fields on the form (its schema paths say `baseUrl`, the form `shopBaseUrl`). */
const SHOP_FIELDS: Record<string, FormField> = { baseUrl: 'shopBaseUrl', username: 'username', token: 'token', environment: 'shopBaseUrl' };

function accountOf(form: SettingsForm) {
  // The chain role is saved only when chosen (absent, chainRoleOf reads the mode's default).
  const chainRole = form.chainRole !== null ? { chainRole: form.chainRole } : {};
  if (form.mode === 'demo') return { mode: 'demo' as const, ...chainRole };
  const baseUrl = form.baseUrl.trim();
  return {
    mode: 'account' as const,
    environment: form.environment,
    baseUrl,
    // Left empty: the image storage is the server itself (as the sandbox serves it).
    imagesUrl: form.imagesUrl.trim() || baseUrl,
    tenant: form.tenant.trim(),
    ...chainRole,
  };
}

/** Tokens go together: both (replace the saved ones) or neither (keep them). */
function secretsOf(form: SettingsForm): { secrets?: { accessToken: string; integratorToken: string }; errors: FieldErrors } {
  if (form.mode === 'demo') return { errors: {} };
  const accessToken = form.accessToken.trim();
  const integratorToken = form.integratorToken.trim();
  if (accessToken && integratorToken) return { secrets: { accessToken, integratorToken }, errors: {} };
  if (!accessToken && !integratorToken) return { errors: {} };
  const missing = accessToken ? 'integratorToken' : 'accessToken';
  return { errors: { [missing]: { local: 'both-tokens' } } };
}

function syncMinutesOf(form: SettingsForm): { value: number; error?: FieldProblem } {
  const text = form.syncEveryMinutes.trim();
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > 1440) return { value, error: { local: 'sync-minutes' } };
  return { value };
}

/** Each account's own problems, on its own fields (a shop's `baseUrl` is `shopBaseUrl`). */
function accountErrors(kind: AccountKind, account: unknown): FieldErrors {
  const parsed = accountSettingsSchema.safeParse(account);
  if (parsed.success) return {};
  const errors = fieldErrorsFromIssues(parsed.error);
  if (kind === 'venue') return errors;
  const mapped: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = SHOP_FIELDS[String(issue.path.at(-1))] ?? 'form';
    mapped[field] ??= problemOf(issue.message, issue.path.join('.'));
  }
  return mapped;
}

export function buildSaveInput(form: SettingsForm): Built<BridgeInput<'saveSettings'>> {
  const minutes = syncMinutesOf(form);
  const venueUsed = form.use !== 'shop';
  const shopUsed = form.use !== 'venue';
  const { secrets: venueSecrets, errors: secretErrors } = venueUsed ? secretsOf(form) : { secrets: undefined, errors: {} };
  const venue = venueUsed ? accountOf(form) : null;
  const shop = shopUsed ? shopAccountOf(form) : null;
  const shopSecrets = shopUsed ? shopSecretsOf(form) : undefined;
  const primaryIsShop = primaryKind(form) === 'shop';
  const [account, secondary] = primaryIsShop ? [shop, venue] : [venue, shop];
  const [secrets, secondarySecrets] = primaryIsShop ? [shopSecrets, venueSecrets] : [venueSecrets, shopSecrets];
  const candidate = {
    account,
    ...(secondary ? { secondary } : {}),
    syncEveryMinutes: minutes.value,
    ...(secrets ? { secrets } : {}),
    ...(secondarySecrets ? { secondarySecrets } : {}),
  };
  const parsed = bridgeOperations.saveSettings.input.safeParse(candidate);
  const errors: FieldErrors = {
    ...(venue ? accountErrors('venue', venue) : {}),
    ...(shop ? accountErrors('shop', shop) : {}),
    ...secretErrors,
  };
  if (minutes.error) errors.syncEveryMinutes = minutes.error;
  if (!parsed.success && Object.keys(errors).length === 0) Object.assign(errors, fieldErrorsFromIssues(parsed.error));
  return Object.keys(errors).length === 0 && parsed.success ? { ok: true, input: candidate as BridgeInput<'saveSettings'> } : { ok: false, errors };
}

/** The connection test of one of the form's accounts (default: the one the terminal uses). */
export function buildTestInput(form: SettingsForm, kind: AccountKind = primaryKind(form)): Built<BridgeInput<'testConnection'>> {
  if (kind === 'shop') {
    const shop = shopAccountOf(form);
    const token = shopSecretsOf(form);
    const candidate = { account: shop, ...(token ? { secrets: token } : {}) };
    const parsed = bridgeOperations.testConnection.input.safeParse(candidate);
    const errors = accountErrors('shop', shop);
    return Object.keys(errors).length === 0 && parsed.success ? { ok: true, input: candidate as BridgeInput<'testConnection'> } : { ok: false, errors };
  }
  const { secrets, errors: secretErrors } = secretsOf(form);
  const candidate = { account: accountOf(form), ...(secrets ? { secrets } : {}) };
  const parsed = bridgeOperations.testConnection.input.safeParse(candidate);
  const errors: FieldErrors = { ...(parsed.success ? {} : fieldErrorsFromIssues(parsed.error)), ...secretErrors };
  return Object.keys(errors).length === 0 && parsed.success ? { ok: true, input: candidate as BridgeInput<'testConnection'> } : { ok: false, errors };
}

/** Where a schema path belongs on the form (`account.baseUrl` → baseUrl, `secrets.accessToken` → accessToken). */
export function fieldOfPath(path: readonly PropertyKey[] | string): FormField | 'form' {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  const last = parts.at(-1);
  const fields: FormField[] = ['environment', 'baseUrl', 'imagesUrl', 'tenant', 'accessToken', 'integratorToken', 'syncEveryMinutes', 'username', 'token'];
  return fields.find((field) => field === last) ?? 'form';
}

/** A schema message is an error code (shared/bridge/schemas.ts); any other (zod's own) names the field only. */
function problemOf(message: string, fields: string): FieldProblem {
  return isErrorCode(message) ? { code: message } : { code: 'invalid-input', params: { operation: 'settings', fields } };
}

export function fieldErrorsFromIssues(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = fieldOfPath(issue.path);
    errors[field] ??= problemOf(issue.message, issue.path.join('.'));
  }
  return errors;
}

/**
 * The bridge's refusal names each bad field in its `issues` (path and code): each problem goes next
 * to its field. An error without issues (e.g. `tokens-missing`) belongs to the whole form.
 */
export function fieldErrorsFromBridgeError(error: ErrorText & { issues?: readonly BridgeIssue[] | undefined }): FieldErrors {
  const whole: FieldProblem = { code: error.code, ...(error.params ? { params: error.params } : {}) };
  if (!error.issues || error.issues.length === 0) return { form: whole };
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    errors[fieldOfPath(issue.path)] ??= { code: issue.code, ...(issue.params ? { params: issue.params } : {}) };
  }
  return errors;
}

function originOrNull(url: string): string | null {
  try {
    return new URL(url.trim()).origin;
  } catch {
    return null;
  }
}

/**
 * What the token fields say about the saved tokens: kept (`saved`); saved for
 * another server only, so they must be typed again (`other-server`); or unreadable (`damaged`).
 */
export type TokenHint = { tone: 'saved' } | { tone: 'other-server'; savedOrigin: string | null } | { tone: 'damaged'; problem: ErrorText };

/** The shop's token field: kept when one is saved for the same server and username. */
export function savedShopTokenHint(form: SettingsForm, saved: Settings | null, hasToken: boolean): TokenHint | undefined {
  if (form.shopMode !== 'shop' || !hasToken || !saved) return undefined;
  const shop = accountsOf(saved).shop;
  if (shop?.mode !== 'shop' || shop.username !== form.username.trim()) return undefined;
  const typedOrigin = originOrNull(form.shopBaseUrl);
  if (typedOrigin === null) return undefined;
  return typedOrigin === originOrNull(shop.baseUrl) ? { tone: 'saved' } : { tone: 'other-server', savedOrigin: originOrNull(shop.baseUrl) };
}

export function savedTokensHint(form: SettingsForm, saved: Settings | null, hasSecrets: boolean, secretsProblem: ErrorText | null): TokenHint | undefined {
  if (form.mode !== 'account') return undefined;
  if (secretsProblem) return { tone: 'damaged', problem: secretsProblem };
  if (!hasSecrets || saved?.account.mode !== 'account' || form.tenant.trim() !== saved.account.tenant) return undefined;
  const savedOrigin = originOrNull(saved.account.baseUrl);
  const typedOrigin = originOrNull(form.baseUrl);
  if (typedOrigin === null) return undefined;
  if (typedOrigin !== savedOrigin) return { tone: 'other-server', savedOrigin };
  return { tone: 'saved' };
}
