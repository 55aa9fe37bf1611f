import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { chromiumLaunch } from '../../playwright.config';
import { FirstStartPage } from './pages/FirstStartPage';
import { FloorPage } from './pages/FloorPage';
import { freePort, startServe, tokenFileArgs } from './support/processes';
import { expect, test } from './support/fixtures';
import { screenshot } from './support/screens';

/** A real browser profile on disk, so a restart finds what the last run stored in IndexedDB. */
async function launchTerminal(profileDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, {
    ...chromiumLaunch,
    viewport: { width: 1280, height: 800 },
    hasTouch: true,
  });
}

test('serve shows the demo venue: every room as a tab, every table drawn to scale', async ({ vendor, demoTerminal }) => {
  // The demo venue is the sandbox's own seed: the fixture's vendor, started with that seed, says
  // what the floor is (read from the server, not from our code).
  const rooms = await vendor.rooms();
  expect(rooms.length).toBeGreaterThanOrEqual(2);
  expect(rooms.flatMap((r) => r.tables).length).toBeGreaterThanOrEqual(20);

  const floor = new FloorPage(await demoTerminal.open());
  // A new terminal: its first screen offers the demos; the newcomer picks the venue.
  await new FirstStartPage(floor.page).choose('Demo venue');
  await floor.expectOnline();
  await floor.expectFloor(rooms);
  for (const room of rooms) {
    await floor.showRoom(room.name);
    await screenshot(floor.page, `floor-demo-${room.name}`);
  }
});

test('after a restart with the server gone, the same floor plan comes from IndexedDB, marked offline', async ({ vendor, owned }) => {
  const port = String(await freePort()); // same port = same origin = same IndexedDB
  const dataDir = await mkdtemp(join(tmpdir(), 'comanda-e2e-data-'));
  const profileDir = await mkdtemp(join(tmpdir(), 'comanda-e2e-profile-'));

  const rooms = await vendor.rooms();
  const firstServe = await startServe(['--port', port, '--data', dataDir, '--backend', vendor.url, ...tokenFileArgs(dataDir)]);
  owned.running.push(firstServe);

  let context = await launchTerminal(profileDir);
  let floor = new FloorPage(await context.newPage());
  await floor.open(firstServe.url);
  await floor.expectOnline();
  await floor.expectFloor(rooms);

  // Shut everything down: the terminal, its server, and the vendor's server.
  await context.close();
  await firstServe.stop();
  await vendor.stop();

  // Next start: credentials come from the vault saved by the first run; the server is unreachable.
  const secondServe = await startServe(['--port', port, '--data', dataDir, '--backend', vendor.url]);
  owned.running.push(secondServe);
  context = await launchTerminal(profileDir);
  owned.contexts.push(context);
  floor = new FloorPage(await context.newPage());
  await floor.open(secondServe.url);
  await floor.expectOffline();
  await floor.expectFloor(rooms);
  await floor.showRoom(rooms[0]!.name);
  await screenshot(floor.page, 'floor-offline-restart');
});
