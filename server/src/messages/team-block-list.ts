/** Refusals of the team block list routes (routes/team-block-list.ts). */
export const TEAM_BLOCK_LIST_MESSAGES = {
  notAllowed: "Only a team's admins can change whom its trackable links block.",
  noTeam: 'Your team was not found.',
  severalBroken: 'Some entries of the block list need a change: each is named.',
} as const;
