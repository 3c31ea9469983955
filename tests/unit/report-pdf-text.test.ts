/**
 * Issue 29 item 4: the tablet's signed PDF prints what was signed. Every adversarial value typed into a
 * printed field (tests/adversarial-text.ts) is found whole in the text pdf.js extracts from the PDF; what
 * the fonts cannot draw is printed as its code points, never as "?".
 */
import { describe, expect, it } from 'vitest';
import { resolveReview, reviewContent, reviewImages } from '@/features/inspection/model/review';
import type { PreparedPir } from '@/features/inspection/model/definitions';
import { INSPECTOR_SIGNATURE_IMAGE, MASTER_SIGNATURE_IMAGE, reportPdfContent } from '@/features/inspection/model/report-pdf/content';
import { renderReportPdf, type ReportPdfRequest } from '@/features/inspection/model/report-pdf/render';
import { encodePng } from '../../server/seed/png';
import { ADVERSARIAL, bodyText, holdsWhole, squash } from '../adversarial-text';
import { dejaVuFonts, pdfPagesText } from '../pdf-text';
import { emptyExtended, report } from './fixtures/report';
import { reviewDeps } from './fixtures/review-deps';

const deps = (locale: 'en' | 'fr') => reviewDeps(locale);

/** Where each adversarial value is typed: the fields the signed PDF prints. */
const PLACES = {
  vesselName: ADVERSARIAL.latinExtended,
  inspectorName: ADVERSARIAL.greek,
  lastPortOfCall: ADVERSARIAL.portOfCall,
  findings: ADVERSARIAL.findings,
  masterComments: ADVERSARIAL.eggs,
  pictureDescription: ADVERSARIAL.berth,
  pictureAuthor: ADVERSARIAL.cyrillic,
  catchComments: ADVERSARIAL.temperature,
  logbookComments: ADVERSARIAL.eggs,
  infringements: ADVERSARIAL.cyrillic,
  actionsTaken: ADVERSARIAL.berth,
  transhipmentVessel: ADVERSARIAL.greek,
  officeComment: ADVERSARIAL.portOfCall,
};

function typedReport(over: Partial<typeof PLACES> = {}): PreparedPir {
  const v = { ...PLACES, ...over };
  const ex = emptyExtended();
  ex.vessel.name = v.vesselName;
  ex.pir.monitoringDetails.principalInspectorName = v.inspectorName;
  ex.pir.lastPortOfCallFreeForm = v.lastPortOfCall;
  ex.pir.findingsByInspector = v.findings;
  ex.pir.commentsByMaster = v.masterComments;
  ex.pir.logBookExamination = { status: true, comments: v.logbookComments };
  ex.pir.hasInfringements = true;
  ex.pir.infrigements = v.infringements;
  ex.pir.actionsTaken = v.actionsTaken;
  ex.pir.catchOnboard = [
    {
      uid: 'c1',
      species: 3,
      productForm: 1,
      catchArea: [51],
      quantity: 1000,
      quantityToLand: 500,
      monitoredLandedQuantity: 520,
      deltaLanded: 20,
      quantityToTransship: null,
      monitoredTranshippedQuantity: null,
      deltaTranshipped: null,
      objection: true,
      comments: v.catchComments,
    },
  ];
  ex.pir.transhipmentInfo = [
    { date: '2026-11-19T10:00:00.000Z', isAtPort: true, atPort: 64, atSea: '', isReceived: false, name: v.transhipmentVessel, flagState: 690, idNumber: 'T-1', content: [], srcForm: 'PIR' },
  ] as unknown as typeof ex.pir.transhipmentInfo;
  ex.pictures = [{ uid: 'p1', type: 'PWHO', author: v.pictureAuthor, description: v.pictureDescription, date: '2026-11-20T10:00:00.000Z' }];
  return report(7, 'readytosubmit', {
    extended: ex,
    inspectionComment: v.officeComment,
    inspectionSignatures: { masterSignature: 'sig-m', inspectorSignature: 'sig-i', masterRefuses: false, fingerprint: 'ab'.repeat(32) },
  }) as PreparedPir;
}

async function pdfText(r: PreparedPir, locale: 'en' | 'fr'): Promise<string> {
  const d = deps(locale);
  const sections = resolveReview(reviewContent(r), d);
  const png = new Uint8Array(encodePng(40, 20, 3, () => [0, 0, 0])).buffer as ArrayBuffer;
  const images = [MASTER_SIGNATURE_IMAGE, INSPECTOR_SIGNATURE_IMAGE, ...reviewImages(sections).map((p) => p.fileId)].map((id) => ({ id, bytes: png }));
  const req: ReportPdfRequest = { content: reportPdfContent(r, sections, d), images, title: 'PIR', date: '2026-11-20T12:00:00.000Z' };
  const bytes = await renderReportPdf(req, dejaVuFonts());
  return bodyText(await pdfPagesText(bytes));
}

describe('the signed PDF prints what was typed', () => {
  for (const locale of ['fr', 'en'] as const) {
    it(`finds every typed value whole in the extracted text (${locale})`, async () => {
      const text = await pdfText(typedReport(), locale);
      for (const [place, value] of Object.entries(PLACES)) {
        expect(holdsWhole(text, value), `${place}: ${value.slice(0, 60)}`).toBe(true);
      }
      // nothing became "?" nor was cut with an ellipsis
      expect(text).not.toMatch(/\?18|\?ufs|\.\.\./);
    });
  }

  it('wraps the last port of call and the long findings across lines and pages, every character kept', async () => {
    const pages = await (async () => {
      const r = typedReport();
      const d = deps('fr');
      const sections = resolveReview(reviewContent(r), d);
      const bytes = await renderReportPdf({ content: reportPdfContent(r, sections, d), images: [], title: 'PIR', date: '2026-11-20T12:00:00.000Z' }, dejaVuFonts());
      return pdfPagesText(bytes);
    })();
    expect(pages.length).toBeGreaterThan(2);
    const text = bodyText(pages);
    // wrapped: the port of call spans several extracted lines, and each is shorter than the value
    const firstWords = ADVERSARIAL.portOfCall.slice(0, 30);
    const at = text.indexOf(firstWords);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(text.slice(at, at + ADVERSARIAL.portOfCall.length + 20)).toContain('\n');
    expect(squash(text)).toContain(squash(ADVERSARIAL.portOfCall));
    expect(text.replace(/\s+/g, '')).toContain(ADVERSARIAL.findings.replace(/\s+/g, ''));
  });

  it('prints characters no embedded font draws as their code points, never as "?"', async () => {
    const text = await pdfText(typedReport({ vesselName: 'Hai Xing 海星 号', pictureAuthor: 'محمد', catchComments: 'Ταχύς 🦑 ok' }), 'fr');
    expect(text).toContain('Hai Xing [U+6D77 U+661F] [U+53F7]');
    // right-to-left letters would print reversed and unjoined: their code points instead
    expect(text).toContain('[U+0645 U+062D U+0645 U+062F]');
    expect(text).toContain('Ταχύς [U+1F991] ok');
    expect(text).not.toContain('?');
  });
});
