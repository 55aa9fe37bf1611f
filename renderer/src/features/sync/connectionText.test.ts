import { describe, expect, it } from 'vitest';
import { venueMoment } from '../../../../shared/domain/venueTime';
import { formattersFor } from '../../i18n/format';
import { createI18n } from '../../i18n/i18n';
import { connectionActivityText, offlineDetail } from './connectionText';

const en = createI18n('en').getFixedT(null, 'app');
const es = createI18n('es').getFixedT(null, 'app');

describe('connectionActivityText', () => {
  it('online: "Online", or "Sending N" while entries wait; the sentence still says online', () => {
    expect(connectionActivityText(en, 'online', 0)).toEqual({ label: 'Online', sentence: 'Online.', busy: false, problem: false });
    const sending = connectionActivityText(en, 'online', 3);
    expect(sending.label).toBe('Sending 3');
    expect(sending.sentence).toBe('Online: sending 3 orders to the POS.');
    expect(sending.busy).toBe(true);
  });

  it('storage refusing writes: "Cannot save orders" first, in words, whatever the connection', () => {
    for (const connection of ['online', 'offline', 'connecting'] as const) {
      const text = connectionActivityText(en, connection, 2, true);
      expect(text.label).toBe('Cannot save orders');
      expect(text.sentence).toMatch(/^Orders cannot be saved on this terminal: storage is full or blocked\. /);
      expect(text.problem).toBe(true);
      expect(text.busy).toBe(false);
    }
    expect(connectionActivityText(en, 'online', 0).problem).toBe(false);
  });

  it('offline: says how many wait, one and several', () => {
    expect(connectionActivityText(en, 'offline', 0).label).toBe('Offline');
    expect(connectionActivityText(en, 'offline', 2).label).toBe('Offline · 2 waiting');
    expect(connectionActivityText(en, 'offline', 1).sentence).toBe('Offline: 1 order saved here, sent when the connection returns.');
    expect(connectionActivityText(en, 'connecting', 2).sentence).toBe('Connecting; 2 orders waiting to be sent.');
    expect(connectionActivityText(en, 'connecting', 0).label).toBe('Connecting…');
  });

  it('speaks Spanish', () => {
    expect(connectionActivityText(es, 'offline', 1).sentence).toBe('Sin conexión: 1 pedido guardado aquí, se enviará al volver la conexión.');
    expect(connectionActivityText(es, 'online', 4).label).toBe('Enviando 4');
  });
});

describe('offlineDetail', () => {
  const now = venueMoment(2026, 11, 22, 15, 0);
  it('says when the local data was saved, or that nothing is', () => {
    const fmt = formattersFor('en');
    expect(offlineDetail(en, fmt, venueMoment(2026, 11, 22, 14, 32).toISOString(), now)).toBe('working from the data saved on this terminal today at 14:32');
    expect(offlineDetail(en, fmt, venueMoment(2026, 11, 3, 18, 0).toISOString(), now)).toBe('working from the data saved on this terminal on 3 Nov at 18:00');
    expect(offlineDetail(en, fmt, null, now)).toBe('nothing is saved on this terminal yet');
    expect(offlineDetail(es, formattersFor('es'), venueMoment(2026, 11, 21, 9, 5).toISOString(), now)).toBe(
      'trabajando con los datos guardados en este terminal ayer a las 09:05',
    );
  });
});
