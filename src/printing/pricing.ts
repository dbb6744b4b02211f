/** The sandbox's price list (facts, Part B), which the preflight's prices estimate the real service's with: a base per letter plus a price per sheet, more for colour and postcards. */
export interface Pricing {
  readonly letterBase: number;
  readonly perSheet: number;
  readonly colourPerSheet: number;
  readonly postcard: number;
  readonly replyEnvelope: number;
}

export const DEFAULT_PRICING: Pricing = { letterBase: 0.55, perSheet: 0.12, colourPerSheet: 0.2, postcard: 0.68, replyEnvelope: 0.15 };

function cents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

export function letterPrice(pricing: Pricing, sheets: number, colour: boolean, replyEnvelope = false): number {
  return cents(
    pricing.letterBase + sheets * (pricing.perSheet + (colour ? pricing.colourPerSheet : 0)) + (replyEnvelope ? pricing.replyEnvelope : 0),
  );
}

export function postcardPrice(pricing: Pricing, colour: boolean): number {
  return cents(pricing.postcard + (colour ? pricing.colourPerSheet : 0));
}
