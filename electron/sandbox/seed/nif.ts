// Spanish tax ids of companies (CIF form of the NIF): a letter, 7 digits and a control character.
// The vendors of the demo venue carry valid ones; the check runs when the venue is loaded.

const CIF_LETTERS = 'JABCDEFGHI';

/** Control character of a company NIF, from its entity letter and 7 digits. */
export function cifControl(letter: string, digits: string): string {
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(digits[i]);
    if (i % 2 === 1) sum += d;
    else {
      const doubled = d * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    }
  }
  const control = (10 - (sum % 10)) % 10;
  // Entities P, Q, R, S, N, W use a letter; A, B, E, H use a digit; the rest accept either.
  return 'PQRSNW'.includes(letter) ? (CIF_LETTERS[control] as string) : String(control);
}

/** A valid company NIF such as "B12345674" (digit-control entities only: A, B, E, H; or a letter for P, Q, R, S, N, W). */
export function isValidCompanyNif(nif: string): boolean {
  const match = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(nif);
  if (!match) return false;
  const [, letter, digits, control] = match as unknown as [string, string, string, string];
  const expected = cifControl(letter, digits);
  if (expected === control) return true;
  // Letters other than A, B, E, H, P, Q, R, S, N, W accept the letter form too.
  if (!'ABEHPQRSNW'.includes(letter)) return CIF_LETTERS[Number(expected)] === control;
  return false;
}
