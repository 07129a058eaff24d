import { defineMessages } from 'react-intl';

export const activityPageMessages = defineMessages({
  title: { id: 'shareDialog.activity.title', defaultMessage: 'Activity' },
  intro: { id: 'shareDialog.activity.intro', defaultMessage: 'Who changed how this document is shared, newest first.' },
  loading: { id: 'shareDialog.activity.loading', defaultMessage: 'Loading activity…' },
  empty: { id: 'shareDialog.activity.empty', defaultMessage: 'No sharing changes yet.' },
  loadFailed: { id: 'shareDialog.activity.loadFailed', defaultMessage: 'The activity could not be loaded.' },
  retry: { id: 'shareDialog.activity.retry', defaultMessage: 'Try again' },
  older: { id: 'shareDialog.activity.older', defaultMessage: 'Show older changes' },
  exportDocument: { id: 'shareDialog.activity.exportDocument', defaultMessage: "Download this document's activity (CSV)" },
});
