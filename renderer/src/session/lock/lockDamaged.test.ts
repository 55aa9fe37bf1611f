import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { LockState } from '../../../../shared/bridge';
import { createI18n } from '../../i18n/i18n';
import { DamagedLockNotice } from './LockDamagedNotice';
import { lockSelectors, useLockStore } from './lockStore';

// A damaged lock.json leaves the terminal without a PIN: the header says so, in words (never
// colour alone), in the terminal's language.

const lock = (damaged: boolean): LockState => ({ pinSet: false, locked: false, failures: 0, retryInMs: 0, gate: { failures: 0, retryInMs: 0 }, damaged });

function header(language: 'es' | 'ca' | 'en'): string {
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n(language) }, createElement(DamagedLockNotice)));
}

afterEach(() => useLockStore.getState().receive(lock(false)));

describe('the header notice of a damaged lock file', () => {
  it('says it in each language, as a status with its full sentence', () => {
    expect(header('en')).toContain('No PIN: lock file damaged');
    expect(header('es')).toContain('Sin PIN: archivo dañado');
    expect(header('ca')).toContain('Sense PIN: fitxer malmès');
    const html = header('en');
    expect(html).toContain('role="status"');
    expect(html).toContain('This terminal has no PIN');
  });

  it('is shown while the lock state says damaged, and not otherwise', () => {
    useLockStore.getState().receive(lock(true));
    expect(lockSelectors.damaged(useLockStore.getState())).toBe(true);
    useLockStore.getState().receive(lock(false));
    expect(lockSelectors.damaged(useLockStore.getState())).toBe(false);
  });
});
