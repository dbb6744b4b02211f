/**
 * What a mailer costs, the one rule for every front end and the sandbox: the sandbox charges with
 * it, and the preflight, the proof and both front ends' spending guards predict with it. The
 * sandbox's price list (facts, Part B) is a base per letter plus a price per sheet, more for
 * colour and postcards; the preflight's prices estimate the real service's with it.
 */
import type { EnumValue } from '../contract';

export interface Pricing {
  readonly letterBase: number;
  readonly perSheet: number;
  readonly colourPerSheet: number;
  readonly postcard: number;
  readonly replyEnvelope: number;
}

export const DEFAULT_PRICING: Pricing = { letterBase: 0.55, perSheet: 0.12, colourPerSheet: 0.2, postcard: 0.68, replyEnvelope: 0.15 };

/** A mailer as its price sees it: a letter by its sheets (its print sides already counted in them), a postcard by its card. */
export type PricedMailer =
  | { readonly kind: 'letter'; readonly sheets: number; readonly colour: boolean; readonly replyEnvelope?: boolean }
  | { readonly kind: 'postcard'; readonly colour: boolean };

/**
 * Whether a mailer prints in colour, as the service decides it from the PrintColor asked: Black or
 * FullColor as asked; Default (or none asked) is the account's Letters_PrintColor for a letter,
 * and full colour for a postcard, whose picture side is printed as it is.
 */
export function printsInColour(kind: PricedMailer['kind'], asked: EnumValue<'PrintColor'> | undefined, accountColour: boolean): boolean {
  const chosen = asked ?? 'Default';
  if (chosen !== 'Default') return chosen === 'FullColor';
  return kind === 'postcard' || accountColour;
}

function cents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/** The mailer's price in dollars, whatever its work mode: what is spent of it is charges.ts's rule (Development is never charged). */
export function mailerPrice(mailer: PricedMailer, pricing: Pricing = DEFAULT_PRICING): number {
  const colour = mailer.colour ? pricing.colourPerSheet : 0;
  if (mailer.kind === 'postcard') return cents(pricing.postcard + colour);
  return cents(pricing.letterBase + mailer.sheets * (pricing.perSheet + colour) + (mailer.replyEnvelope ? pricing.replyEnvelope : 0));
}
