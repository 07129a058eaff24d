/** Refusals of the team webhook routes (routes/team-webhooks.ts). */
export const TEAM_WEBHOOK_MESSAGES = {
  notAllowed: "Only a team's admins can manage its webhook.",
  urlInvalid: 'Enter the full address of the webhook, such as https://hooks.example.com/deck.',
  urlNotHttps: 'A webhook address must start with https://.',
  urlNotPublic: 'A webhook cannot point to a private, local or reserved address.',
  noWebhook: 'Your team has no webhook.',
} as const;
