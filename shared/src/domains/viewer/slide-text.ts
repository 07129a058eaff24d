/**
 * The words a slide carries besides the document's own (shell/src/pages/view/playback/slide-renderer.ts): the byline
 * on the first page and each page's label. Defined once for the player and the server's PDF of a trackable link.
 */
export const slideTextMessages = {
  byline: { id: 'shell.view.slideByline', defaultMessage: 'by {owner}' },
  pageNumber: { id: 'shell.view.slideNumber', defaultMessage: '{page, number} / {count, number}' },
} as const;
