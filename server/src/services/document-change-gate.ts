/**
 * How many level changes of one document this process sends to PostgreSQL at once. Each change locks the
 * document's row for its statement (collaborator-level.ts), so changes of one document are serialised there
 * anyway; more of them in flight only wait on the row lock, and PostgreSQL spends more CPU on a queue of waiters
 * (each woken, re-checking the row, locking it again) than on the changes. Two keep the row busy without a gap:
 * one holds the lock while the next waits for it (docs/decisions.md, *How a request reads the database*).
 */
export const LEVEL_CHANGES_IN_FLIGHT_PER_DOCUMENT = 2;

interface Gate {
  running: number;
  waiting: Array<() => void>;
}

const gates = new Map<number, Gate>();

/**
 * Runs `change` once fewer than LEVEL_CHANGES_IN_FLIGHT_PER_DOCUMENT changes of the document are in flight in
 * this process, in the order they came; the next waiting change starts when one ends, whether it succeeded or not.
 */
export async function throughDocumentGate<T>(documentId: number, change: () => Promise<T>): Promise<T> {
  let gate = gates.get(documentId);
  if (!gate) {
    gate = { running: 0, waiting: [] };
    gates.set(documentId, gate);
  }
  if (gate.running >= LEVEL_CHANGES_IN_FLIGHT_PER_DOCUMENT) await new Promise<void>((resolve) => gate.waiting.push(resolve));
  else gate.running += 1;
  try {
    return await change();
  } finally {
    const next = gate.waiting.shift();
    // The slot passes straight to the next change; the last one out forgets the document.
    if (next) next();
    else if (--gate.running === 0) gates.delete(documentId);
  }
}

/** The documents with a change in flight or waiting (for tests: a gate must not outlive its changes). */
export function documentsInGate(): number {
  return gates.size;
}
