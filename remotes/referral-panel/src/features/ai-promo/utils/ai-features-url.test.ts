import { aiFeaturesUrl } from './ai-features-url';

describe('aiFeaturesUrl', () => {
  it('is /features/ai/ on this site by default', () => {
    expect(aiFeaturesUrl('/', 'http://localhost:8080')).toBe('http://localhost:8080/features/ai/');
  });

  it('sits under a product site on another host, with or without a trailing slash', () => {
    expect(aiFeaturesUrl('https://deck.example', 'http://localhost')).toBe('https://deck.example/features/ai/');
    expect(aiFeaturesUrl('https://deck.example/en/', 'http://localhost')).toBe('https://deck.example/en/features/ai/');
    expect(aiFeaturesUrl('https://deck.example/en', 'http://localhost')).toBe('https://deck.example/en/features/ai/');
  });
});
