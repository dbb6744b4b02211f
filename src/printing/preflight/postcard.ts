/**
 * A postcard checked before it is sent, as a letter is (letter.ts): printed here as the service
 * prints it (printPostcard, which the sandbox prints its postcards with), with what the service
 * would fail it with (a side it cannot process, -1025; an address its check fails, -1018), and
 * what prints less well than it shows: a picture drawn at under 300 DPI, said as a letter's is.
 * Its HTML sides are drawn by the browser first, as the sandbox draws them (drawn.ts).
 */
import { STATUS, describeStatus, type EnumValue } from '../../contract';
import { printPostcard } from '../postcard';
import type { PostcardJob } from '../print-jobs';
import { drawPostcardSides } from '../drawn';
import { DEFAULT_PRICING, mailerPrice, printsInColour, type Pricing } from '../pricing';
import { finding, hasErrors, lowResolutionFinding, zipFinding, type Finding } from './findings';

export interface PostcardPreflightReport {
  /** Nothing would be refused or fail. */
  readonly ok: boolean;
  /** Its two sides, on one card. */
  readonly pages: number;
  readonly sheets: number;
  /** The sandbox's price list's price, in dollars. */
  readonly price: number;
  readonly findings: readonly Finding[];
  /** The proof: the postcard as printed, its image side then its address side. */
  readonly pdf: Uint8Array;
}

const SIDES: Readonly<Record<number, string>> = { 1: 'the image side', 2: 'the address side' };

export async function preflightPostcard(
  job: PostcardJob,
  options: { readonly color: EnumValue<'PrintColor'>; readonly pricing?: Pricing },
): Promise<PostcardPreflightReport> {
  const { pdf, printed } = await printPostcard((await drawPostcardSides(job)).job);
  const address = zipFinding(job.address, job.workMode);
  const findings: Finding[] = [
    ...printed.failures
      .filter((code) => code !== STATUS.AddressNotVerified)
      .map((code) =>
        finding(
          code,
          'error',
          code === STATUS.DocumentNotProcessed
            ? `A side cannot be printed${printed.unreadable ? `: ${printed.unreadable}` : ''}.`
            : describeStatus(code),
        ),
      ),
    ...(address ? [address] : []),
    ...(printed.inspection?.lowResolutionImages ?? []).map((image) =>
      lowResolutionFinding(image, SIDES[image.pages[0] ?? 1] ?? 'the postcard'),
    ),
  ];
  return {
    ok: !hasErrors(findings),
    pages: printed.pages,
    sheets: printed.sheets,
    price: mailerPrice({ kind: 'postcard', colour: printsInColour('postcard', options.color, false) }, options.pricing ?? DEFAULT_PRICING),
    findings,
    pdf,
  };
}
