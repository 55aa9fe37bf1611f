import { describe, expect, it } from 'vitest';
import { detectLanguage } from './languages';

describe('detectLanguage', () => {
  it('takes the first preferred language the terminal speaks', () => {
    expect(detectLanguage(['ca-ES', 'es-ES'])).toBe('ca');
    expect(detectLanguage(['fr-FR', 'en-US', 'es'])).toBe('en');
    expect(detectLanguage(['EN_gb'])).toBe('en');
  });

  it('falls back to Spanish when none is spoken', () => {
    expect(detectLanguage(['fr-FR', 'de'])).toBe('es');
    expect(detectLanguage([])).toBe('es');
  });
});
