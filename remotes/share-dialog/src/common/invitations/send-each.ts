import type { ParsedAddress } from './parse-address-list';

export interface SendEachResult<E> {
  sent: ParsedAddress[];
  /** The chips not sent: the refused one and those after it, to send again later. */
  unsent: ParsedAddress[];
  error: E | null;
}

/** One Add sends every chip in order and stops at the first refusal (e.g. the invitation limit). */
export async function sendEach<E>(chips: readonly ParsedAddress[], send: (chip: ParsedAddress) => Promise<E | null>): Promise<SendEachResult<E>> {
  const sent: ParsedAddress[] = [];
  for (const [index, chip] of chips.entries()) {
    const error = await send(chip);
    if (error !== null) return { sent, unsent: chips.slice(index), error };
    sent.push(chip);
  }
  return { sent, unsent: [], error: null };
}
