/**
 * The preflight of a letter: printed here as the service would print it, with its pages, sheets,
 * price and everything the service would refuse it for or fail it with, before anything is sent.
 */
import { missingFieldCodes, STATUS } from '../../contract';
import { MAX_LETTER_SHEETS, printLetters, type PostalAddress, type WorkModeUsed } from '../printer';
import { DEFAULT_PRICING, letterPrice, type Pricing } from '../pricing';
import { addressFindings, finding, hasErrors, zipFinding, type Finding } from './findings';

/** How the account prints letters; a new account's settings when not said (black, one side). */
export interface PrintSettings {
  readonly workMode: WorkModeUsed;
  readonly duplex?: boolean;
  readonly colour?: boolean;
  readonly pricing?: Pricing;
}

export interface PreflightReport {
  /** Nothing would be refused or fail. */
  readonly ok: boolean;
  readonly pages: number;
  readonly sheets: number;
  /** The sandbox's price list's price, in dollars: an estimate of the real service's. */
  readonly price: number;
  readonly findings: readonly Finding[];
  /** The proof: the printed PDF, as the service would print it; none when nothing could be printed. */
  readonly pdf?: Uint8Array;
}

/** What the printer found beyond the address rules, in words; -1018 is the address rules' own finding. */
export function printFindings(failures: readonly number[], sheets: number, where: Pick<Finding, 'row' | 'line'> = {}): Finding[] {
  const words: Readonly<Record<number, string>> = {
    [STATUS.DocumentNotProcessed]:
      'The document cannot be read as its type says (a damaged or mislabelled file); the proof shows what could be printed.',
    [STATUS.AddressNotExtracted]: 'No address is given and the document has no text to find one in.',
    [STATUS.TooManySheets]: `It prints on ${sheets} sheets; a No. 10 envelope holds ${MAX_LETTER_SHEETS}.`,
  };
  return failures.flatMap((code) => (words[code] === undefined ? [] : [finding(code, 'error', words[code], where)]));
}

export async function preflightLetter(
  letter: { readonly type: string; readonly data: Uint8Array; readonly address?: PostalAddress },
  settings: PrintSettings,
): Promise<PreflightReport> {
  const findings: Finding[] = [];
  if (letter.address) {
    findings.push(...addressFindings(letter.address));
    const zip = zipFinding(letter.address, settings.workMode);
    if (zip) findings.push(zip);
  }
  if (letter.data.length === 0) findings.push(finding(missingFieldCodes.FileBinaryData!, 'error', 'The file is empty.'));
  const { pdf, letters } = await printLetters([
    {
      contents: letter.data.length === 0 ? [] : [{ kind: 'file', type: letter.type, data: letter.data }],
      ...(letter.address ? { address: letter.address } : {}),
      workMode: settings.workMode,
      duplex: settings.duplex ?? false,
    },
  ]);
  const printed = letters[0]!;
  findings.push(...printFindings(printed.failures, printed.sheets));
  if (!letter.address && !printed.failures.includes(STATUS.AddressNotExtracted)) {
    findings.push(
      finding(
        STATUS.AddressNotExtracted,
        'warning',
        'No address is given: the service reads it from the document, where the envelope window shows it (the proof shows where).',
      ),
    );
  }
  return {
    ok: !hasErrors(findings),
    pages: printed.pages,
    sheets: printed.sheets,
    price: letterPrice(settings.pricing ?? DEFAULT_PRICING, printed.sheets, settings.colour ?? false),
    findings,
    pdf,
  };
}
