import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { FirstStartPage } from './pages/FirstStartPage';
import { FloorPage } from './pages/FloorPage';
import { Header } from './pages/Header';
import { SettingsPage } from './pages/SettingsPage';
import { expect, test } from './support/fixtures';
import { roomsFromServer, startScript } from './support/processes';

const SCREENS = 'test-results/screens';
const TSX = resolve(import.meta.dirname, '../../node_modules/.bin/tsx');
const execFileAsync = promisify(execFile);

/**
 * The vendor's server of a real venue: the sandbox CLI on its own port, with a floor of its own
 * (so the terminal's floor visibly comes from it, not from the demo venue) and no rate limit.
 */
async function startVenueServer() {
  const dir = await mkdtemp(join(tmpdir(), 'comanda-e2e-venue-'));
  const statePath = join(dir, 'state.json');
  await execFileAsync(TSX, [resolve(import.meta.dirname, 'support/writeVenueState.ts'), statePath]);
  const started = await startScript(
    'electron/sandbox/cli.ts',
    ['--port', '0', '--rate-limit', '100000', '--state', statePath],
    /listening on (http:\/\/127\.0\.0\.1:\d+)/,
  );
  return { ...started, url: started.match[1]! };
}

test('settings: a wrong token is explained, the right one passes every check, Save switches the floor to that account', async ({ demoTerminal, owned }) => {
  const venue = await startVenueServer();
  owned.running.push(venue);
  const venueRooms = await roomsFromServer(venue.url);
  expect(venueRooms.map((r) => r.name)).toEqual(['Terraza Pepe', 'Barra Pepe']);

  const page = await demoTerminal.open();
  const floor = new FloorPage(page);
  const settings = new SettingsPage(page);
  const header = new Header(page);

  await header.expectNaming('Demo venue');
  // A new terminal: "Connect my account" on its first screen opens Settings on the account's form.
  await new FirstStartPage(page).choose('Connect my account');
  await expect(settings.heading).toBeVisible();
  await expect(settings.inUse).toContainText('The demo venue');
  await expect(settings.choice('Real account')).toBeChecked();
  await settings.choose('Real account');
  await settings.choose('Custom');
  await settings.fillAccount({
    baseUrl: venue.url,
    imagesUrl: venue.url,
    tenant: 'demo',
    accessToken: 'not-the-token',
    integratorToken: 'demo-client',
  });

  // Wrong token: the credentials check fails and says which header the server blamed.
  await settings.testConnection();
  await expect(settings.verdict).toHaveText('1 check failed.');
  const credentials = settings.check('Credentials accepted');
  await expect(credentials).toContainText('failed');
  await expect(credentials).toContainText('The server refused the access token (Authorization header)');
  await expect(settings.check('Server reachable')).toContainText('passed');
  await expect(settings.check('Image storage reachable')).toContainText('passed');
  await page.screenshot({ path: `${SCREENS}/settings-wrong-token.png` });

  // The right token: every check passes.
  await settings.fill('Access token', 'demo-token');
  await settings.testConnection();
  await expect(settings.verdict).toHaveText('Every check passed: these settings work.');
  await expect(settings.checks).toHaveCount(5);
  for (const check of await settings.checks.all()) await expect(check).toContainText('passed');

  await settings.save();
  const host = new URL(venue.url).host;
  await expect(settings.saveStatus).toContainText(`This terminal now uses demo on ${host}.`);
  await expect(settings.inUse).toContainText(`demo on ${host}`);
  // Tokens are never shown again: the fields are empty, with a note that they are saved.
  await expect(settings.field('Access token')).toHaveValue('');
  await settings.expectTokensSaved();
  await page.screenshot({ path: `${SCREENS}/settings.png` });

  // Back on the floor: the header names the account, and the plan is that account's.
  await settings.backToFloor();
  await header.expectNotNaming('Demo venue');
  await header.expectNaming('demo');
  await expect(floor.connection).toContainText('Online');
  await floor.expectFloor(venueRooms);
  await floor.page.screenshot({ path: `${SCREENS}/settings-floor-after-switch.png` });
  expect(demoTerminal.output()).not.toContain('demo-token');
});
