/** Spec §8: the share dialog requires its root element. */
export class MissingRootElementError extends Error {
  constructor(id: string) {
    super(`Cannot find node root with id ${id}`);
    this.name = 'MissingRootElementError';
  }
}

export function findRootElement(id: string, doc: Document = document): HTMLElement {
  const element = id ? doc.getElementById(id) : null;
  if (!element) throw new MissingRootElementError(id);
  return element;
}
