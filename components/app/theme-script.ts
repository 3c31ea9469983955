import { SETTINGS_KEY } from '@/lib/store/settings';

/**
 * Runs before the first paint (inline in <head>) so the stored theme, font size and language
 * apply at once, without a flash of the wrong theme (the system's dark until the inspector chooses).
 * Kept tiny and dependency-free.
 */
export const themeScript = `(function(){try{var s=JSON.parse(localStorage.getItem(${JSON.stringify(SETTINGS_KEY)})||'{}');var d=document.documentElement;if(s.darkMode===true||(s.darkMode!==false&&matchMedia('(prefers-color-scheme: dark)').matches))d.classList.add('dark');if(s.fontSize)d.setAttribute('data-font-size',s.fontSize);d.lang=s.language||((navigator.language||'').toLowerCase().indexOf('fr')===0?'fr':'en');}catch(e){}})();`;
