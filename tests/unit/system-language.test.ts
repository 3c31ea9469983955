import { describe, expect, it } from 'vitest';
import { chooseLanguage } from '@/lib/i18n/system-language';

describe('the app language (SPEC §9: en, fr, default en)', () => {
  it('is the inspector\'s choice once made, whatever the tablet says', () => {
    expect(chooseLanguage('en', ['fr-FR'])).toBe('en');
    expect(chooseLanguage('fr', ['en-GB'])).toBe('fr');
  });
  it('until then, the first of the tablet\'s languages the app speaks, regional variants included', () => {
    expect(chooseLanguage(null, ['fr-FR', 'en-US'])).toBe('fr');
    expect(chooseLanguage(null, ['fr-CA'])).toBe('fr');
    expect(chooseLanguage(null, ['de-DE', 'fr-BE', 'en'])).toBe('fr');
    expect(chooseLanguage(undefined, ['EN-us'])).toBe('en');
  });
  it('else English', () => {
    expect(chooseLanguage(null, ['de-DE', 'sw-KE'])).toBe('en');
    expect(chooseLanguage(null, [])).toBe('en');
  });
});
