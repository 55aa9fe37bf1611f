import { FloorPage } from './pages/FloorPage';
import { Header } from './pages/Header';
import { LockScreen } from './pages/LockScreen';
import { ManagerScreen } from './pages/manager/ManagerScreen';
import { PinDialog } from './pages/PinDialog';
import { ServicePage } from './pages/ServicePage';
import { SettingsPage } from './pages/SettingsPage';
import { expect, test } from './support/fixtures';

// A terminal PIN set in Settings; "Lock" (or idle minutes) shows a lock screen
// that covers everything; three wrong PINs make the terminal refuse PINs for a while, also after
// a reload; Settings and manager mode ask the PIN.

const PIN = '2468';

test('lock: set a PIN, lock, three wrong PINs make it wait, the right one unlocks; Settings and manager mode ask the PIN', async ({ terminalPage: page }) => {
  test.setTimeout(180_000);
  const settings = new SettingsPage(page);
  const lock = new LockScreen(page);

  // No PIN yet: Settings opens without asking, and there is no Lock button.
  await expect(lock.lockButton).toHaveCount(0);
  await settings.open();
  await settings.expectPinState('No PIN: nothing is asked.', true);

  // Set the PIN: typed on the keypad, then again on the keyboard.
  await settings.setPin(PIN);
  await settings.expectPinState('PIN set');
  await settings.backButton.tap();

  // Lock: the lock screen covers the whole terminal; nothing behind it can be reached.
  await lock.lock();
  // The venue: this terminal's account (tenant "demo" on the sandbox started by the test).
  await expect(lock.venue).toHaveText('demo');
  // (The e2e project has no DOM types: the page's document is typed by hand.)
  interface Probe {
    closest(selector: string): Probe | null;
    focus(): void;
  }
  type PageDocument = {
    document: { elementFromPoint(x: number, y: number): Probe | null; querySelector(selector: string): Probe | null; activeElement: Probe | null };
  };
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
  for (const key of await lock.buttons.all()) {
    const size = await key.boundingBox();
    expect(size!.height).toBeGreaterThanOrEqual(44);
  }
  // Escape does not dismiss it.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(lock.screen).toBeVisible();

  // Three wrong PINs: the third makes the terminal refuse PINs, said in words with a countdown.
  for (const wrong of ['1111', '2222']) {
    await lock.tapPin(wrong);
    await lock.expectDots('4 digits entered');
    await lock.unlockButton.tap();
    // Answered: the entry empties itself for the next try.
    await lock.expectDots('No digits entered');
    await lock.expectMessage('Wrong PIN. Try again.');
  }
  await page.keyboard.type('3333');
  await page.keyboard.press('Enter');
  await lock.expectMessage(/^Too many wrong PINs\. Try again in (30|29|28|27) seconds\.$/);
  await expect(lock.unlockButton).toBeDisabled();

  // A reload does not unlock nor forget the wait.
  await page.reload();
  await expect(lock.screen).toBeVisible();
  await lock.expectMessage(/^Too many wrong PINs\. Try again in \d+ seconds\.$/);
  await expect(lock.unlockButton).toBeDisabled();

  // When the wait is over, the right PIN unlocks.
  await lock.expectMessage('', 40_000);
  await lock.unlockWith(PIN);
  await expect(lock.screen).toHaveCount(0);

  // Settings asks the PIN: Cancel keeps it closed, the right PIN opens it.
  await settings.openButton.tap();
  const gate = new PinDialog(page);
  await gate.expectAsking('Enter the PIN to open Settings');
  await gate.cancel();
  await expect(settings.heading).toHaveCount(0);
  await settings.openButton.tap();
  await gate.enterOnKeypad('9999');
  await expect(gate.message).toHaveText('Wrong PIN. Try again.');
  await page.keyboard.type(PIN);
  await page.keyboard.press('Enter');
  await expect(settings.heading).toBeVisible();

  // Manager mode asks the PIN too: Cancel stays where it was, the right PIN opens it.
  const manager = new ManagerScreen(page);
  const header = new Header(page);
  await header.openFromMenu('Manager');
  await gate.expectAsking('Enter the PIN to open manager mode');
  await gate.cancel();
  await expect(manager.heading).toHaveCount(0);
  await header.openFromMenu('Manager');
  await gate.expectAsking('Enter the PIN to open manager mode');
  await page.keyboard.type(PIN);
  await page.keyboard.press('Enter');
  await expect(manager.heading).toBeVisible();
  await expect(manager.tab('Catalog')).toHaveAttribute('aria-selected', 'true');
});

test('the PIN guards the main side: a call from the page without the PIN is refused; the gates’ PIN lets Settings and Discard go through', async ({
  vendor,
  terminalPage: page,
}) => {
  test.setTimeout(180_000);
  const settings = new SettingsPage(page);
  const floor = new FloorPage(page);
  const service = new ServicePage(page);

  // Set the PIN; the same Settings visit goes on saving without asking it again.
  await settings.open();
  await settings.setPin(PIN);
  await settings.chooseTheme('Dark', 'dark');
  const gate = new PinDialog(page);
  await gate.expectClosed();

  // Any script in the page (the session cookie rides along) gets nothing guarded without a grant.
  const direct = await page.evaluate(async () => {
    const answer = await fetch('/bridge/savePreferences', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"lockIdleMinutes":0,"theme":"light"}',
    });
    return (await answer.json()) as { ok: boolean; error?: { code: string } };
  });
  expect(direct).toMatchObject({ ok: false, error: { code: 'pin-required' } });
  // Outside the browser (no session cookie), the bridge answers nothing at all.
  expect(
    (await fetch(`${new URL(page.url()).origin}/bridge/getAppInfo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status,
  ).toBe(403);
  await settings.backButton.tap();

  // A seating that waits (the vendor offline); Discard asks the PIN, and with it the entry goes.
  const [room] = await vendor.rooms();
  await vendor.offline();
  await floor.showRoom(room!.name);
  await floor.table(room!.tables[0]!.name).tap();
  await service.seat(room!.tables[0]!.name, 2);
  await service.expectPending(1, 15_000);
  await service.openPending();
  await service.discardFirstPending();
  await gate.expectAsking('Enter the PIN to discard this order');
  await gate.enterOnKeypad(PIN);
  await expect(service.pendingEntries).toHaveCount(0);
  await gate.expectClosed();
});
