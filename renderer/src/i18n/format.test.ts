import { describe, expect, it } from 'vitest';
import { formattersFor } from './format';

// Intl output uses no-break spaces; compare with them normalised.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formattersFor', () => {
  it('writes euros the way each language does', () => {
    expect(plain(formattersFor('es').money(12.5))).toBe('12,50 €');
    expect(plain(formattersFor('ca').money(1234.5))).toBe('1.234,50 €');
    expect(formattersFor('en').money(12.5)).toBe('€12.50');
  });

  it('groups thousands even for four-digit numbers (Spanish omits it by default)', () => {
    expect(formattersFor('es').number(2000)).toBe('2.000');
    expect(formattersFor('en').number(20000)).toBe('20,000');
  });

  it('writes 24-hour times and adds the year only when it is not this year', () => {
    const at = new Date(2026, 10, 23, 14, 5);
    expect(formattersFor('en').time(at)).toBe('14:05');
    expect(formattersFor('es').date(at, new Date(2026, 11, 1))).not.toMatch(/2026/);
    expect(formattersFor('es').date(at, new Date(2027, 0, 1))).toMatch(/2026/);
  });

  it('sorts names in the language order and numbers by value', () => {
    const sorted = ['Mesa 10', 'Mesa 2', 'Ñandú', 'Nube'].sort(formattersFor('es').collator.compare);
    expect(sorted).toEqual(['Mesa 2', 'Mesa 10', 'Nube', 'Ñandú']);
  });

  it('builds each language once', () => {
    expect(formattersFor('ca')).toBe(formattersFor('ca'));
  });
});
