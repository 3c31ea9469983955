/**
 * The signed report's A4 pages, as positioned blocks. Pure: content and text metrics
 * in, pages of blocks out; no pdf-lib, no React, no I/O (features/inspection/model/report-pdf/render.ts draws the blocks).
 * Nothing is cut: long text wraps (words longer than a line are broken) and flows onto new pages, and
 * every string is first made printable with the embedded fonts' coverage (lib/format/print-text.ts).
 * Coordinates are PDF points from the bottom-left corner, as pdf-lib draws.
 */
import type { ResolvedNode, ResolvedSection } from '@/features/inspection/model/review';
import { printable, wrapLines, type Covers } from '@/lib/format/print-text';

export const A4 = { width: 595.28, height: 841.89 } as const;
export const MARGIN = 42;
const FOOTER_Y = 24;
const CONTENT_BOTTOM = MARGIN + 8;

export type Tone = 'ink' | 'muted' | 'accent' | 'danger';

export type Block =
  | { kind: 'text'; x: number; y: number; size: number; bold: boolean; tone: Tone; text: string }
  | { kind: 'image'; id: string; x: number; y: number; width: number; height: number }
  | { kind: 'rect'; x: number; y: number; width: number; height: number; fill: 'accent' | 'shade' | null; stroke: boolean };

export interface LayoutPage {
  blocks: Block[];
}

interface SignatureBox {
  label: string;
  /** the image's id in `images`, or null (refused, or not signed) */
  imageId: string | null;
  /** under the box: the signer, or the refusal */
  note: string;
}

export interface ReportPdfContent {
  title: string;
  /** label/value pairs under the title: report number, vessel, place, date */
  header: [string, string][];
  sections: ResolvedSection[];
  signaturesTitle: string;
  signatures: SignatureBox[];
  /** printed under the signatures when the report has one */
  fingerprint: { label: string; value: string } | null;
  /** each page's footer; `{n}` and `{total}` are replaced */
  footer: string;
}

/** Text width in points (the font's metrics). */
export type Measure = (text: string, size: number, bold: boolean) => number;

export interface ImageSize {
  width: number;
  height: number;
}

/** Lines of `text` no wider than `width`: words wrap, a word wider than a line is broken (lib/format/print-text.ts). */
export function wrapText(text: string, width: number, size: number, bold: boolean, measure: Measure): string[] {
  return wrapLines(text, width, (ch) => measure(ch, size, bold));
}

/** Every string of the content as the fonts print it (see printable). */
function printableContent(c: ReportPdfContent, covers: Covers): ReportPdfContent {
  const p = (s: string) => printable(s, covers);
  const node = (n: ResolvedNode): ResolvedNode =>
    n.kind === 'row' ? { ...n, label: p(n.label), value: p(n.value) } : n.kind === 'group' ? { ...n, title: p(n.title), children: n.children.map(node) } : n;
  return {
    title: p(c.title),
    header: c.header.map(([l, v]) => [p(l), p(v)]),
    sections: c.sections.map((s) => ({ ...s, title: p(s.title), children: s.children.map(node) })),
    signaturesTitle: p(c.signaturesTitle),
    signatures: c.signatures.map((s) => ({ ...s, label: p(s.label), note: p(s.note) })),
    fingerprint: c.fingerprint && { label: p(c.fingerprint.label), value: p(c.fingerprint.value) },
    footer: p(c.footer),
  };
}

const SIZES = { title: 18, section: 13, group: 10.5, label: 8.5, value: 10, footer: 8 } as const;
const LINE = 1.32;

