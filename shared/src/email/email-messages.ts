/**
 * The texts of the e-mails the server sends. They live with the other messages so the
 * extraction and the translation catalogues cover them; the server formats them with
 * intl-messageformat in the recipient's language.
 */
export const emailMessages = {
  invitationSubject: { id: 'email.invitation.subject', defaultMessage: '{inviter} shared “{title}” with you' },
  invitationBody: {
    id: 'email.invitation.body',
    defaultMessage:
      '{inviter} invited you to {level, select, editor {edit} commenter {comment on} other {view}} the presentation “{title}”.',
  },
  folderInvitationSubject: { id: 'email.folderInvitation.subject', defaultMessage: '{inviter} shared the folder “{title}” with you' },
  folderInvitationBody: {
    id: 'email.folderInvitation.body',
    defaultMessage: '{inviter} invited you to the folder “{title}” as {role, select, EDITOR {an editor} other {a viewer}}.',
  },
  personalMessage: { id: 'email.invitation.personalMessage', defaultMessage: 'Message from {inviter}:' },
  acceptAction: { id: 'email.invitation.accept', defaultMessage: 'Accept the invitation' },
  expiry: {
    id: 'email.invitation.expiry',
    defaultMessage: 'The link works once and expires in {days, plural, one {# day} other {# days}}.',
  },
  transferSubject: { id: 'email.transfer.subject', defaultMessage: '{inviter} made you the owner of “{title}”' },
  transferBody: {
    id: 'email.transfer.body',
    defaultMessage: '{inviter} transferred the ownership of the presentation “{title}” to you. {inviter} stays on it as an editor.',
  },
  openAction: { id: 'email.open', defaultMessage: 'Open the presentation' },
  accessRequestSubject: { id: 'email.accessRequest.subject', defaultMessage: '{requester} asks for access to “{title}”' },
  accessRequestBody: {
    id: 'email.accessRequest.body',
    defaultMessage: '{requester} ({email}) asks for access to your presentation “{title}”.',
  },
  accessRequestMessage: { id: 'email.accessRequest.message', defaultMessage: 'Message from {requester}:' },
  accessRequestAction: { id: 'email.accessRequest.review', defaultMessage: 'Review the request' },
  accessRequestFooter: {
    id: 'email.accessRequest.footer',
    defaultMessage: 'You received this e-mail because {requester} asked for access to a presentation you own.',
  },
  accessApprovedSubject: { id: 'email.accessApproved.subject', defaultMessage: 'You now have access to “{title}”' },
  accessApprovedBody: {
    id: 'email.accessApproved.body',
    defaultMessage:
      '{decider} approved your request: you can now {level, select, editor {edit} commenter {comment on} other {view}} the presentation “{title}”.',
  },
  accessDeniedSubject: { id: 'email.accessDenied.subject', defaultMessage: 'Your request for access to “{title}” was declined' },
  accessDeniedBody: {
    id: 'email.accessDenied.body',
    defaultMessage: '{decider} declined your request for access to the presentation “{title}”. Ask them directly if you still need it.',
  },
  accessDecisionFooter: {
    id: 'email.accessDecision.footer',
    defaultMessage: 'You received this e-mail because you asked for access to this presentation.',
  },
  linkCodeSubject: { id: 'email.linkCode.subject', defaultMessage: 'Your code to open a shared link: {code}' },
  linkCodeBody: {
    id: 'email.linkCode.body',
    defaultMessage: 'Enter this code on the page that asked for it to open the link {sharer} shared with you: {code}. It is valid for {minutes} minutes.',
  },
  linkCodeFooter: {
    id: 'email.linkCode.footer',
    defaultMessage: 'You received this e-mail because someone entered your address to open a shared link. If it was not you, you can ignore it.',
  },
  accessEndingSubject: { id: 'email.accessEnding.subject', defaultMessage: 'Your access to “{title}” ends on {end}' },
  accessEndingBody: {
    id: 'email.accessEnding.body',
    defaultMessage: 'Your access to the presentation “{title}” ends on {end}. Ask {owner} if you need it for longer.',
  },
  accessEndingKeepsViewBody: {
    id: 'email.accessEnding.keepsViewBody',
    defaultMessage: 'Your access to comment on the presentation “{title}” ends on {end}. After that you can still view it, as anyone with its link can. Ask {owner} if you need more.',
  },
  accessEndingFooter: {
    id: 'email.accessEnding.footer',
    defaultMessage: 'You received this e-mail because the owner of this presentation gave you access until that date.',
  },
  linkOpenedSubject: { id: 'email.linkOpened.subject', defaultMessage: '{visitor} opened your link “{link}”' },
  linkOpenedBody: {
    id: 'email.linkOpened.body',
    defaultMessage: '{visitor} opened your trackable link “{link}” to “{title}” for the first time, on {time}.',
  },
  linkOpenedAnonymousSubject: { id: 'email.linkOpened.anonymousSubject', defaultMessage: 'Your link “{link}” was opened' },
  linkOpenedAnonymousBody: {
    id: 'email.linkOpened.anonymousBody',
    defaultMessage:
      'Someone who did not say who they are opened your trackable link “{link}” to “{title}” on {time}. Other such opens today are not e-mailed: the link’s analytics count them all.',
  },
  analyticsAction: { id: 'email.linkOpened.analytics', defaultMessage: 'See the link’s analytics' },
  linkOpenedFooter: {
    id: 'email.linkOpened.footer',
    defaultMessage: 'You received this e-mail because your link tells you when someone opens it. You can turn this off in the link’s settings.',
  },
  linkDigestSubject: {
    id: 'email.linkDigest.subject',
    defaultMessage: 'Your trackable links on {day}: {count, plural, one {# open} other {# opens}}',
  },
  linkDigestBody: {
    id: 'email.linkDigest.body',
    defaultMessage: 'Your trackable links were opened {count, plural, one {# time} other {# times}} on {day}.',
  },
  linkDigestHeading: { id: 'email.linkDigest.heading', defaultMessage: 'Opens by link:' },
  linkDigestLine: {
    id: 'email.linkDigest.line',
    defaultMessage: '“{link}” to “{title}”: {count, plural, one {# open} other {# opens}}, {named, plural, =0 {nobody named} one {# named visitor} other {# named visitors}}',
  },
  linkDigestFooter: {
    id: 'email.linkDigest.footer',
    defaultMessage: 'You received this summary because your links send a daily digest of their opens. You can change this in each link’s settings.',
  },
  footer: {
    id: 'email.footer',
    defaultMessage: 'You received this e-mail because {inviter} entered your address. If you did not expect it, you can ignore it.',
  },
} as const;

export type EmailMessageKey = keyof typeof emailMessages;
