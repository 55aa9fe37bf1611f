import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type BrowserContext } from '@playwright/test';
import { chromiumLaunch } from '../../playwright.config';
import { FirstStartPage } from './support/FirstStartPage';
import { FloorPage } from './support/FloorPage';
import { freePort, roomsFromServer, startSandbox, startServe, tokenFileArgs } from './support/processes';
import { useCleanup } from './support/cleanup';

const SCREENS = 'test-results/screens';

/** A real browser profile on disk, so a restart finds what the last run stored in IndexedDB. */
async function launchTerminal(profileDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, {
    ...chromiumLaunch,
    viewport: { width: 1280, height: 800 },
    hasTouch: true,
  });
}

const { running, contexts } = useCleanup();

test('serve shows the demo venue: every room as a tab, every table drawn to scale', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'comanda-e2e-data-'));
  const serve = await startServe(['--port', String(await freePort()), '--data', dataDir]);
  running.push(serve);
  // The embedded sandbox says where it listens; read the venue from it, not from our code.
  const sandboxUrl = serve.output().match(/embedded sandbox at (http:\/\/127\.0\.0\.1:\d+)/)?.[1];
  expect(sandboxUrl, serve.output()).toBeTruthy();
  const rooms = await roomsFromServer(sandboxUrl!);
  expect(rooms.length).toBeGreaterThanOrEqual(2);
  expect(rooms.flatMap((r) => r.tables).length).toBeGreaterThanOrEqual(20);

  const context = await launchTerminal(await mkdtemp(join(tmpdir(), 'comanda-e2e-profile-')));
  contexts.push(context);
  const floor = new FloorPage(await context.newPage());
  await floor.open(serve.url);
  // A new terminal: its first screen offers the demos; the newcomer picks the venue.
  await new FirstStartPage(floor.page).choose('Demo venue');
  await expect(floor.connection).toContainText('Online');
  await floor.expectFloor(rooms);
  for (const room of rooms) {
    await floor.showRoom(room.name);
    await floor.page.screenshot({ path: `${SCREENS}/floor-demo-${room.name}.png` });
  }
});

test('after a restart with the server gone, the same floor plan comes from IndexedDB, marked offline', async () => {
  const port = String(await freePort()); // same port = same origin = same IndexedDB
  const dataDir = await mkdtemp(join(tmpdir(), 'comanda-e2e-data-'));
  const profileDir = await mkdtemp(join(tmpdir(), 'comanda-e2e-profile-'));

  const sandbox = await startSandbox();
  running.push(sandbox);
  const rooms = await roomsFromServer(sandbox.url);
  const firstServe = await startServe([
    '--port', port, '--data', dataDir,
    '--backend', sandbox.url, ...tokenFileArgs(dataDir),
  ]);
  running.push(firstServe);

  let context = await launchTerminal(profileDir);
  let floor = new FloorPage(await context.newPage());
  await floor.open(firstServe.url);
  await expect(floor.connection).toContainText('Online');
  await floor.expectFloor(rooms);

  // Shut everything down: the terminal, its server, and the vendor's server.
  await context.close();
  await firstServe.stop();
  await sandbox.stop();

  // Next start: credentials come from the vault saved by the first run; the server is unreachable.
  const secondServe = await startServe(['--port', port, '--data', dataDir, '--backend', sandbox.url]);
  running.push(secondServe);
  context = await launchTerminal(profileDir);
  contexts.push(context);
  floor = new FloorPage(await context.newPage());
  await floor.open(secondServe.url);
  await expect(floor.connection).toContainText('Offline');
  await floor.expectFloor(rooms);
  await floor.showRoom(rooms[0]!.name);
  await floor.page.screenshot({ path: `${SCREENS}/floor-offline-restart.png` });
});
