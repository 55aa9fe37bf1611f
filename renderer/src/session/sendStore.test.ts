import { beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_DELIVERY, EMPTY_PAYMENT, EMPTY_TAKEAWAY } from './sendDrafts';
import { useSendStore } from './sendStore';

const store = () => useSendStore.getState();

beforeEach(() => {
  store().resetDrafts();
  store().setStatus({ kind: 'idle' });
});

describe('sendStore', () => {
  it('editing a field clears that field’s message only, and an old confirmation', () => {
    store().setErrors({ takeawayName: 'Type the name', takeawayEmail: 'bad', deliveryPhone: 'x' });
    store().setStatus({ kind: 'saved', message: 'Saved' });
    store().editTakeaway({ name: 'Ana' });
    expect(store().takeaway.name).toBe('Ana');
    expect(store().errors).toEqual({ takeawayEmail: 'bad', deliveryPhone: 'x' });
    expect(store().status).toEqual({ kind: 'idle' });
  });

  it('a delivery day change clears the time message; a payment method the method message', () => {
    store().setErrors({ deliveryTime: 'Choose the delivery time', paymentMethod: 'Choose how it is paid', paymentTip: 'bad' });
    store().editDelivery({ day: 'tomorrow' });
    expect(store().errors.deliveryTime).toBeUndefined();
    store().editPayment({ methodId: 2 });
    expect(store().errors).toEqual({ paymentTip: 'bad' });
    store().editPayment({ enabled: false });
    expect(store().errors).toEqual({});
  });

  it('editing while saving keeps the saving status (the button stays disabled)', () => {
    store().setStatus({ kind: 'saving' });
    store().editPayment({ tip: '1' });
    expect(store().status).toEqual({ kind: 'saving' });
  });

  it('resetDrafts empties every form and message, keeping the status', () => {
    store().editTakeaway({ name: 'Ana' });
    store().editDelivery({ phone: '600' });
    store().editPayment({ enabled: true, methodId: 1 });
    store().setErrors({ paymentAmount: 'x' });
    store().setStatus({ kind: 'saved', message: 'Saved — sending' });
    store().resetDrafts();
    expect(store().takeaway).toEqual(EMPTY_TAKEAWAY);
    expect(store().delivery).toEqual(EMPTY_DELIVERY);
    expect(store().payment).toEqual(EMPTY_PAYMENT);
    expect(store().errors).toEqual({});
    expect(store().status).toEqual({ kind: 'saved', message: 'Saved — sending' });
  });
});
