/**
 * The ZIP code meant, beside the command line's refusal of a recipient whose ZIP code is not of
 * the form: the preflight's and the editor's own words (printing's withZipMeant, from
 * address/zip-written.ts), so that `mailroom send` and `postcard` refusing "2134" say, as they do,
 * that 02134 is Allston, MA's. Printing is loaded only when there is such a refusal to say.
 */
import { STATUS, type AddressError, type AddressProblem, type RecipientFields } from '../contract';
import { printing } from './printing';

/** A problem of the contract's address rules in words, with the ZIP code meant when there is one. */
export async function problemWords(problem: AddressProblem, address: RecipientFields): Promise<string> {
  if (problem.code !== STATUS.AddressNotVerified || problem.field !== 'PostalCode') return problem.message;
  const { withZipMeant } = await printing();
  return withZipMeant({ code: problem.code, severity: 'error', message: problem.message, field: problem.field }, address).message;
}

/** An address line's refusal, its first sentence followed by the ZIP code meant when there is one. */
export async function addressErrorWords(error: AddressError): Promise<string> {
  const zip = error.findings.find((f) => f.code === STATUS.AddressNotVerified && f.field === 'PostalCode');
  if (!zip) return error.message;
  const meant = (await problemWords(zip, error.understood)).slice(zip.message.length);
  const firstLine = error.message.indexOf('\n');
  return !meant || firstLine < 0 ? error.message : `${error.message.slice(0, firstLine)}${meant}${error.message.slice(firstLine)}`;
}
