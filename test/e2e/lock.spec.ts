import { expect, test, type Page } from '@playwright/test';
import { controlRequest } from '../../electron/sandbox/control/request.testing';
import { FloorPage } from './support/FloorPage';
import { roomsFromServer } from './support/processes';
import { ServicePage } from './support/ServicePage';
import { SettingsPage } from './support/SettingsPage';
import { openSyncedTerminal, startVendor } from './support/terminal';
import { useCleanup } from './support/cleanup';

// A terminal PIN set in Settings; "Lock" (or idle minutes) shows a lock screen
// that covers everything; three wrong PINs make the terminal refuse PINs for a while, also after
// a reload; Settings and manager mode ask the PIN.

const { running, contexts } = useCleanup();

const PIN = '2468';

/** Types a PIN on the on-screen keypad of the dialog or lock screen in `scope`. */
async function tapPin(scope: ReturnType<Page['getByTestId']>, pin: string) {
  for (const digit of pin) await scope.getByRole('button', { name: digit, exact: true }).tap();
}

test('lock: set a PIN, lock, three wrong PINs make it wait, the right one unlocks; Settings and manager mode ask the PIN', async () => {
  test.setTimeout(180_000);
  const vendorUrl = await startVendor(running);
  const page = await openSyncedTerminal(vendorUrl, running, contexts);
  const settings = new SettingsPage(page);

  // No PIN yet: Settings opens without asking, and there is no Lock button.
  await expect(page.getByRole('button', { name: 'Lock the terminal', exact: true })).toHaveCount(0);
  await settings.open();
  await expect(page.getByTestId('settings-pin-state')).toHaveText('No PIN: nothing is asked.');

  // Set the PIN: typed on the keypad, then again on the keyboard.
  await page.getByRole('button', { name: 'Set PIN' }).tap();
  const setup = page.getByTestId('pin-setup');
  await expect(setup.getByRole('heading', { name: 'Set a PIN' })).toBeVisible();
  await tapPin(setup, PIN);
  await setup.getByRole('button', { name: 'Next' }).tap();
  await expect(page.getByTestId('pin-setup-step')).toHaveText('Enter the new PIN again.');
  await page.keyboard.type(PIN);
  await page.keyboard.press('Enter');
  await expect(setup).toHaveCount(0);
  await expect(page.getByTestId('settings-pin-state')).toContainText('PIN set');
  await settings.backButton.tap();

  // Lock: the lock screen covers the whole terminal; nothing behind it can be reached.
  const lockButton = page.getByRole('button', { name: 'Lock the terminal', exact: true });
  const box = await lockButton.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  await lockButton.tap();
  const lockScreen = page.getByTestId('lock-screen');
  await expect(lockScreen).toBeVisible();
  await expect(lockScreen).toContainText('Terminal locked');
  // The venue: this terminal's account (tenant "demo" on the sandbox started by the test).
  await expect(lockScreen.locator('.lock-screen__venue')).toHaveText('demo');
  // (The e2e project has no DOM types: the page's document is typed by hand.)
  interface Probe {
    closest(selector: string): Probe | null;
    focus(): void;
  }
  type PageDocument = { document: { elementFromPoint(x: number, y: number): Probe | null; querySelector(selector: string): Probe | null; activeElement: Probe | null } };
  const covered = await page.evaluate(() =>
    [
      [10, 10],
      [640, 400],
      [1270, 790],
    ].every(([x, y]) => (globalThis as unknown as PageDocument).document.elementFromPoint(x!, y!)?.closest('dialog.lock-screen') != null),
  );
  expect(covered).toBe(true);
  // The terminal behind is inert: its buttons cannot even take the focus.
  const behindFocusable = await page.evaluate(() => {
    const { document } = globalThis as unknown as PageDocument;
    const button = document.querySelector('.settings-button');
    button?.focus();
    return button !== null && document.activeElement === button;
  });
  expect(behindFocusable).toBe(false);
  for (const key of await lockScreen.getByRole('button').all()) {
    const size = await key.boundingBox();
    expect(size!.height).toBeGreaterThanOrEqual(44);
  }
  // Escape does not dismiss it.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(lockScreen).toBeVisible();

  // Three wrong PINs: the third makes the terminal refuse PINs, said in words with a countdown.
  const message = page.getByTestId('pin-message');
  const unlock = lockScreen.getByTestId('pin-submit');
  const dots = lockScreen.getByTestId('pin-dots');
  for (const wrong of ['1111', '2222']) {
    await tapPin(lockScreen, wrong);
    await expect(dots).toHaveText('4 digits entered');
    await unlock.tap();
    // Answered: the entry empties itself for the next try.
    await expect(dots).toHaveText('No digits entered');
    await expect(message).toHaveText('Wrong PIN. Try again.');
  }
  await page.keyboard.type('3333');
  await page.keyboard.press('Enter');
  await expect(message).toHaveText(/^Too many wrong PINs\. Try again in (30|29|28|27) seconds\.$/);
  await expect(unlock).toBeDisabled();

  // A reload does not unlock nor forget the wait.
  await page.reload();
  await expect(lockScreen).toBeVisible();
  await expect(message).toHaveText(/^Too many wrong PINs\. Try again in \d+ seconds\.$/);
  await expect(unlock).toBeDisabled();

  // When the wait is over, the right PIN unlocks.
  await expect(message).toHaveText('', { timeout: 40_000 });
  await tapPin(lockScreen, PIN);
  await unlock.tap();
  await expect(lockScreen).toHaveCount(0);

  // Settings asks the PIN: Cancel keeps it closed, the right PIN opens it.
  await settings.openButton.tap();
  const gate = page.getByTestId('pin-dialog');
  await expect(gate.getByRole('heading', { name: 'Enter the PIN to open Settings' })).toBeVisible();
  await gate.getByRole('button', { name: 'Cancel' }).tap();
  await expect(gate).toHaveCount(0);
  await expect(settings.heading).toHaveCount(0);
  await settings.openButton.tap();
  await tapPin(gate, '9999');
  await gate.getByTestId('pin-submit').tap();
  await expect(gate.getByTestId('pin-message')).toHaveText('Wrong PIN. Try again.');
  await page.keyboard.type(PIN);
  await page.keyboard.press('Enter');
  await expect(settings.heading).toBeVisible();

  // Manager mode asks the PIN too: Cancel stays where it was, the right PIN opens it.
  const manager = page.getByRole('heading', { name: 'Manager', exact: true });
  const openManager = async () => {
    await page.getByRole('button', { name: 'More', exact: true }).tap();
    await page.getByRole('menuitem', { name: 'Manager' }).tap();
  };
  await openManager();
  await expect(gate.getByRole('heading', { name: 'Enter the PIN to open manager mode' })).toBeVisible();
  await gate.getByRole('button', { name: 'Cancel' }).tap();
  await expect(gate).toHaveCount(0);
  await expect(manager).toHaveCount(0);
  await openManager();
  await expect(gate.getByRole('heading', { name: 'Enter the PIN to open manager mode' })).toBeVisible();
  await page.keyboard.type(PIN);
  await page.keyboard.press('Enter');
  await expect(manager).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Catalog' })).toHaveAttribute('aria-selected', 'true');
});

