/**
 * Issue 29 item 4: the server's PIR (made on complete-submit) prints what was signed. Every adversarial
 * value typed into a field it prints (tests/adversarial-text.ts) is found whole in the text pdf.js
 * extracts; long values wrap (fields and table cells alike) instead of being cut with "...", and what the
 * font cannot draw is printed as its code points, never as "?".
 */
import { afterAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { renderFormPdf } from '../../server/documents/pdf';
import { PdfPool } from '../../server/documents/pdf-pool';
import { pirPdfSpec, type PirPdfInput } from '../../server/documents/pir-pdf';
import { DEFAULT_REFERENCE_DIR, ReferenceStore } from '../../server/reference';
import { encodePng } from '../../server/seed/png';
import { ADVERSARIAL, bodyText, holdsWhole } from '../adversarial-text';
import { pdfPagesText } from '../pdf-text';
import { emptyExtended, report } from '../unit/fixtures/report';
import { silent } from './helpers';

const refs = new ReferenceStore(DEFAULT_REFERENCE_DIR, silent);

/** Where each adversarial value is typed: the fields the server's PIR prints. */
const PLACES = {
  vesselName: ADVERSARIAL.latinExtended,
  lastPortOfCall: ADVERSARIAL.portOfCall,
  principalInspector: ADVERSARIAL.greek,
  inspectorId: ADVERSARIAL.cyrillic,
  logbookComments: ADVERSARIAL.temperature,
  gearComments: ADVERSARIAL.eggs,
  findings: ADVERSARIAL.findings,
  masterComments: ADVERSARIAL.eggs,
  infringements: ADVERSARIAL.cyrillic,
  actionsTaken: ADVERSARIAL.berth,
};

function input(over: Partial<typeof PLACES> = {}): PirPdfInput {
  const v = { ...PLACES, ...over };
  const extended = emptyExtended();
  const x = extended.pir;
  extended.vessel.name = v.vesselName;
  x.lastPortOfCallFreeForm = v.lastPortOfCall;
  x.monitoringDetails.principalInspectorName = v.principalInspector;
  x.monitoringDetails.principalInspectorId = v.inspectorId;
  x.logBookExamination = { status: true, comments: v.logbookComments };
  x.gearExamination = { status: false, comments: v.gearComments };
  x.findingsByInspector = v.findings;
  x.commentsByMaster = v.masterComments;
  x.hasInfringements = true;
  x.infrigements = v.infringements;
  x.actionsTaken = v.actionsTaken;
  // a catch in 40 areas: its area cell is longer than its column
  x.catchOnboard = [
    {
      uid: 'c1',
      species: 3,
      productForm: 1,
      catchArea: Array.from({ length: 40 }, (_, i) => i + 1),
      quantity: 1000,
      quantityToLand: 500,
      monitoredLandedQuantity: 520,
      deltaLanded: 20,
      quantityToTransship: null,
      monitoredTranshippedQuantity: null,
      deltaTranshipped: null,
      objection: false,
      comments: '',
    },
  ];
  const png = new Uint8Array(encodePng(40, 20, 3, () => [0, 0, 0]));
  return {
    pir: report(7, 'submitting', { extended }),
    vessel: extended.vessel,
    extended,
    submitDate: new Date('2026-11-20T12:00:00.000Z'),
    inspectorName: 'Amina',
    device: 'Tablette Ω-2',
    signatures: [
      { role: 'master', bytes: png, contentType: 'image/png' },
      { role: 'inspector', bytes: png, contentType: 'image/png' },
    ],
  };
}

async function textOf(pdf: Uint8Array): Promise<{ text: string; pages: number }> {
  const pages = await pdfPagesText(pdf);
  return { text: bodyText(pages), pages: pages.length };
}

describe('the server’s PIR prints what was typed', () => {
  const pool = new PdfPool(60_000, 1);
  afterAll(() => pool.close());

  it('finds every typed value whole in the extracted text, nothing cut nor made "?"', async () => {
    const { text, pages } = await textOf(await renderFormPdf(pirPdfSpec(refs, input())));
    expect(pages).toBeGreaterThan(1);
    for (const [place, value] of Object.entries(PLACES)) {
      expect(holdsWhole(text, value), `${place}: ${value.slice(0, 60)}`).toBe(true);
    }
    expect(holdsWhole(text, 'Tablette Ω-2')).toBe(true);
    expect(text).not.toMatch(/\?18|\?ufs|\.\.\./);
  });

  it('wraps a table cell longer than its column: every fishing area is printed', async () => {
    const { text } = await textOf(await renderFormPdf(pirPdfSpec(refs, input())));
    const areas = input().extended.pir.catchOnboard[0]!.catchArea.map((a) => refs.list('fishingArea')?.find((e) => e.id === a)?.code ?? `#${a}`);
    expect(holdsWhole(text, areas.join(', '))).toBe(true);
  });

  it('renders the same in the PDF worker thread (the fonts load there too), with the fonts embedded as subsets', async () => {
    const pdf = await pool.render(pirPdfSpec(refs, input()));
    const { text } = await textOf(pdf);
    for (const value of Object.values(PLACES)) expect(holdsWhole(text, value)).toBe(true);
    // subsets: the whole of DejaVu Sans (757 KB) and its bold (706 KB) are not in the file
    expect(pdf.byteLength).toBeLessThan(200_000);
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThan(1);
  });

  it('prints characters the font cannot draw as their code points, never as "?"', async () => {
    const { text } = await textOf(await renderFormPdf(pirPdfSpec(refs, input({ vesselName: 'Hai Xing 海星 号', principalInspector: 'محمد' }))));
    expect(text).toContain('Hai Xing [U+6D77 U+661F] [U+53F7]');
    expect(text).toContain('[U+0645 U+062D U+0645 U+062F]');
    expect(text).not.toContain('?');
  });

  it('a value longer than a page flows across pages, with its neighbour in the same row kept whole', async () => {
    const { text } = await textOf(await renderFormPdf(pirPdfSpec(refs, input({ lastPortOfCall: ADVERSARIAL.findings }))));
    expect(holdsWhole(text, ADVERSARIAL.findings)).toBe(true);
  });
});
