/**
 * What the local sandbox's control path did with money, as both front ends tell it: what a chosen
 * failure refunded, and which mailers waiting for funds the money (new funds, or a refund) paid for,
 * which now go on. A sandbox from before this answer names none.
 */
export interface MoneyOutcome {
  readonly refunded: number;
  /** The mailers waiting for funds that it paid for, oldest first. */
  readonly paidFor: readonly number[];
}

export function moneyOutcome(reply: { readonly refunded?: number; readonly funded?: readonly number[] }): MoneyOutcome {
  return { refunded: reply.refunded ?? 0, paidFor: reply.funded ?? [] };
}