test('the PIN guards the main side: a call from the page without the PIN is refused; the gates’ PIN lets Settings and Discard go through', async () => {
  test.setTimeout(180_000);
  const vendorUrl = await startVendor(running);
  const page = await openSyncedTerminal(vendorUrl, running, contexts);
  const settings = new SettingsPage(page);
  const floor = new FloorPage(page);
  const service = new ServicePage(page);

  // Set the PIN; the same Settings visit goes on saving without asking it again.
  await settings.open();
  await page.getByRole('button', { name: 'Set PIN' }).tap();
  const setup = page.getByTestId('pin-setup');
  await tapPin(setup, PIN);
  await setup.getByRole('button', { name: 'Next' }).tap();
  await expect(page.getByTestId('pin-setup-step')).toHaveText('Enter the new PIN again.');
  await page.keyboard.type(PIN);
  await page.keyboard.press('Enter');
  await expect(setup).toHaveCount(0);
  await page.getByRole('radio', { name: 'Dark' }).tap();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByTestId('pin-dialog')).toHaveCount(0);

  // Any script in the page (the session cookie rides along) gets nothing guarded without a grant.
  const direct = await page.evaluate(async () => {
    const answer = await fetch('/bridge/savePreferences', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"lockIdleMinutes":0,"theme":"light"}' });
    return (await answer.json()) as { ok: boolean; error?: { code: string } };
  });
  expect(direct).toMatchObject({ ok: false, error: { code: 'pin-required' } });
  // Outside the browser (no session cookie), the bridge answers nothing at all.
  expect((await fetch(`${new URL(page.url()).origin}/bridge/getAppInfo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(403);
  await settings.backButton.tap();

  // A seating that waits (the vendor offline); Discard asks the PIN, and with it the entry goes.
  const [room] = await roomsFromServer(vendorUrl);
  expect((await controlRequest(vendorUrl, '/__sandbox/faults', { body: { offline: true } })).status).toBe(200);
  await floor.showRoom(room!.name);
  await floor.table(room!.tables[0]!.name).tap();
  await service.seat(room!.tables[0]!.name, 2);
  await expect(service.pendingCount).toHaveText('1', { timeout: 15_000 });
  await service.openPending();
  const entry = service.pendingEntries.first();
  await entry.getByRole('button', { name: /^Discard/ }).tap();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard', exact: true }).tap();
  const gate = page.getByTestId('pin-dialog');
  await expect(gate.getByRole('heading', { name: 'Enter the PIN to discard this order' })).toBeVisible();
  await tapPin(gate, PIN);
  await gate.getByTestId('pin-submit').tap();
  await expect(service.pendingEntries).toHaveCount(0);
  await expect(page.getByTestId('pin-dialog')).toHaveCount(0);
});
