import { tierTitleSchema, type TierTitle } from '@cutroom/contracts/portfolio';

/** The query parameter that opens the creator's 'Ask for an offer' form in the room, for that tier. */
export const ASK_OFFER_PARAM = 'askOffer';

/** /chat?roomId=…, and `&askOffer=pro` when the creator came from a tier card to ask for an offer. */
export function chatRoomPath(roomId: string, askOffer?: TierTitle): string {
  const params = new URLSearchParams({ roomId });
  if (askOffer) params.set(ASK_OFFER_PARAM, askOffer);
  return `/chat?${params.toString()}`;
}

/** The tier the URL asks an offer for; anything else in the parameter is ignored. */
export function askOfferOf(params: URLSearchParams): TierTitle | null {
  const parsed = tierTitleSchema.safeParse(params.get(ASK_OFFER_PARAM));
  return parsed.success ? parsed.data : null;
}
