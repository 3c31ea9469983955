import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import type { Language } from '@/lib/contract';

/** Both languages ship with the app so a language switch works offline. */
export const MESSAGES: Record<Language, typeof en> = { en, fr };
export const DEFAULT_LANGUAGE: Language = 'en';
