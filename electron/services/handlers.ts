import type { FloorRoom, FloorTable, PaymentMethod } from '../../shared/bridge';
import type { RoomWire, TableWire } from '../../shared/api';
import { ServiceError, type BridgeHandlers } from './dispatcher';
import { GatewayError, type Gateway } from './gateway';
import { VaultUnavailableError, type CredentialsVault } from './vault';

export interface HandlerDeps {
  shell: 'electron' | 'browser';
  mode: 'demo' | 'account';
  accountKey: string;
  version: string;
  gateway: Gateway;
  vault: CredentialsVault;
}

const DEFAULT_TABLE_COLOUR = '#9e9e9e';

/** '#abc' / 'abc' / '#AABBCC' → '#aabbcc'. */
export function normaliseColour(colour: string | null | undefined): string {
  if (!colour) return DEFAULT_TABLE_COLOUR;
  let hex = colour.replace(/^#/, '').toLowerCase();
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  return /^[0-9a-f]{6}$/.test(hex) ? `#${hex}` : DEFAULT_TABLE_COLOUR;
}

export function toFloorTable(table: TableWire): FloorTable {
  return {
    id: table.id,
    roomId: table.room_id,
    name: table.name,
    x: table.x,
    y: table.y,
    width: Math.max(0, table.width),
    height: Math.max(0, table.height),
    color: normaliseColour(table.color),
    typeId: table.type_id ?? null,
    isJoined: table.isJoined ?? false,
    joinedWithId: table.joined_with_id ?? null,
  };
}

export function toFloorRooms(rooms: RoomWire[]): FloorRoom[] {
  return rooms
    .map((room) => ({
      id: room.id,
      name: room.name,
      order: room.order ?? 0,
      active: room.active,
      tables: (room.tables ?? []).map(toFloorTable),
    }))
    .sort((a, b) => a.order - b.order || a.id - b.id);
}

/** Gateway and vault failures become errors the renderer can explain (kind + message + detail). */
async function explained<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof GatewayError) throw new ServiceError(error.toBridgeError());
    if (error instanceof VaultUnavailableError) {
      throw new ServiceError({ kind: 'vault-unavailable', message: error.message });
    }
    throw error;
  }
}

export function createBridgeHandlers(deps: HandlerDeps): BridgeHandlers {
  return {
    async getAppInfo() {
      const tenant = deps.mode === 'demo' ? 'demo' : ((await deps.vault.load())?.tenant ?? '');
      return { shell: deps.shell, mode: deps.mode, accountKey: deps.accountKey, tenant, version: deps.version };
    },
    listRooms: () => explained(async () => ({ rooms: toFloorRooms(await deps.gateway.listRooms()) })),
    listPaymentMethods: () =>
      explained(async () => ({
        paymentMethods: (await deps.gateway.listPaymentMethods()).map(
          (m): PaymentMethod => ({ id: m.id, name: m.name, active: m.active }),
        ),
      })),
    saveCredentials: (input) =>
      explained(async () => {
        await deps.vault.save(input);
        return { saved: true as const };
      }),
    // Built in issue 4 (gateway, settings, images): until then they say so instead of pretending.
    fetchSyncPage: notBuiltYet('fetchSyncPage'),
    getSettings: notBuiltYet('getSettings'),
    saveSettings: notBuiltYet('saveSettings'),
    testConnection: notBuiltYet('testConnection'),
    syncImages: notBuiltYet('syncImages'),
    async getCredentialsStatus() {
      const reason = deps.vault.unavailableReason();
      const stored = reason === null ? await deps.vault.load() : null;
      return { stored: stored !== null, tenant: stored?.tenant ?? null, unavailableReason: reason };
    },
  };
}

function notBuiltYet(name: string) {
  return async (): Promise<never> => {
    throw new ServiceError({ kind: 'internal', message: `${name} is not available in this version yet.` });
  };
}
