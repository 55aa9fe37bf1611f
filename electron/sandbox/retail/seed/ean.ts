// EAN-13 barcodes of the demo shop: GS1 prefix 84 (Spain) and a sequence number, check digit by the
// GS1 rule (weights 1 and 3 from the left).

/** The check digit of 12 digits. */
export function ean13CheckDigit(twelveDigits: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelveDigits[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** True for 13 digits whose last one is the check digit of the first 12. */
export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/** The demo shop's `n`-th barcode (n ≥ 0): 84 + 10 digits of 37215… + the check digit. */
export function shopBarcode(n: number): string {
  const body = `84${String(3_721_500_000 + n).padStart(10, '0')}`;
  if (body.length !== 12) throw new Error(`demo shop: barcode number ${n} is out of range`);
  return body + String(ean13CheckDigit(body));
}
