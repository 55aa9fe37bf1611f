import { CatalogPage } from '../pages/CatalogPage';
import type { FloorPage } from '../pages/FloorPage';
import { ServicePage } from '../pages/ServicePage';

// Steps many specs take on the way to what they test, written once (page models do the tapping).

/** The demo venue's still water: one tap adds one. */
export const WATER = 'Agua mineral 50 cl';

/**
 * Seats `guests` at `table` of `room`, then sends one round per entry of `rounds`, each of that
 * many waters (`[3, 1]`: a round of three, then one of one).
 */
export async function seatAndSendWater(floor: FloorPage, room: string, table: string, guests: number, rounds: number[]) {
  const service = new ServicePage(floor.page);
  const catalog = new CatalogPage(floor.page);
  await floor.showRoom(room);
  await floor.table(table).tap();
  await service.seat(table, guests);
  await catalog.search('agua mineral 50');
  for (const waters of rounds) {
    for (let i = 0; i < waters; i++) await catalog.itemButton(WATER).tap();
    await service.send();
  }
}
