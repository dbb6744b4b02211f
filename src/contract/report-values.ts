/**
 * The values reports give in their plain-string fields (facts: "Print properties seen in reports";
 * the contract lists `MailerType` and `WorkMode`), each with the words a person reads. Where a
 * field carries one of the contract's enumerations (PrintColor, PostcardSize, WorkMode) its keys are
 * that enumeration's values, checked by the type, less `Default`, which reports never show.
 * Words for one field are a table, not code: a value the service adds later is shown as it is.
 */
import type { EnumValue } from './enums';

type Reported<E extends 'PrintColor' | 'PostcardSize' | 'WorkMode'> = Readonly<Record<Exclude<EnumValue<E>, 'Default'>, string>>;

export const reportValueWords = {
  MailerType: { Letter: 'Letter', Postcard: 'Postcard' },
  WorkMode: {
    Production: 'Production: printed, mailed and charged',
    Development: 'Development: processed as in Production but never printed, mailed or charged; the price is an estimate',
  } satisfies Reported<'WorkMode'>,
  Orientation: { Portrait: 'Portrait (upright)', Landscape: 'Landscape (sideways)' },
  Envelope: { 'Env#10WhiteDoubleWindow': 'No. 10 double-window envelope, white' },
  Paper: { 'Letter24#BondWhite': 'Letter size, 24 lb white bond', Postcard14ptGloss: 'Postcard stock, 14 pt gloss' },
  PrintColor: { Black: 'Black and white', FullColor: 'Full colour' } satisfies Reported<'PrintColor'>,
  PrintSides: { PrintSimplex: 'Printed on one side', PrintDuplex: 'Printed on both sides' },
  Postcard: { Postcard_4_25X6: '4.25 × 6 inch postcard' } satisfies Reported<'PostcardSize'>,
  NationalMailing: { USFirstClass: 'US First-Class Mail' },
  InternationalMailing: { USInterFirstClass: 'First-Class Mail International' },
} as const satisfies Readonly<Record<string, Readonly<Record<string, string>>>>;

export type ReportedField = keyof typeof reportValueWords;

/** A reported value in words; one the table does not know, as the service wrote it. */
export function describeReportValue(field: ReportedField, value: string): string {
  const words: Readonly<Record<string, string>> = reportValueWords[field];
  return Object.hasOwn(words, value) ? words[value]! : value;
}