/** `covers`: what the embedded fonts draw; the rest is printed as code points. */
export function layoutReport(typed: ReportPdfContent, measure: Measure, images: Record<string, ImageSize> = {}, covers: Covers = () => true): LayoutPage[] {
  const content = printableContent(typed, covers);
  const pages: LayoutPage[] = [];
  const width = A4.width - 2 * MARGIN;
  let page: LayoutPage = { blocks: [] };
  pages.push(page);
  let y = A4.height - MARGIN;

  const newPage = () => {
    page = { blocks: [] };
    pages.push(page);
    y = A4.height - MARGIN;
  };
  /** room for `h` points on this page, else a new page */
  const need = (h: number) => {
    if (y - h < CONTENT_BOTTOM) newPage();
  };
  const text = (s: string, x: number, size: number, bold: boolean, tone: Tone) => page.blocks.push({ kind: 'text', x, y, size, bold, tone, text: s });
  /** a wrapped paragraph, each line placed (and paged) on its own */
  const paragraph = (s: string, x: number, w: number, size: number, bold: boolean, tone: Tone) => {
    for (const line of wrapText(s, w, size, bold, measure)) {
      need(size * LINE);
      y -= size;
      text(line, x, size, bold, tone);
      y -= size * (LINE - 1);
    }
  };

  // title block
  page.blocks.push({ kind: 'rect', x: MARGIN, y: y - 3, width, height: 3, fill: 'accent', stroke: false });
  y -= 14;
  paragraph(content.title, MARGIN, width, SIZES.title, true, 'ink');
  y -= 6;
  const colW = width / 2;
  for (let i = 0; i < content.header.length; i += 2) {
    const pair = content.header.slice(i, i + 2);
    const heights = pair.map(([, v]) => wrapText(v, colW - 12, 11, false, measure).length);
    const h = SIZES.label * LINE + Math.max(...heights) * 11 * LINE + 6;
    need(h);
    const top = y;
    pair.forEach(([label, value], j) => {
      y = top;
      paragraph(label, MARGIN + j * colW, colW - 12, SIZES.label, true, 'muted');
      paragraph(value, MARGIN + j * colW, colW - 12, 11, false, 'ink');
    });
    y = top - h;
  }

  const labelW = width * 0.36;
  const row = (n: Extract<ResolvedNode, { kind: 'row' }>, indent: number) => {
    const x = MARGIN + indent;
    const w = width - indent;
    const tone: Tone = n.warn ? 'danger' : 'ink';
    if (n.long) {
      need(SIZES.label * LINE + SIZES.value * LINE);
      if (n.label) paragraph(n.label, x, w, SIZES.label, true, 'muted');
      paragraph(n.value, x, w, SIZES.value, false, tone);
      y -= 4;
      return;
    }
    const labelLines = wrapText(n.label, labelW - 10, SIZES.label, true, measure);
    const valueLines = wrapText(n.value, w - labelW, SIZES.value, n.warn, measure);
    const h = Math.max(labelLines.length * SIZES.label, valueLines.length * SIZES.value) * LINE + 4;
    if (h < A4.height / 3) need(h);
    const top = y;
    paragraph(n.label, x, labelW - 10, SIZES.label, true, 'muted');
    const afterLabel = y;
    y = top;
    // the value's baseline sits with the label's
    paragraph(n.value, x + labelW, w - labelW, SIZES.value, n.warn, tone);
    y = Math.min(y, afterLabel) - 4;
  };
  /** a picture's thumbnail size, at most 200 by 130 points */
  const thumb = (fileId: string) => {
    const size = images[fileId];
    if (!size || !(size.width > 0) || !(size.height > 0)) return null;
    const scale = Math.min(200 / size.width, 130 / size.height);
    return { w: size.width * scale, h: size.height * scale };
  };
  const image = (n: Extract<ResolvedNode, { kind: 'image' }>, indent: number) => {
    const t = thumb(n.fileId);
    if (!t) return;
    const { w, h } = t;
    need(h + 6);
    page.blocks.push({ kind: 'image', id: n.fileId, x: MARGIN + indent, y: y - h, width: w, height: h });
    y -= h + 6;
  };
  const node = (n: ResolvedNode, indent: number) => {
    if (n.kind === 'row') row(n, indent);
    else if (n.kind === 'image') image(n, indent);
    else {
      // a group's title is never left alone at the foot of a page: it goes with its first line or picture
      const first = n.children[0];
      const firstH = first?.kind === 'image' ? (thumb(first.fileId)?.h ?? 0) + 6 : SIZES.value * LINE * 2;
      need(SIZES.group * LINE + firstH);
      y -= 2;
      paragraph(n.title, MARGIN + indent, width - indent, SIZES.group, true, 'ink');
      for (const c of n.children) node(c, indent + 10);
      y -= 2;
    }
  };

  for (const s of content.sections) {
    y -= 10;
    need(SIZES.section * LINE + SIZES.value * LINE * 3);
    paragraph(s.title, MARGIN, width, SIZES.section, true, 'accent');
    page.blocks.push({ kind: 'rect', x: MARGIN, y: y + 1, width, height: 0.6, fill: 'shade', stroke: false });
    y -= 5;
    for (const n of s.children) node(n, 0);
  }

  // signatures, side by side, kept together
  const boxH = 90;
  y -= 14;
  need(SIZES.section * LINE + boxH + 40 + (content.fingerprint ? 36 : 0));
  paragraph(content.signaturesTitle, MARGIN, width, SIZES.section, true, 'accent');
  y -= 4;
  const n = Math.max(1, content.signatures.length);
  const boxW = (width - 20 * (n - 1)) / n;
  const top = y;
  let bottom = y;
  content.signatures.forEach((sig, k) => {
    const x = MARGIN + k * (boxW + 20);
    y = top;
    paragraph(sig.label, x, boxW, SIZES.label, true, 'muted');
    y -= 2;
    page.blocks.push({ kind: 'rect', x, y: y - boxH, width: boxW, height: boxH, fill: null, stroke: true });
    const size = sig.imageId ? images[sig.imageId] : undefined;
    if (sig.imageId && size && size.width > 0 && size.height > 0) {
      const scale = Math.min((boxW - 12) / size.width, (boxH - 12) / size.height);
      const w = size.width * scale;
      const h = size.height * scale;
      page.blocks.push({ kind: 'image', id: sig.imageId, x: x + (boxW - w) / 2, y: y - boxH + (boxH - h) / 2, width: w, height: h });
    }
    y -= boxH + 4;
    paragraph(sig.note, x, boxW, SIZES.value, false, 'ink');
    bottom = Math.min(bottom, y);
  });
  y = bottom - 8;
  if (content.fingerprint) {
    paragraph(content.fingerprint.label, MARGIN, width, SIZES.label, true, 'muted');
    paragraph(content.fingerprint.value, MARGIN, width, 11, true, 'ink');
  }

  const total = pages.length;
  pages.forEach((p, i) => {
    const footer = content.footer.replace('{n}', String(i + 1)).replace('{total}', String(total));
    p.blocks.push({ kind: 'text', x: MARGIN, y: FOOTER_Y, size: SIZES.footer, bold: false, tone: 'muted', text: footer });
  });
  return pages;
}
