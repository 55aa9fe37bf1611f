import { describe, expect, it } from 'vitest';
import { isFormBody, readFormBody, readLoyaltyBody } from './loyaltyBody';

const order = { total: 3.6, contents: [{ item_id: 1, itemPrice: 1.8, quantity: 2 }] };

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

describe('loyalty body: JSON or form fields (clarifications "Body format")', () => {
  it('recognises the form content type whatever its case and parameters', () => {
    expect(isFormBody('application/x-www-form-urlencoded')).toBe(true);
    expect(isFormBody('Application/X-WWW-Form-URLEncoded; charset=UTF-8')).toBe(true);
    expect(isFormBody('application/json')).toBe(false);
    expect(isFormBody('multipart/form-data; boundary=x')).toBe(false);
    expect(isFormBody(undefined)).toBe(false);
  });

  it('form: object fields are JSON texts, scalars read as JSON booleans and numbers', () => {
    const text = form({
      order: JSON.stringify(order),
      customer: JSON.stringify({ name: 'Ana', email: 'ana@example.com' }),
      delivery: JSON.stringify({ phone: '600111222' }),
      skip_merge: 'true',
      warehouse_id: '1',
    });
    expect(readLoyaltyBody('application/x-www-form-urlencoded', text)).toEqual({
      ok: true,
      value: {
        order,
        customer: { name: 'Ana', email: 'ana@example.com' },
        delivery: { phone: '600111222' },
        skip_merge: true,
        warehouse_id: 1,
      },
    });
  });

  it('form: a scalar that is not a JSON boolean, null or number stays text (the schema refuses it)', () => {
    const read = readFormBody('skipMerge=yes&warehouse_id=%221%22&extra=%7B%7D&note=a+b');
    expect(read).toEqual({ ok: true, value: { skipMerge: 'yes', warehouse_id: '"1"', extra: '{}', note: 'a b' } });
    expect(readFormBody('skipMerge=null&skip_merge=0')).toEqual({ ok: true, value: { skipMerge: null, skip_merge: 0 } });
  });

  it('form: malformed object fields, repeats, prototype keys and bracketed fields are refused with the field named', () => {
    const bad = (text: string) => {
      const read = readFormBody(text);
      if (read.ok) throw new Error(`accepted ${text}`);
      return read.message;
    };
    expect(bad('order=%7B')).toMatch(/^order: .*not valid JSON/);
    expect(bad(`order=${encodeURIComponent(JSON.stringify(order))}&customer=nope`)).toMatch(/^customer: .*not valid JSON/);
    expect(bad('order=%7B%7D&order=%7B%7D')).toMatch(/^order: .*more than once/);
    expect(bad('__proto__=1')).toMatch(/__proto__.*not allowed/);
    expect(bad(`delivery=${encodeURIComponent('{"constructor":{}}')}`)).toMatch(/^delivery: .*constructor/);
    expect(bad('order%5Btotal%5D=3.6')).toMatch(/^order: send it as one JSON text/);
  });

  it('form: broken percent-escapes and bad UTF-8 never throw', () => {
    expect(readFormBody('%zz=%E0%A4%A&order=%')).toEqual({ ok: false, message: expect.stringMatching(/^order: /) });
    expect(readFormBody('')).toEqual({ ok: true, value: {} });
  });

  it('JSON: an object is read; anything else is refused', () => {
    expect(readLoyaltyBody('application/json', JSON.stringify({ order }))).toEqual({ ok: true, value: { order } });
    expect(readLoyaltyBody(undefined, JSON.stringify({ order }))).toEqual({ ok: true, value: { order } });
    expect(readLoyaltyBody('application/json', '[1]')).toMatchObject({ ok: false, message: expect.stringMatching(/JSON object/) });
    expect(readLoyaltyBody('application/json', '{"order": ')).toMatchObject({ ok: false, message: expect.stringMatching(/not valid JSON/) });
    // A form body sent as JSON is not guessed at.
    expect(readLoyaltyBody('application/json', form({ order: JSON.stringify(order) })).ok).toBe(false);
  });
});
