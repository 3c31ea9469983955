import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { dejaVuFonts, pdfPagesText } from '../pdf-text';
import { encodePng } from '../../server/seed/png';
import type { ResolvedSection } from '@/features/inspection/model/review';
import { A4, layoutReport, MARGIN, wrapText, type Block, type Measure, type ReportPdfContent } from '@/features/inspection/model/report-pdf/layout';
import { renderReportPdf } from '@/features/inspection/model/report-pdf/render';
import { shortFingerprint } from '@/features/inspection/model/report-pdf/text';

async function helvetica(): Promise<Measure> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return (t, size, b) => (b ? bold : font).widthOfTextAtSize(t, size);
}

const LONG = `Écart relevé à la cale nº 2 ; œuvre « contrôlée ». ${'mot '.repeat(740)}fin.`;

function content(over: Partial<ReportPdfContent> = {}): ReportPdfContent {
  const sections: ResolvedSection[] = [
    {
      step: 'updatevesselidentity',
      title: 'Identité du navire',
      children: [
        { kind: 'row', label: 'Nom du navire', value: 'Étoile du Nord', warn: false, long: false },
        { kind: 'row', label: 'Pavillon', value: 'Seychelles', warn: false, long: false },
      ],
    },
    {
      step: 'catchonboard',
      title: 'Captures à bord',
      children: [
        {
          kind: 'group',
          title: 'Capture 1',
          children: [{ kind: 'row', label: 'Écart débarqué (kg)', value: '20', warn: true, long: false }],
        },
      ],
    },
    { step: 'findings', title: 'Constatations', children: [{ kind: 'row', label: 'Constatations de l’inspecteur', value: LONG, warn: false, long: true }] },
  ];
  return {
    title: 'Rapport d’inspection au port',
    header: [
      ['Numéro du rapport', 'PIR-SYC-2026-0007'],
      ['Navire', 'Étoile du Nord'],
      ['Lieu', 'Port Victoria'],
      ['Date', '20 novembre 2026'],
    ],
    sections,
    signaturesTitle: 'Signatures',
    signatures: [
      { label: 'Signature du capitaine', imageId: null, note: 'Le capitaine a refusé de signer.' },
      { label: 'Signature de l’inspecteur', imageId: 'sig', note: 'A. Inspecteur' },
    ],
    fingerprint: { label: 'Empreinte', value: shortFingerprint('0123456789abcdef'.repeat(4)) },
    footer: 'PIR-SYC-2026-0007 · Page {n} sur {total}',
    ...over,
  };
}

const texts = (blocks: Block[]) => blocks.filter((b): b is Extract<Block, { kind: 'text' }> => b.kind === 'text');

describe('the signed report layout', () => {
  it('wraps every character of a long text within the width, breaking words too long for a line', async () => {
    const measure = await helvetica();
    const lines = wrapText(`${LONG} ${'a'.repeat(400)}`, 300, 10, false, measure);
    for (const l of lines) expect(measure(l, 10, false)).toBeLessThanOrEqual(300);
    expect(lines.join(' ').replace(/\s+/g, '')).toBe(`${LONG} ${'a'.repeat(400)}`.replace(/\s+/g, ''));
  });

  it('prints the fingerprint’s short form: 16 hex digits in groups of 4', () => {
    expect(shortFingerprint('ab'.repeat(32))).toBe('abab abab abab abab');
  });

  it('lays every line of a long report on A4 pages, within the margins, numbered', async () => {
    const measure = await helvetica();
    const pages = layoutReport(content(), measure, { sig: { width: 500, height: 200 } });
    expect(pages.length).toBeGreaterThan(1);
    for (const [i, p] of pages.entries()) {
      for (const b of texts(p.blocks)) {
        expect(b.x).toBeGreaterThanOrEqual(MARGIN);
        expect(b.x + measure(b.text, b.size, b.bold)).toBeLessThanOrEqual(A4.width - MARGIN + 0.01);
        expect(b.y).toBeGreaterThan(0);
      }
      expect(texts(p.blocks).at(-1)?.text).toBe(`PIR-SYC-2026-0007 · Page ${i + 1} sur ${pages.length}`);
    }
    const all = pages.flatMap((p) => texts(p.blocks).map((b) => b.text)).join(' ');
    expect(all.replace(/\s+/g, '')).toContain(LONG.replace(/\s+/g, ''));
  });

  it('marks a delta of 10 or more, shows the refusal in place of the master’s signature and places the inspector’s', async () => {
    const pages = layoutReport(content(), await helvetica(), { sig: { width: 500, height: 200 } });
    const blocks = pages.flatMap((p) => p.blocks);
    expect(texts(blocks).find((b) => b.text === '20')?.tone).toBe('danger');
    expect(texts(blocks).some((b) => b.text === 'Le capitaine a refusé de signer.')).toBe(true);
    const images = blocks.filter((b) => b.kind === 'image');
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ id: 'sig' });
  });

  it('leaves out the fingerprint when the report has none', async () => {
    const pages = layoutReport(content({ fingerprint: null }), await helvetica());
    expect(pages.flatMap((p) => texts(p.blocks)).some((b) => b.text === 'Empreinte')).toBe(false);
  });

  it('renders a PDF whose text reads back with its accents, and embeds the signature', async () => {
    const png = new Uint8Array(encodePng(50, 20, 3, () => [0, 0, 0]));
    const bytes = await renderReportPdf({ content: content(), images: [{ id: 'sig', bytes: png.buffer as ArrayBuffer }], title: 'PIR', date: '2026-11-20T12:00:00.000Z' }, dejaVuFonts());
    const text = (await pdfPagesText(bytes)).join('\n');
    expect(text).toContain('Étoile du Nord');
    expect(text).toContain('Écart relevé à la cale nº 2 ; œuvre « contrôlée ».');
    expect(text).toContain('Le capitaine a refusé de signer.');
    expect(text).toContain('0123 4567 89ab cdef');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPage(0).getSize()).toEqual({ width: A4.width, height: A4.height });
  });
});

describe('pictures in the signed report', () => {
  it('never leaves a picture’s title alone at the foot of a page', async () => {
    const groups = Array.from({ length: 12 }, (_, i) => ({
      kind: 'group' as const,
      title: `Photo ${i + 1}`,
      children: [
        { kind: 'image' as const, fileId: `p${i}`, alt: '' },
        { kind: 'row' as const, label: 'Description', value: 'Vue de la proue', warn: false, long: false },
      ],
    }));
    const images = Object.fromEntries(groups.map((_, i) => [`p${i}`, { width: 1600, height: 1200 }]));
    const pages = layoutReport(content({ sections: [{ step: 'vesselpictures', title: 'Photos', children: groups }] }), await helvetica(), images);
    for (const p of pages) {
      const titles = texts(p.blocks).filter((b) => /^Photo \d+$/.test(b.text));
      const pictures = p.blocks.filter((b) => b.kind === 'image' && b.id.startsWith('p'));
      expect(pictures).toHaveLength(titles.length);
    }
  });
});
