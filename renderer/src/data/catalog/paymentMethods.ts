// The payment methods the pay dialog offers: the synced active ones, by name;
// before the first sync, Card and Cash (clarifications: 1 Card, 2 Cash exist in every account).
// A method the venue named "Gift card" is the one a gift card's payment records; it is not offered
// on its own (a card is paid through its redeem).

export interface MethodChoice {
  id: number;
  name: string;
  cash: boolean;
}

const GIFT_CARD_NAME = /^(gift ?card|tarjeta (de )?regalo|targeta (de )?regal)$/i;
const CASH_NAME = /^(cash|efectivo|efectiu|metálico|metalico)$/i;

export function isGiftCardMethod(name: string): boolean {
  return GIFT_CARD_NAME.test(name.trim());
}

export function methodChoices(
  stored: readonly { id: number; name: string; active: boolean }[] | undefined,
  fallback: { card: string; cash: string },
): { methods: MethodChoice[]; giftCardMethod: { id: number; name: string } | null } {
  const active = (stored ?? []).filter((m) => m.active && m.name.trim() !== '');
  const gift = active.find((m) => isGiftCardMethod(m.name)) ?? null;
  const listed = active
    .filter((m) => m !== gift)
    .map((m) => ({ id: m.id, name: m.name.trim(), cash: m.id === 2 || CASH_NAME.test(m.name.trim()) }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  const methods =
    listed.length > 0
      ? listed
      : [
          { id: 1, name: fallback.card, cash: false },
          { id: 2, name: fallback.cash, cash: true },
        ];
  return { methods, giftCardMethod: gift ? { id: gift.id, name: gift.name.trim() } : null };
}
