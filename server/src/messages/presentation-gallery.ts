/** Refusals of the relation, curation and score routes (the spec gives 'Curated content not found'). */
export const GALLERY_MESSAGES = {
  curatedNotFound: 'Curated content not found',
  curateNotAllowed: "Only the document's owner or an admin of the owner's team can curate it",
  curateNotPublished: 'Only documents in the public gallery (published, anyone with the link can view) can be curated',
  unknownTopic: 'Unknown curated topic.',
  relationEdit: 'Only the owner or an editor can change the relations of this document',
  relationSelf: 'A document cannot be related to itself.',
  relationCycle: 'This relation would make a document its own ancestor.',
  relationRemove: 'Only the owner or an editor of one of the two documents can remove their relation',
  relationNotFound: 'These documents are not related.',
  relationLimit: 'A document can have at most {max} parents and {max} children.',
  scoreNotAllowed: 'Only the owner or an editor can set the quality score',
} as const;
