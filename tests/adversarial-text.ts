/**
 * Values an inspector types, or that crews and vessels are named, which a PDF must print whole
 * (issue 29 item 4): French punctuation and ligatures, signs outside Windows-1252, long free text, and
 * names in Latin Extended, Greek and Cyrillic. Shared by every test that checks printed or exported text.
 */

/** A 4,000-character findings text: words of several scripts, and one 300-character word that no line holds. */
const FINDINGS_4000 = (() => {
  const words = ['Cale', 'nº 3', 'température', '−18 °C', 'relevée', 'à', '07h40 ;', 'Œufs', 'de', 'poisson', '«', 'frais', '»', '—', 'Αθηνά', 'Сергей', 'Łódź', 'Ştefan', 'écart', 'constaté.'];
  let s = `Début des constatations ${'X'.repeat(300)} `;
  for (let i = 0; s.length < 4000; i++) s += `${words[i % words.length]} `;
  return s.slice(0, 3999) + '.';
})();

export const ADVERSARIAL = {
  /** typographic apostrophe, "n°", French spaces */
  berth: 'Tribord avant, vue du quai n° 2 ; l’immatriculation est à moitié effacée (voir l\'étrave).',
  /** U+2212 MINUS SIGN: outside Windows-1252 */
  temperature: '−18 °C',
  /** Œ, guillemets, em dash, œ */
  eggs: 'Œufs « frais » — œil',
  /** a port of call longer than any single line */
  portOfCall:
    'Port-Louis (Maurice) — escale technique d’avitaillement et de changement d’équipage, après relâche à Victoria (Seychelles) et transbordement partiel sous contrôle de l’autorité portuaire, 3 jours',
  greek: 'Αθηνά Παπαδοπούλου',
  cyrillic: 'Сергей Иванович',
  latinExtended: 'Łódź Żółć Ğüneş Ştefan Đorđe',
  findings: FINDINGS_4000,
};

/** Whitespace (line breaks of a wrapped value, no-break spaces) as one plain space. */
export const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * A PDF's extracted pages as one text without each page's footer (the last text drawn on a page): a value
 * that flows onto the next page then reads on without the page number in its middle.
 */
export function bodyText(pages: string[]): string {
  return pages
    .map((p) => {
      const lines = p.split('\n');
      let last = lines.length - 1;
      while (last >= 0 && lines[last]!.trim() === '') last--;
      return lines.slice(0, Math.max(0, last)).join('\n');
    })
    .join('\n');
}

/** Whether `text` (a PDF's extracted text) holds `value` whole: exact after squashing whitespace, or, for
 * a value long enough to hold a word wider than a line (broken without a hyphen), with all whitespace removed. */
export function holdsWhole(text: string, value: string): boolean {
  if (squash(text).includes(squash(value))) return true;
  return value.length > 1000 && text.replace(/\s+/g, '').includes(value.replace(/\s+/g, ''));
}
