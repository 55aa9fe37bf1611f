import { describe, expect, it } from 'vitest';
import { describeSavedAt } from './savedAt';

describe('describeSavedAt', () => {
  const now = new Date(2025, 10, 22, 15, 0);
  it('says today, yesterday or the date, with the time', () => {
    expect(describeSavedAt(new Date(2025, 10, 22, 14, 32).toISOString(), now, 'en-GB')).toBe('today at 14:32');
    expect(describeSavedAt(new Date(2025, 10, 21, 9, 5).toISOString(), now, 'en-GB')).toBe('yesterday at 09:05');
    expect(describeSavedAt(new Date(2025, 10, 3, 18, 0).toISOString(), now, 'en-GB')).toBe('3 Nov at 18:00');
    expect(describeSavedAt(new Date(2024, 10, 3, 18, 0).toISOString(), now, 'en-GB')).toBe('3 Nov 2024 at 18:00');
    expect(describeSavedAt('garbage', now)).toBe('at an unknown time');
  });
});
