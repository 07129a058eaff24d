import { screen } from '@testing-library/react';
import { renderWithProviders } from '@deck/shared/testing/render';
import { setRuntimeConfig, DEFAULT_RUNTIME_CONFIG } from '@deck/shared/config/runtime-config';
import { AiPromoBanner } from './ai-promo-banner';

describe('AiPromoBanner', () => {
  afterEach(() => setRuntimeConfig(DEFAULT_RUNTIME_CONFIG));

  it("shows the spec's texts and links to the AI features page in a new tab", () => {
    setRuntimeConfig({ productSiteUrl: 'https://deck.example/' });
    renderWithProviders(<AiPromoBanner />);
    const banner = screen.getByRole('region', { name: 'AI presentation assistant' });
    expect(banner).toHaveTextContent('Introducing');
    expect(banner).toHaveTextContent('Your new presentation assistant.');
    const link = screen.getByRole('link', { name: /See how the AI presentation assistant works/ });
    expect(link).toHaveTextContent('See how →');
    expect(link).toHaveAttribute('href', 'https://deck.example/features/ai/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
