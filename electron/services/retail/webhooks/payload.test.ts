import { describe, expect, it } from 'vitest';
import { deliveryBody } from '../../../sandbox/retail/webhooks';
import { parseDelivery } from './payload';

// The body is `username=…&event=…&data=<JSON text>` (clarifications "Webhooks").

const body = (text: string) => Buffer.from(text, 'utf8');

describe('parseDelivery', () => {
  it('reads the sandbox’s form body: username, event and data as a JSON object', () => {
    const data = { id: 7, name: 'Camiseta «Bàsica» 100 %', price: '12.50' };
    const parsed = parseDelivery(body(deliveryBody('demo-shop', 'product.updated', data)));
    expect(parsed).toEqual({ ok: true, delivery: { username: 'demo-shop', event: 'product.updated', data } });
  });

  it('reads the fields in any order, with + for spaces', () => {
    const parsed = parseDelivery(body('data=%7B%22id%22%3A1%2C%22name%22%3A%22Ana+Puig%22%7D&event=customer.created&username=demo-shop'));
    expect(parsed).toEqual({ ok: true, delivery: { username: 'demo-shop', event: 'customer.created', data: { id: 1, name: 'Ana Puig' } } });
  });

  it.each([
    ['no username', 'event=product.updated&data=%7B%7D'],
    ['an empty username', 'username=&event=product.updated&data=%7B%7D'],
    ['no event', 'username=demo-shop&data=%7B%7D'],
    ['an event that is not model.action', 'username=demo-shop&event=%3Cscript%3E&data=%7B%7D'],
    ['no data', 'username=demo-shop&event=product.updated'],
    ['two usernames', 'username=a&username=b&event=product.updated&data=%7B%7D'],
    ['JSON instead of a form', '{"username":"demo-shop","event":"product.updated","data":{}}'],
  ])('refuses a body with %s (not-a-form)', (_, text) => {
    const parsed = parseDelivery(body(text));
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.reason).toBe('not-a-form');
  });

  it('keeps the event name of a body whose data is not a JSON object (for the log)', () => {
    for (const data of ['not json', '[1,2]', '"text"', 'null']) {
      const parsed = parseDelivery(body(new URLSearchParams({ username: 'demo-shop', event: 'product.deleted', data }).toString()));
      expect(parsed).toEqual({ ok: false, reason: 'data-not-json', event: 'product.deleted' });
    }
  });

  it('refuses bytes that are not UTF-8', () => {
    const parsed = parseDelivery(Buffer.from([0x75, 0x3d, 0xff, 0xfe]));
    expect(parsed).toEqual({ ok: false, reason: 'not-a-form', event: null });
  });
});
