import { describe, expect, it } from 'vitest';
import { BridgeError, errorCodes, networkCauses, type OutboxError, type QueueStorageProblem } from '../../../shared/bridge';
import { errorText, syncFailureText } from './errorText';
import { createI18n } from './i18n';
import { languages } from './languages';
import { resources } from './resources';

// Every code the main side may send has words in every language, and the helper
// puts a code, its parameters and the server's own words together.

const PLURAL = /_(one|many|other)$/;

describe('the errors namespace', () => {
  it('words every error code and every network cause (i18n.test.ts then checks es and ca have the same keys)', () => {
    const worded = new Set(Object.keys(resources.en.errors).map((key) => key.replace(PLURAL, '')));
    expect(errorCodes.filter((code) => !worded.has(code))).toEqual([]);
    expect(networkCauses.filter((cause) => !worded.has(`cause-${cause}`))).toEqual([]);
  });

  it('gives every code a sentence that reads as words in every language, never the key itself', () => {
    for (const language of languages) {
      const { t } = createI18n(language);
      for (const code of errorCodes) {
        const text = errorText(t, { code, params: { count: 2, tables: '3 + 4', text: 'old words' } });
        expect(text, `${language} ${code}`).not.toContain('errors:');
        expect(text, `${language} ${code}`).not.toBe(code);
        expect(text.trim().length, `${language} ${code}`).toBeGreaterThan(3);
      }
    }
  });
});

describe('errorText', () => {
  const en = createI18n('en').t;

  it('invalid-input names the fields as a waiter reads them, never their paths (the detail keeps those)', () => {
    const error = new BridgeError({
      kind: 'invalid-input',
      code: 'invalid-input',
      params: { operation: 'saveSettings', fields: 'account.baseUrl, secrets.accessToken' },
      detail: 'saveSettings: account.baseUrl: Invalid URL',
    });
    expect(errorText(en, error)).toBe('This was not accepted: check the server address, the access token.');
    expect(errorText(createI18n('es').t, error)).toBe('No se ha aceptado: revisa la dirección del servidor, el token de acceso.');
    expect(errorText(createI18n('ca').t, error)).toBe('No s’ha acceptat: revisa l’adreça del servidor, el token d’accés.');
    const lines = new BridgeError({
      kind: 'invalid-input',
      code: 'invalid-input',
      params: { operation: 'submitEntry', fields: 'draft.lines.3.quantity, draft.request.order.payment.amountCents, draft.zzz' },
    });
    expect(errorText(en, lines)).toBe('This was not accepted: check the quantity, the amount, another value.');
    const unnamed = new BridgeError({ kind: 'invalid-input', code: 'invalid-input', params: { operation: 'x', fields: 'draft.zzz, (input)' } });
    expect(errorText(en, unnamed)).toBe('This was not accepted: a value is not valid (the details for support say which).');
    for (const text of [errorText(en, error), errorText(en, lines), errorText(en, unnamed)]) expect(text).not.toMatch(/\w\.\w|zzz|\(input\)/);
  });

  it('words a bridge error with its parameters', () => {
    const error = new BridgeError({ kind: 'invalid-input', code: 'tokens-missing', params: { tenant: 'bar-pepe', origin: 'https://pos.example.com' } });
    expect(errorText(en, error)).toBe('Enter the access token and integrator token: none are saved for tenant “bar-pepe” on https://pos.example.com.');
    expect(errorText(createI18n('es').t, error)).toBe(
      'Introduce el token de acceso y el token de integrador: no hay ninguno guardado para el tenant «bar-pepe» en https://pos.example.com.',
    );
  });

  it('adds the server’s own words after the message, as the server wrote them', () => {
    const stored: OutboxError = {
      kind: 'rejected:invalid',
      code: 'server-rejected',
      params: { status: 422, said: 'El total no cuadra (1.80 != 5.50)' },
      at: '2026-11-24T12:00:00Z',
    };
    expect(errorText(en, stored)).toBe('The server rejected this (HTTP 422). The server said: “El total no cuadra (1.80 != 5.50)”');
    expect(errorText(createI18n('ca').t, stored)).toBe('El servidor ho ha rebutjat (HTTP 422). El servidor diu: «El total no cuadra (1.80 != 5.50)»');
  });

  it('chooses the plural by count, in each language', () => {
    expect(errorText(en, { code: 'tables-just-seated', params: { count: 1, tables: 'T5' } })).toBe(
      'Table T5 was just seated on this terminal: open it from the floor plan.',
    );
    expect(errorText(en, { code: 'tables-just-seated', params: { count: 2, tables: 'T3 + T4' } })).toBe(
      'Tables T3 + T4 were just seated on this terminal: open them from the floor plan.',
    );
    expect(errorText(createI18n('ca').t, { code: 'payment-methods-read', params: { count: 3 } })).toBe('S’han llegit 3 formes de pagament.');
  });

  it('shows an error stored before codes with its old words', () => {
    expect(errorText(createI18n('es').t, { code: 'legacy', params: { text: 'No connection to the server.' } })).toBe('No connection to the server.');
  });

  it('words a known network cause, and keeps an unknown one as the system said it', () => {
    expect(errorText(createI18n('ca').t, { code: 'host-unreachable', params: { host: '127.0.0.1:9', cause: 'ECONNREFUSED' } })).toBe(
      'No es pot connectar amb 127.0.0.1:9: connexió rebutjada (ningú no escolta en aquest port).',
    );
    expect(errorText(en, { code: 'host-unreachable', params: { host: 'x.test', cause: 'EPROTO: protocol error' } })).toBe(
      'Cannot reach x.test: EPROTO: protocol error.',
    );
  });

  it('formats numbers in the terminal’s language', () => {
    const tooLarge = { code: 'request-too-large', params: { sizeKb: 12_100, limitKb: 2_000 } };
    expect(errorText(en, tooLarge)).toMatch(/^This is too large to send \(12,100 kB; the limit is 2,000 kB per request\)/);
    expect(errorText(createI18n('es').t, tooLarge)).toMatch(/^Es demasiado grande para enviarlo \(12\.100 kB; el límite es 2000 kB por petición\)/);
  });

  it('says "something went wrong" for an error without a known code, never its raw text', () => {
    expect(errorText(en, new TypeError('Cannot read properties of undefined'))).toBe(en('errors:unexpected'));
    expect(errorText(en, { code: 'no-such-code' })).toBe(en('errors:unexpected'));
    expect(errorText(en, 'boom')).toBe(en('errors:unexpected'));
  });

  it('words the queue’s storage problem and a sync failure with the saved-catalog note', () => {
    const problem: QueueStorageProblem = { code: 'queue-cannot-save', detail: 'SqliteError: database or disk is full', since: '2026-11-24T12:00:00Z' };
    expect(errorText(en, problem)).toBe('Orders cannot be saved on this terminal: storage is full or blocked.');
    expect(syncFailureText(en, { code: 'offline' })).toBe(
      'Cannot reach the server: check the connection. The catalog was not updated; this terminal keeps using its saved copy.',
    );
  });
});
