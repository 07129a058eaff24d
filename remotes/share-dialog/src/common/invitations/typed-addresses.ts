import { emailProblem, normalizeEmail, type EmailProblem } from '@deck/shared/validation/email';
import { parseAddressList, type AddressProblem, type ParsedAddress } from './parse-address-list';

/** What Add makes of the field's text: the addresses to send, or the one problem of a single attempted address. */
export type TypedAddresses =
  | { kind: 'problem'; problem: EmailProblem }
  | { kind: 'addresses'; /** One address typed on its own (no chips, no separator). */ single: boolean; next: ParsedAddress[]; problems: AddressProblem[] };

/**
 * The one rule of both add forms, the document's and the folder's (spec §5, §6): text that reads as one address on
 * its own (no chips yet, no separator, at most one address in it) is a single address, whose problem shows under
 * the field; anything else is a list that joins the chips, each invalid entry keeping its own problem (`absorb`).
 */
export function readTypedAddresses(
  typed: string,
  chips: { chips: readonly ParsedAddress[]; absorb(text: string): { next: ParsedAddress[]; problems: AddressProblem[] } },
): TypedAddresses {
  const text = typed.trim();
  const parsed = parseAddressList(text);
  if (chips.chips.length === 0 && !/[,;\n]/.test(text) && parsed.addresses.length <= 1) {
    if (parsed.addresses.length === 1) return { kind: 'addresses', single: true, next: parsed.addresses, problems: [] };
    // 'Name <address>' is judged by its address.
    return { kind: 'problem', problem: emailProblem(normalizeEmail(text.replace(/^.*<([^<>]*)>\s*$/, '$1'))) ?? 'shape' };
  }
  const { next, problems } = chips.absorb(text);
  return { kind: 'addresses', single: false, next, problems };
}
