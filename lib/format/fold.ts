/**
 * The one text fold of every search (reports list, reference pickers, multi-select modal): two texts
 * that a reader takes for the same letters fold alike. Pure.
 *
 * French keyboards and word processors type ’ where the data has ' ("d’eau" must
 * find "Trou d'Eau Douce"), « » where it has ", – where it has -, and a non-breaking space before
 * « : » ; ! ? ». So, in order:
 *  1. lower case;
 *  2. quote, dash and space variants become the plain ASCII character; œ, æ, ß become oe, ae, ss;
 *  3. accents go (NFD, then diacritical marks removed): "Réunion" → "reunion".
 * Step 2 comes before 3 because ` ´ ʼ are themselves diacritics: removed, "d´eau" would read "deau".
 */

/** What each variant folds to (keys are lower case: step 1 has run). */
const REPLACEMENTS: Readonly<Record<string, string>> = {
  // apostrophes and single quotes: left, right, reversed, prime, grave, acute, modifier letter apostrophe
  '\u2018': "'",
  '\u2019': "'",
  '\u201B': "'",
  '\u2032': "'",
  '`': "'",
  '\u00B4': "'",
  '\u02BC': "'",
  // double quotes: left, right, guillemets, low, reversed, double prime
  '\u201C': '"',
  '\u201D': '"',
  '\u00AB': '"',
  '\u00BB': '"',
  '\u201E': '"',
  '\u201F': '"',
  '\u2033': '"',
  // dashes: hyphen, non-breaking hyphen, figure dash, en dash, em dash, minus sign
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  // ligatures that do not decompose
  '\u0153': 'oe',
  '\u00E6': 'ae',
  '\u00DF': 'ss',
};

/** Every key above, and every space separator (no-break, narrow no-break, thin, figure, …). */
const VARIANTS = new RegExp(`[${Object.keys(REPLACEMENTS).join('')}]|(?!\\u0020)\\p{Zs}`, 'gu');
const DIACRITICS = /\p{Diacritic}/gu;
/** Plain ASCII without a backtick needs only step 1 (most codes, numbers and English names). */
const NEEDS_MORE = /[`\u0080-\uffff]/;

/** The folded form of a text, for `includes` between a folded query word and a folded field. */
export function foldForSearch(text: string): string {
  const lower = text.toLowerCase();
  if (!NEEDS_MORE.test(lower)) return lower;
  return lower
    .replace(VARIANTS, (c) => REPLACEMENTS[c] ?? ' ')
    .normalize('NFD')
    .replace(DIACRITICS, '')
    .normalize('NFC');
}

/** The words of a query, folded; empty when the query is blank. */
export function searchWords(query: string): string[] {
  return foldForSearch(query).split(/\s+/).filter(Boolean);
}
