import { defineMessages } from 'react-intl';

export const aiPromoMessages = defineMessages({
  regionLabel: { id: 'referralPanel.aiPromo.region', defaultMessage: 'AI presentation assistant' },
  eyebrow: { id: 'referralPanel.aiPromo.eyebrow', defaultMessage: 'Introducing' },
  title: { id: 'referralPanel.aiPromo.title', defaultMessage: 'Your new presentation assistant.' },
  seeHow: { id: 'referralPanel.aiPromo.seeHow', defaultMessage: 'See how →' },
  seeHowLabel: { id: 'referralPanel.aiPromo.seeHowLabel', defaultMessage: 'See how the AI presentation assistant works (opens in a new tab)' },
});
