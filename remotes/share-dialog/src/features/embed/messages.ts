import { defineMessages } from 'react-intl';

export const embedMessages = defineMessages({
  title: { id: 'shareDialog.embed.title', defaultMessage: 'Embed' },
  adapts: {
    id: 'shareDialog.embed.adapts',
    defaultMessage: "The embedded view adapts to its container and the viewer's screen size.",
  },
  responsiveOnly: {
    id: 'shareDialog.embed.responsiveOnly',
    defaultMessage: 'This design sizes itself to fit the page it is embedded in, so it needs no width or height.',
  },
  learnMore: { id: 'shareDialog.embed.learnMore', defaultMessage: 'Learn more' },
  size: { id: 'shareDialog.embed.size', defaultMessage: 'Size' },
  width: { id: 'shareDialog.embed.width', defaultMessage: 'Width' },
  height: { id: 'shareDialog.embed.height', defaultMessage: 'Height' },
  pixels: { id: 'shareDialog.embed.pixels', defaultMessage: 'px' },
  ratio: { id: 'shareDialog.embed.ratio', defaultMessage: 'Width and height keep a 16:9 ratio.' },
  code: { id: 'shareDialog.embed.code', defaultMessage: 'Embed code' },
  playerLink: { id: 'shareDialog.viewLink.playerLink', defaultMessage: 'Player-only link (no page around the document)' },
  copyPlayerLink: { id: 'shareDialog.viewLink.copyPlayerLink', defaultMessage: 'Copy player-only link' },
  copy: { id: 'shareDialog.embed.copy', defaultMessage: 'Copy' },
  copyCode: { id: 'shareDialog.embed.copyCode', defaultMessage: 'Copy embed code' },
  copied: { id: 'shareDialog.embed.copied', defaultMessage: 'Copied' },
  needsSize: { id: 'shareDialog.embed.needsSize', defaultMessage: 'Enter a width or a height to get the embed code.' },
  notAllowed: { id: 'shareDialog.embed.notAllowed', defaultMessage: 'Not allowed to embed' },
  onlyCollaborators: { id: 'shareDialog.embed.onlyCollaborators', defaultMessage: 'Only collaborators can access this document' },
  teamDisabled: { id: 'shareDialog.embed.teamDisabled', defaultMessage: 'Embedding is disabled for your team by the admin.' },
  noEmbeddableView: { id: 'shareDialog.embed.noEmbeddableView', defaultMessage: 'This type of document has no view that can be embedded.' },
  loading: { id: 'shareDialog.embed.loading', defaultMessage: 'Loading the embed code' },
  loadFailedTitle: { id: 'shareDialog.embed.loadFailedTitle', defaultMessage: 'An error has occurred' },
  loadFailedBody: { id: 'shareDialog.embed.loadFailedBody', defaultMessage: 'Please try again later.' },
  retry: { id: 'shareDialog.embed.retry', defaultMessage: 'Try again' },
});

/** Why embedding is refused, under the title 'Not allowed to embed' (spec §8); null: no more to say. */
export const embedBlockMessages = {
  'only-collaborators': embedMessages.onlyCollaborators,
  team: embedMessages.teamDisabled,
  'no-embeddable-view': embedMessages.noEmbeddableView,
  'not-allowed': null,
} as const;
