import { defineMessage } from 'react-intl';

export const undoMessages = {
  removed: defineMessage<{ name: string }>({ id: 'shareDialog.undo.removed', defaultMessage: '{name} was removed.' }),
  announceRemoved: defineMessage<{ name: string }>({
    id: 'shareDialog.undo.announceRemoved',
    defaultMessage: '{name} was removed. Undo is available for a few seconds.',
  }),
  undo: defineMessage({ id: 'shareDialog.undo.undo', defaultMessage: 'Undo' }),
  undoLabel: defineMessage<{ name: string }>({ id: 'shareDialog.undo.undoLabel', defaultMessage: 'Undo removing {name}' }),
  restored: defineMessage<{ name: string }>({ id: 'shareDialog.undo.restored', defaultMessage: '{name} was restored.' }),
  restoreFailed: defineMessage<{ name: string; reason: string }>({ id: 'shareDialog.undo.restoreFailed', defaultMessage: 'Could not restore {name}. {reason}' }),
};
