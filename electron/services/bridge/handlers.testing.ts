import { vi } from 'vitest';
import { operationNames } from '../../../shared/bridge';
import type { BridgeHandlers } from './dispatcher';

/**
 * Handlers for tests: each operation not overridden throws "not used by this test", so a test
 * lists only what it exercises and a new operation does not touch every test file.
 */
export function testHandlers(overrides: Partial<BridgeHandlers> = {}): BridgeHandlers {
  const base = Object.fromEntries(
    operationNames.map((name) => [
      name,
      vi.fn(async () => {
        throw new Error(`${name} is not used by this test`);
      }),
    ]),
  ) as unknown as BridgeHandlers;
  return { ...base, ...overrides };
}
