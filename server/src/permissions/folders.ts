import type { FolderAction, FolderRole, PermissionLevel } from '@deck/shared/api/contract';
import { because, type CodedText } from './messages';

/** What the folder rules decide on: who created the folder, and its "only the owner adds" switch. */
export interface FolderFacts {
  creator_id: number;
  only_owner_can_add_collaborators: boolean;
}

/** The user's role in a folder: its creator owns it; anyone else has their member row's role, or none. */
export function folderRoleOf(folder: Pick<FolderFacts, 'creator_id'>, userId: number, memberRole: FolderRole | null | undefined): FolderRole | null {
  return folder.creator_id === userId ? 'OWNER' : (memberRole ?? null);
}

/**
 * The level a folder role stands for where a folder is read like a document (its live sharing stream): the
 * creator or an OWNER member owns it, an EDITOR edits, a VIEWER views; anyone else has no access (null).
 */
export function folderMemberLevel(folder: Pick<FolderFacts, 'creator_id'>, userId: number, memberRole: FolderRole | null | undefined): PermissionLevel | null {
  if (folder.creator_id === userId || memberRole === 'OWNER') return 'owner';
  return memberRole === 'EDITOR' ? 'can_edit' : memberRole === 'VIEWER' ? 'can_view' : null;
}

/**
 * Who reads a folder's sharing history (the folder dialog's Activity section, and a live stream's catch-up of what
 * happened before it opened): whoever owns the folder, as a document's log is its owner's (spec §6). Its other
 * members see its changes from when their stream opened.
 */
export function mayReadFolderHistory(level: PermissionLevel | null): boolean {
  return level === 'owner';
}

function refusalReasons(canAdd: boolean, isCreator: boolean): Partial<Record<FolderAction, CodedText>> {
  const reasons: Partial<Record<FolderAction, CodedText>> = {};
  if (!canAdd) reasons.add_collaborators = because('folderOnlyOwnerAdds');
  if (!isCreator) {
    reasons.remove_collaborators = because('folderOnlyOwnerRemoves');
    reasons.delete_folder = because('folderDelete');
  }
  return reasons;
}

/** Folder rules (spec §6). */
export function folderRules(folder: FolderFacts, userId: number, role: FolderRole | null) {
  const isCreator = folder.creator_id === userId;
  const canAdd = role !== null && (isCreator || !folder.only_owner_can_add_collaborators);
  return {
    canRead: role !== null,
    canAdd,
    /** Adding someone as EDITOR is the owner's alone, as removing others is: it is how Undo restores an editor. */
    canAddEditors: isCreator,
    canRemoveOthers: isCreator,
    canDelete: isCreator,
    /** Reads the folder's sharing activity (its owners: mayReadFolderHistory). */
    canReadActivity: mayReadFolderHistory(folderMemberLevel(folder, userId, role)),
    /** Why each refused action is refused, in the texts its route answers with (spec §8), with their codes. */
    reasons: refusalReasons(canAdd, isCreator),
    canRemove(target: { user_id: number | null; role: FolderRole }): { ok: true } | { ok: false; message: CodedText } {
      if (target.role === 'OWNER') return { ok: false, message: because('folderOwnerFixed') };
      if (target.user_id === userId) return { ok: true };
      if (isCreator) return { ok: true };
      return { ok: false, message: because('folderOnlyOwnerRemoves') };
    },
  };
}
