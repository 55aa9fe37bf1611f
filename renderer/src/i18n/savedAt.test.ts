import { describe, expect, it } from 'vitest';
import { venueMoment } from '../../../shared/domain/venueTime';
import { formattersFor } from './format';
import { savedWhen } from './savedAt';

describe('savedWhen', () => {
  const now = venueMoment(2025, 11, 22, 15, 0);
  const en = formattersFor('en');
  it('says today, yesterday or the date, with the time', () => {
    expect(savedWhen(venueMoment(2025, 11, 22, 14, 32).toISOString(), now, en)).toEqual({ day: 'today', time: '14:32' });
    expect(savedWhen(venueMoment(2025, 11, 21, 9, 5).toISOString(), now, en)).toEqual({ day: 'yesterday', time: '09:05' });
    expect(savedWhen(venueMoment(2025, 11, 3, 18, 0).toISOString(), now, en)).toEqual({ day: 'date', date: '3 Nov', time: '18:00' });
    expect(savedWhen(venueMoment(2024, 11, 3, 18, 0).toISOString(), now, en)).toEqual({ day: 'date', date: '3 Nov 2024', time: '18:00' });
    expect(savedWhen('garbage', now, en)).toEqual({ day: 'unknown' });
  });

  it('writes the date in the terminal’s language', () => {
    expect(savedWhen(venueMoment(2025, 11, 3, 18, 0).toISOString(), now, formattersFor('es'))).toEqual({ day: 'date', date: '3 nov', time: '18:00' });
  });
});
