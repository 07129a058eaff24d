import { MountPropError } from '@deck/shared/mount/validate-props';

/** Spec §8: the share dialog requires its root element; the message is the spec's. */
export class MissingRootElementError extends MountPropError {
  constructor(id: unknown) {
    super('share-dialog', 'rootElementId', 'the id of an element on the page', id);
    this.message = `Cannot find node root with id ${String(id)}`;
  }
}

export function findRootElement(id: unknown, doc: Document = document): HTMLElement {
  const element = typeof id === 'string' && id ? doc.getElementById(id) : null;
  if (!element) throw new MissingRootElementError(id);
  return element;
}
