import { coded, saidParam, type GiftCard } from '../../../shared/bridge';
import type { GiftCardWire } from '../../../shared/api';
import { centsToDecimal, parseCents } from '../../../shared/domain/money';
import { ServiceError } from '../bridge/dispatcher';
import { GatewayError } from '../gateway';
import type { CommerceDeps, CommerceHandlers } from './types';

// Selling a gift card (spec 2.3, 4.2 `POST V2/giftCards`, 7). Online only: the
// API answers at once, 201 with the card or 422 with why. A 422 becomes `gift-card-refused` with
// the vendor's own words (`said`); every other failure is the gateway's (offline, timeout, …).
// Redeeming a card is a payment and goes through the queue (delivery.ts `gift-redeem`), not here.

export function giftCardHandlers(deps: CommerceDeps): Pick<CommerceHandlers, 'createGiftCard'> {
  return {
    async createGiftCard(input) {
      let answer: GiftCardWire;
      try {
        answer = await deps.gateway.createGiftCard({
          uuid: input.uuid,
          // Exact: 2500 cents travel as "25.00", never as a float.
          balance: centsToDecimal(input.balanceCents),
          ...(input.campaignId !== undefined ? { campaign_id: input.campaignId } : {}),
        });
      } catch (error) {
        throw asServiceError(error);
      }
      return { card: cardOf(answer, input.uuid) };
    },
  };
}

/** The card as the POS answered it; an answer that is not this card, or not an amount, is invalid. */
function cardOf(answer: GiftCardWire, uuid: string): GiftCard {
  const balanceCents = parseCents(answer.balance);
  if (answer.uuid !== uuid || balanceCents === null || balanceCents < 0) {
    throw new ServiceError({
      kind: 'invalid-response',
      ...coded('response-unexpected-shape'),
      detail: `POST giftCards: answered ${JSON.stringify({ uuid: answer.uuid, balance: answer.balance }).slice(0, 300)} for uuid ${uuid}`,
    });
  }
  const campaign = answer.campaign_id;
  return {
    uuid: answer.uuid,
    balanceCents,
    campaignId: campaign === null || campaign === undefined || campaign === '' ? null : String(campaign).slice(0, 100),
  };
}

function asServiceError(error: unknown): unknown {
  if (!(error instanceof GatewayError)) return error;
  const info = error.toBridgeError();
  // spec §7: 422 is how POST V2/giftCards says no (the uuid is taken, the balance is wrong, …).
  if (error.status === 422) {
    const said = info.params?.said;
    return new ServiceError({
      kind: 'invalid',
      ...coded('gift-card-refused', saidParam(typeof said === 'string' ? said : undefined)),
      ...(info.detail !== undefined ? { detail: info.detail } : {}),
    });
  }
  return new ServiceError(info);
}
