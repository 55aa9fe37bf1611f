// Builders for the retail pricing tests (basket lines, promotions, rates).
import type { PriceRate } from './priceRates';
import type { BasketLine, Promotion } from './promotions';
import type { LocalMoment } from './schedule';

/** Monday 23 November 2026, 12:00 in Madrid. */
export const MONDAY_NOON: LocalMoment = { date: '2026-11-23', minuteOfDay: 12 * 60, weekday: 1 };

export function basketLine(key: string, productId: number, unitPriceCents: number, quantity: number, fields: Partial<BasketLine> = {}): BasketLine {
  return { key, productId, categoryId: 1, basePriceCents: unitPriceCents, unitPriceCents, measureThousandths: quantity * 1000, ...fields };
}

export function promotion(fields: Partial<Promotion> & Pick<Promotion, 'id' | 'type' | 'apply_to'>): Promotion {
  return { name: `P${fields.id}`, active: true, order: fields.id, productIds: [], categoryIds: [], ...fields };
}

export function priceRate(fields: Partial<PriceRate> & Pick<PriceRate, 'id'>): PriceRate {
  return { type: 1, amountHundredths: 0, rounding: null, linkedPrices: new Map(), ...fields };
}
