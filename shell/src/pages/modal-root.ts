/** The element the host page provides for modals (see index.html). */
export const MODAL_ROOT_ID = 'deck-modal-root';
