/** Refusals of the create, search and revert routes (a catalogue: `{name}` marks a value). */
export const CREATE_MESSAGES = {
  revertNotAllowed: 'Only the owner or an editor can revert this document',
  unknownVersion: 'Version {version} does not exist for this document.',
} as const;
