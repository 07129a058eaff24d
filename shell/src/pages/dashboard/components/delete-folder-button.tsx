import { useIntl } from 'react-intl';
import type { FolderDeleted } from '@deck/shared/api/contract';
import { toApiError } from '@deck/shared/api/errors';
import { useDeleteFolderMutation } from '../api/delete-folder-api';
import { deleteFolderMessages as m } from '../messages';
import { refusalOf, refusalReason } from '@deck/shared/api/server-messages';
import { InlineConfirm } from '../../../layout/inline-confirm';

export interface DeletableFolder {
  id: number;
  name: string;
  document_count: number;
}

export interface DeleteFolderButtonProps {
  folder: DeletableFolder;
  onDeleted: (deleted: FolderDeleted) => void;
}

/**
 * Deleting a folder, for its owner (spec §6: 'Only the owner may delete the folder.'), after a
 * question that says what happens to its documents: nothing, they stay with their owners.
 */
export function DeleteFolderButton({ folder, onDeleted }: DeleteFolderButtonProps) {
  const intl = useIntl();
  const [deleteFolder] = useDeleteFolderMutation();

  const confirm = async (): Promise<string | null> => {
    const result = await deleteFolder(folder.id);
    if ('error' in result) {
      const reason = refusalReason(intl, refusalOf(toApiError(result.error))) ?? intl.formatMessage(m.failedGeneric);
      return intl.formatMessage(m.failed, { reason });
    }
    onDeleted(result.data);
    return null;
  };

  return (
    <InlineConfirm
      openText={intl.formatMessage(m.open)}
      openLabel={intl.formatMessage(m.openLabel, { name: folder.name })}
      title={intl.formatMessage(m.title, { name: folder.name })}
      body={intl.formatMessage(m.body, { count: folder.document_count })}
      cancelText={intl.formatMessage(m.cancel)}
      confirmText={intl.formatMessage(m.confirm)}
      busyText={intl.formatMessage(m.deleting)}
      onConfirm={confirm}
    />
  );
}
