import { useCallback } from 'react';
import { useOpeningState } from '@deck/shared/ui/modal/opening-state';
import { parseAddressList, splitFinished, type AddressProblem, type ParsedAddress } from './parse-address-list';

const NO_CHIPS: ParsedAddress[] = [];
const NO_PROBLEMS: AddressProblem[] = [];

/**
 * The chips of an add form: finished text becomes removable chips, each invalid entry keeps its
 * own problem. Used by the document and the folder dialog's add forms.
 */
export function useAddressChips() {
  const [chips, setChips] = useOpeningState<ParsedAddress[]>(NO_CHIPS);
  const [problems, setProblems] = useOpeningState<AddressProblem[]>(NO_PROBLEMS);

  /** Turns `text` into chips after the current ones; returns every chip and the problems of the text. */
  const absorb = useCallback(
    (text: string, current: ParsedAddress[] = chips) => {
      const parsed = parseAddressList(text, current.map((chip) => chip.email));
      const next = [...current, ...parsed.addresses];
      setChips(next);
      setProblems(parsed.problems);
      return { next, problems: parsed.problems };
    },
    [chips, setChips, setProblems],
  );

  /** Typing: what is finished (after a comma, semicolon or new line) becomes chips; returns the draft left. */
  const typed = useCallback(
    (value: string) => {
      const { finished, rest } = splitFinished(value);
      if (!finished) return value;
      absorb(finished);
      return rest.trimStart();
    },
    [absorb],
  );

  /** A paste of several entries becomes chips at once (true); one entry is left to the field (false). */
  const pasted = useCallback(
    (text: string) => {
      const parsed = parseAddressList(text);
      if (parsed.addresses.length + parsed.problems.length <= 1) return false;
      absorb(text);
      return true;
    },
    [absorb],
  );

  const remove = useCallback((email: string) => setChips((current) => current.filter((chip) => chip.email !== email)), [setChips]);

  return { chips, setChips, problems, setProblems, absorb, typed, pasted, remove };
}
