import type { z } from 'zod';
import {
  bridgeOperations,
  type BridgeInput,
  type EnvironmentId,
  type EnvironmentPreset,
  type Settings,
} from '../../../../shared/bridge';

/** What the waiter is typing: text as typed; validated by the bridge's own schemas on Test / Save. */
export interface SettingsForm {
  mode: 'demo' | 'account';
  environment: EnvironmentId;
  baseUrl: string;
  imagesUrl: string;
  tenant: string;
  /** Secrets are never pre-filled: empty means "keep the saved ones". */
  accessToken: string;
  integratorToken: string;
  syncEveryMinutes: string;
}

export type FormField = Exclude<keyof SettingsForm, 'mode'>;
/** A message per field, and `form` for what belongs to no single field. */
export type FieldErrors = Partial<Record<FormField | 'form', string>>;

export const EMPTY_FORM: SettingsForm = {
  mode: 'demo',
  environment: 'custom',
  baseUrl: '',
  imagesUrl: '',
  tenant: '',
  accessToken: '',
  integratorToken: '',
  syncEveryMinutes: '15',
};

export function formFromSettings(settings: Settings, environments: EnvironmentPreset[]): SettingsForm {
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
      syncEveryMinutes,
    };
  }
  // On the demo venue: a real account would start from the first environment this build knows.
  const known = environments.find((env) => env.baseUrl !== null);
  return known ? chooseEnvironment({ ...EMPTY_FORM, syncEveryMinutes }, known.id, environments) : { ...EMPTY_FORM, syncEveryMinutes };
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

function accountOf(form: SettingsForm) {
  if (form.mode === 'demo') return { mode: 'demo' as const };
  const baseUrl = form.baseUrl.trim();
  return {
    mode: 'account' as const,
    environment: form.environment,
    baseUrl,
    // Left empty: the image storage is the server itself (as the sandbox serves it).
    imagesUrl: form.imagesUrl.trim() || baseUrl,
    tenant: form.tenant.trim(),
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
  return { errors: { [missing]: 'Enter both tokens, or neither to keep the saved ones.' } };
}

function syncMinutesOf(form: SettingsForm): { value: number; error?: string } {
  const text = form.syncEveryMinutes.trim();
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > 1440) return { value, error: 'Enter whole minutes from 1 to 1440.' };
  return { value };
}

export function buildSaveInput(form: SettingsForm): Built<BridgeInput<'saveSettings'>> {
  const minutes = syncMinutesOf(form);
  const { secrets, errors: secretErrors } = secretsOf(form);
  const candidate = { account: accountOf(form), syncEveryMinutes: minutes.value, ...(secrets ? { secrets } : {}) };
  const parsed = bridgeOperations.saveSettings.input.safeParse(candidate);
  const errors: FieldErrors = { ...(parsed.success ? {} : fieldErrorsFromIssues(parsed.error)), ...secretErrors };
  if (minutes.error) errors.syncEveryMinutes = minutes.error;
  return Object.keys(errors).length === 0 && parsed.success ? { ok: true, input: candidate as BridgeInput<'saveSettings'> } : { ok: false, errors };
}

export function buildTestInput(form: SettingsForm): Built<BridgeInput<'testConnection'>> {
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
  const fields: FormField[] = ['environment', 'baseUrl', 'imagesUrl', 'tenant', 'accessToken', 'integratorToken', 'syncEveryMinutes'];
  return fields.find((field) => field === last) ?? 'form';
}

export function fieldErrorsFromIssues(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = fieldOfPath(issue.path);
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The bridge's invalid-input message names each bad field ("saveSettings: account.baseUrl: must
 * be a URL …; syncEveryMinutes: …"): each part goes next to its field.
 */
export function fieldErrorsFromBridgeMessage(message: string): FieldErrors {
  const body = message.replace(/^\w+: /, '');
  const errors: FieldErrors = {};
  for (const part of body.split('; ')) {
    const match = /^([\w.]+|\(input\)): (.+)$/.exec(part);
    const field = match ? fieldOfPath(match[1]!) : 'form';
    const text = match ? match[2]! : part;
    errors[field] = errors[field] ? `${errors[field]} ${text}` : text;
  }
  return errors;
}

/** "the demo venue" / "bar-pepe on pos.example.com": which account a key or settings name. */
export function describeAccount(settings: Settings['account']): string {
  if (settings.mode === 'demo') return 'the demo venue';
  let host = settings.baseUrl;
  try {
    host = new URL(settings.baseUrl).host;
  } catch {
    // shown as typed
  }
  return `${settings.tenant} on ${host}`;
}

function originOrNull(url: string): string | null {
  try {
    return new URL(url.trim()).origin;
  } catch {
    return null;
  }
}

/**
 * What the token fields say under them. Saved tokens belong to one server and tenant (issue 10
 * item 1): pointed at another server, the form says they must be typed again; a damaged vault
 * says so too.
 */
/** What the token fields say about the saved tokens: kept (`saved`), or to be typed again (`retype`). */
export interface TokenHint {
  tone: 'saved' | 'retype';
  text: string;
}

export function savedTokensHint(form: SettingsForm, saved: Settings | null, hasSecrets: boolean, secretsProblem: string | null): TokenHint | undefined {
  if (form.mode !== 'account') return undefined;
  if (secretsProblem) return { tone: 'retype', text: secretsProblem };
  if (!hasSecrets || saved?.account.mode !== 'account' || form.tenant.trim() !== saved.account.tenant) return undefined;
  const savedOrigin = originOrNull(saved.account.baseUrl);
  const typedOrigin = originOrNull(form.baseUrl);
  if (typedOrigin === null) return undefined;
  if (typedOrigin !== savedOrigin) {
    return { tone: 'retype', text: `The saved tokens are for ${savedOrigin ?? 'another server'} only: type them again for this server.` };
  }
  return { tone: 'saved', text: 'Saved — enter again to replace.' };
}
