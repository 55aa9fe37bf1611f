import type { Locator } from '@playwright/test';

/** Types a PIN on the on-screen keypad inside `scope` (a lock screen, a PIN dialog, the PIN setup). */
export async function tapPin(scope: Locator, pin: string) {
  for (const digit of pin) await scope.getByRole('button', { name: digit, exact: true }).tap();
}
