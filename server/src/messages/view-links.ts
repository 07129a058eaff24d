/** Refusals of the view-link routes that the shared catalogue (permissions/messages.ts) does not hold. */
export const VIEW_LINK_MESSAGES = {
  deactivationFields: 'A deactivation (revoked: true) carries only visible_on_analytics besides it; rename or change settings separately.',
  duplicateLinks: 'Each link may appear only once in one request.',
  openNoticeNeedsAnalytics: 'A link can tell you when it is opened only when analytics is on.',
} as const;
