// Wire forms of the retail records (retail-api.md §2): the sandbox keeps integer cents, hundredths
// and thousandths; the answers show decimals. Decisions where the spec gives only a type:
// "decimal" catalog fields (price, costPrice, price-rate amounts, promotion amounts, stock
// quantities, `maxCredit`, `ecommerce_info` money) are decimal strings as Laravel casts them
// ("12.50", quantities "5.000"); the order and invoice amounts are JSON numbers, as §2.5 types
// them; a tax's `taxPercentage` is a number (21), the `tax` object's `percentage` a string ("21.00").

/** An integer of 10^-places as a decimal string with `places` decimals. */
function decimalText(scaled: number, places: 2 | 3): string {
  const unit = 10 ** places;
  const abs = Math.abs(scaled);
  return `${scaled < 0 ? '-' : ''}${Math.trunc(abs / unit)}.${String(abs % unit).padStart(places, '0')}`;
}

/** 1250 → "12.50", −5 → "-0.05": cents (or hundredths) as a 2-decimal string. */
export function decimal2(hundredths: number): string {
  return decimalText(hundredths, 2);
}

/** 5000 → "5.000": thousandths as a 3-decimal string. */
export function decimal3(thousandths: number): string {
  return decimalText(thousandths, 3);
}

/** 1250 → 12.5: cents (or hundredths) as a JSON number. */
export function number2(hundredths: number): number {
  return hundredths / 100;
}

/** 1500 → 1.5: thousandths as a JSON number. */
export function number3(thousandths: number): number {
  return thousandths / 1000;
}

/** A decimal with at most `places` decimals ("12.5", 12.5, "-3") as an integer of 10^-places, or null. */
export function toScaled(value: unknown, places: 2 | 3): number | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = (places === 2 ? /^(-?)(\d+)(?:\.(\d{1,2}))?$/ : /^(-?)(\d+)(?:\.(\d{1,3}))?$/).exec(text);
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  const scaled = Number(whole) * 10 ** places + Number(fraction.padEnd(places, '0'));
  if (!Number.isSafeInteger(scaled)) return null;
  return sign === '-' && scaled !== 0 ? -scaled : scaled;
}
