import type { TFunction } from 'i18next';
import type { ConnectionCheck, EnvironmentId, Settings } from '../../../../shared/bridge';
import { errorText } from '../../i18n/errorText';
import type { FieldProblem, TokenHint } from './settingsForm';
import type { PersistenceState } from './storagePersistence';

// The Settings screen's words that depend on values: accounts, token hints,
// field problems, connection checks. Errors from the main side are codes, worded by errorText.

type Words = TFunction<'settings'>;

/** "the demo venue" ("The demo venue" to `start` a line) / "bar-pepe on pos.example.com": which account settings name. */
export function accountWords(t: Words, account: Settings['account'], start = false): string {
  if (account.mode === 'demo') return t(start ? 'accountDemoStart' : 'accountDemo');
  if (account.mode === 'demo-shop') return t(start ? 'accountDemoShopStart' : 'accountDemoShop');
  let host = account.baseUrl;
  try {
    host = new URL(account.baseUrl).host;
  } catch {
    // shown as typed
  }
  return account.mode === 'shop' ? t('accountShopOn', { username: account.username, host }) : t('accountOn', { tenant: account.tenant, host });
}

export function environmentName(t: Words, id: EnvironmentId): string {
  return t(id === 'production' ? 'envProduction' : id === 'integrations' ? 'envIntegrations' : 'envCustom');
}

export function tokenHintText(t: Words, hint: TokenHint): string {
  switch (hint.tone) {
    case 'saved':
      return t('tokensSaved');
    case 'other-server':
      return hint.savedOrigin ? t('tokensOtherServer', { origin: hint.savedOrigin }) : t('tokensOtherServerUnknown');
    case 'damaged':
      return errorText(t, hint.problem);
  }
}

export function fieldProblemText(t: Words, problem: FieldProblem): string {
  if ('local' in problem) return t(problem.local === 'both-tokens' ? 'bothTokens' : problem.local === 'sync-minutes' ? 'syncMinutes' : 'readBackFailed');
  return errorText(t, problem);
}

const CHECK_NAMES = {
  addresses: 'checkAddresses',
  reachable: 'checkReachable',
  credentials: 'checkCredentials',
  api: 'checkApi',
  images: 'checkImages',
} as const satisfies Record<ConnectionCheck['check'], string>;

export function checkName(t: Words, check: ConnectionCheck['check']): string {
  return t(CHECK_NAMES[check]);
}

const PERSISTENCE = {
  asking: 'persistenceAsking',
  granted: 'persistenceGranted',
  'not-granted': 'persistenceNotGranted',
  unavailable: 'persistenceUnavailable',
} as const satisfies Record<PersistenceState, string>;

/** Settings' line on the browser's persistent storage, in words (not colour). */
export function persistenceText(t: Words, state: PersistenceState): string {
  return t(PERSISTENCE[state]);
}
