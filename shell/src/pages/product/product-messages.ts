import { defineMessages } from 'react-intl';

export const productMessages = defineMessages({
  siteTitle: { id: 'shell.product.title', defaultMessage: 'Deck: presentations, videos and designs' },
  siteIntro: {
    id: 'shell.product.intro',
    defaultMessage: 'Create presentations, videos and designs, and share them with exactly the people you choose.',
  },
  sharing: { id: 'shell.product.sharing', defaultMessage: 'Share with collaborators as viewers, commenters or editors.' },
  links: { id: 'shell.product.links', defaultMessage: 'Send trackable links and see who viewed your presentation.' },
  publish: { id: 'shell.product.publish', defaultMessage: 'Publish, embed and let others reuse your work when you want them to.' },
  aiLink: { id: 'shell.product.aiLink', defaultMessage: 'Meet the AI presentation assistant' },
  aiTitle: { id: 'shell.product.ai.title', defaultMessage: 'The AI presentation assistant' },
  aiIntro: {
    id: 'shell.product.ai.intro',
    defaultMessage: 'Start from an idea and get a first draft of your presentation, ready to edit and share.',
  },
  aiDraft: { id: 'shell.product.ai.draft', defaultMessage: 'Turn notes or a document into slides.' },
  aiRewrite: { id: 'shell.product.ai.rewrite', defaultMessage: 'Rewrite text to be shorter, clearer or more formal.' },
  aiCredits: { id: 'shell.product.ai.credits', defaultMessage: 'Each use spends AI credits; invite friends to earn more.' },
  backToSite: { id: 'shell.product.backToSite', defaultMessage: 'About Deck' },
  tryDemo: { id: 'shell.product.tryDemo', defaultMessage: 'Try the sharing demo' },
  demoNote: {
    id: 'shell.product.demoNote',
    defaultMessage: 'This is the demo’s stand-in for the product site; a deployment points PRODUCT_SITE_URL at the real one.',
  },
});
