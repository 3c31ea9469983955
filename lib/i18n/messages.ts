import en from '@/messages/en.json';
import type { Language } from '@/lib/contract';

/** The app's messages (messages/{language}.json). */
export type Messages = typeof en;
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * English ships in the first scripts; French is its own chunk, fetched when chosen (the service
 * worker precaches it, so a switch works offline). Each inspector needs only one language at a time.
 */
const loaded: Partial<Record<Language, Messages>> = { en };
const loaders: Record<Language, () => Promise<Messages>> = {
  en: async () => en,
  fr: async () => (await import('@/messages/fr.json')).default,
};

export function loadedMessages(language: Language): Messages | undefined {
  return loaded[language];
}

export async function loadMessages(language: Language): Promise<Messages> {
  const messages = loaded[language] ?? (await loaders[language]());
  loaded[language] = messages;
  return messages;
}
