/**
 * Titles and names are one line of plain text: no C0 or C1 control character (line breaks, tabs, escape), no
 * Unicode line or paragraph separator, no bidirectional override or isolate (which reorder text on screen). They
 * are shown in pages, lists and the plain-text e-mails, where a line break would let an inviter lay out the e-mail
 * (a fake "Accept" line above the real one).
 */
export const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

export const SINGLE_LINE_MESSAGE = 'The {field} must be one line of text, without line breaks or other control characters.';

export function singleLineMessage(field: string): string {
  return SINGLE_LINE_MESSAGE.replace('{field}', field);
}
