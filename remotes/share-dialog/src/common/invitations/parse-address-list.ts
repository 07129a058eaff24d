import { emailProblem, normalizeEmail, type EmailProblem } from '@deck/shared/validation/email';

export interface ParsedAddress {
  /** As the server stores it (normalizeEmail: NFKC, trimmed, lower-case). */
  email: string;
  /** The display name of `Name <address>`, when given. */
  name: string | null;
}

export interface AddressProblem {
  text: string;
  problem: EmailProblem;
}

/** `Name <address>`: what precedes `<` up to the previous bare address is the name (optionally quoted). */
const NAMED = /([^<>]*?)<([^<>]*)>/g;

/**
 * Several addresses typed or pasted at once: separated by commas, semicolons, spaces or new
 * lines, each either bare or `Name <address>`. Valid ones come back once each (case-insensitively, in the
 * order given), the others each with why they are not valid.
 */
export function parseAddressList(text: string, already: Iterable<string> = []): { addresses: ParsedAddress[]; problems: AddressProblem[] } {
  const seen = new Set([...already].map(normalizeEmail));
  const addresses: ParsedAddress[] = [];
  const problems: AddressProblem[] = [];
  const add = (raw: string, name: string | null) => {
    const typed = raw.trim();
    const key = normalizeEmail(typed);
    const problem = emailProblem(key);
    if (problem) {
      problems.push({ text: name ? `${name} <${typed}>` : typed, problem });
      return;
    }
    if (seen.has(key)) return;
    seen.add(key);
    addresses.push({ email: key, name });
  };
  const bare = (words: string) => {
    for (const token of words.split(/\s+/)) if (token) add(token, null);
  };
  for (const segment of text.split(/[,;\n\r]+/)) {
    let last = 0;
    for (const match of segment.matchAll(NAMED)) {
      // Words with an @ before the name are addresses of their own; the others make up the name.
      const words = match[1].trim().split(/\s+/).filter(Boolean);
      const firstNameWord = words.findLastIndex((word) => word.includes('@')) + 1;
      bare(words.slice(0, firstNameWord).join(' '));
      const name = words.slice(firstNameWord).join(' ').replace(/^"|"$/g, '').trim();
      add(match[2], name || null);
      last = (match.index ?? 0) + match[0].length;
    }
    bare(segment.slice(last));
  }
  return { addresses, problems };
}

/**
 * Splits typed text at its last comma, semicolon or new line outside `<…>`: what is finished (it can
 * become chips now) and what is still being typed. Spaces do not finish an address while typing, since a
 * name has them (`Hugo Hill <…>`); a paste or Add parses everything.
 */
export function splitFinished(text: string): { finished: string; rest: string } {
  for (let i = text.length - 1; i >= 0; i -= 1) {
    if (/[,;\n\r]/.test(text[i])) {
      const head = text.slice(0, i + 1);
      if (head.lastIndexOf('<') > head.lastIndexOf('>')) continue;
      return { finished: head, rest: text.slice(i + 1) };
    }
  }
  return { finished: '', rest: text };
}
