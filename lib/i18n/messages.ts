import en from '@/messages/en.json';
import type enScreens from '@/messages/screens/en.json';
import type { Language } from '@/lib/contract';

/** The messages every screen needs (messages/{language}.json). */
export type Messages = typeof en;
/** The namespaces only the report screens (/pir/…) and the export dialogs use (messages/screens/{language}.json). */
export type ScreenMessages = typeof enScreens;
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * English ships in the first scripts; French is its own chunk, fetched when chosen (the service
 * worker precaches it, so a switch works offline). Each inspector needs only one language at a time.
 * The screen messages are a second bundle per language, loaded with the screens that use them
 * (components/app/screen-messages.tsx), so the reports list does not carry them.
 */
const loaded: Partial<Record<Language, Messages>> = { en };
const loaders: Record<Language, () => Promise<Messages>> = {
  en: async () => en,
  fr: async () => (await import('@/messages/fr.json')).default,
};
const loadedScreens: Partial<Record<Language, ScreenMessages>> = {};
const screenLoaders: Record<Language, () => Promise<ScreenMessages>> = {
  en: async () => (await import('@/messages/screens/en.json')).default,
  fr: async () => (await import('@/messages/screens/fr.json')).default,
};
/** Set once a screen needing them has been shown: a language switch then loads both bundles first. */
let screensWanted = false;

export function loadedMessages(language: Language): Messages | undefined {
  return loaded[language];
}

/** The messages of a language, and its screen messages too once screens use them, so a switch changes both at once. */
export async function loadMessages(language: Language): Promise<Messages> {
  const [messages] = await Promise.all([
    loaded[language] ?? loaders[language](),
    // A failure here is left to the screens, which fall back to the messages they have.
    screensWanted ? loadScreenMessages(language).catch(() => undefined) : undefined,
  ]);
  loaded[language] = messages;
  return messages;
}

export function loadedScreenMessages(language: Language): ScreenMessages | undefined {
  return loadedScreens[language];
}

export async function loadScreenMessages(language: Language): Promise<ScreenMessages> {
  screensWanted = true;
  const messages = loadedScreens[language] ?? (await screenLoaders[language]());
  loadedScreens[language] = messages;
  return messages;
}

/** For a route that ships a bundle in its own first scripts (no fetch, no loading state). */
export function provideScreenMessages(language: Language, messages: ScreenMessages): void {
  screensWanted = true;
  loadedScreens[language] ??= messages;
}
