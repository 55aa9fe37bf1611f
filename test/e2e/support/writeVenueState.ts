// Writes a sandbox state file (`--state`) whose accounts have a floor of their own, so an e2e test
// can tell "the floor of this server" from the demo venue's. Run with tsx (the sandbox imports
// JSON, which Playwright's loader cannot): `tsx test/e2e/support/writeVenueState.ts <file>`.
import { writeFileSync } from 'node:fs';
import { createSandboxApp } from '../../../electron/sandbox/app';
import { serializeState } from '../../../electron/sandbox/persistence';

export const VENUE_ROOMS = [
  {
    id: 1,
    name: 'Terraza Pepe',
    order: 1,
    tables: [
      { id: 1, name: 'P1', x: 40, y: 40, width: 120, height: 120, color: '#ffd54f', type_id: 2 },
      { id: 2, name: 'P2', x: 260, y: 40, width: 120, height: 120, color: '#ffd54f', type_id: 2 },
      { id: 3, name: 'P3', x: 480, y: 200, width: 200, height: 110, color: '#90caf9', type_id: 1 },
    ],
  },
  { id: 2, name: 'Barra Pepe', order: 2, tables: [{ id: 4, name: 'B1', x: 60, y: 60, width: 260, height: 90, color: '#a5d6a7', type_id: 1 }] },
];

const file = process.argv[2];
if (!file) throw new Error('usage: tsx test/e2e/support/writeVenueState.ts <state file>');
writeFileSync(file, serializeState(createSandboxApp({ seed: { rooms: VENUE_ROOMS } }).state));
