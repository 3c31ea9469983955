/**
 * The external vessel file the app links to (SPEC §1): GET /vfd/{fileId}/vesselfile.html, a small
 * self-contained HTML page about the vessel of a report's file id — identity and the forms on file.
 * No script and no outside resource: its own CSP allows only its one inline style, by hash. Every
 * value is escaped. It needs no token (it opens in a new tab) and so shows only what the public
 * record of vessels shows plus the names and dates of the forms: no download links, no inspection data.
 */
import crypto from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { Pir } from '../../lib/contract/index';
import { getReport, parseId, toPir } from '../db/reports';
import type { AppContext, AppEnv } from '../http/types';

const STYLE = [
  ':root{color-scheme:light dark;--fg:#0f172a;--muted:#475569;--line:#cbd5e1;--bg:#fff;--accent:#0e7490}',
  '@media (prefers-color-scheme:dark){:root{--fg:#e2e8f0;--muted:#94a3b8;--line:#334155;--bg:#0b1220;--accent:#22d3ee}}',
  'body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}',
  'main{max-width:48rem;margin:0 auto;padding:1.5rem}',
  'h1{font-size:1.6rem;margin:0 0 .25rem}h2{font-size:1.15rem;margin:1.75rem 0 .5rem}',
  '.sub{color:var(--muted);margin:0}',
  'dl{display:grid;grid-template-columns:max-content 1fr;gap:.35rem 1.25rem;margin:1rem 0 0}dt{color:var(--muted)}dd{margin:0;font-variant-numeric:tabular-nums}',
  'table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:.45rem .5rem;border-bottom:1px solid var(--line)}th{color:var(--muted);font-weight:600}',
  '.tag{display:inline-block;border:1px solid var(--accent);color:var(--accent);border-radius:.4rem;padding:0 .4rem;font-size:.85rem;font-weight:600}',
  'footer{margin-top:2rem;color:var(--muted);font-size:.85rem}',
].join('');

const STYLE_HASH = crypto.createHash('sha256').update(STYLE, 'utf8').digest('base64');

/** Nothing but the page's own inline style; no script, image, font, frame, form or base. */
export const VESSEL_FILE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${STYLE_HASH}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || String(v).trim() === '' ? '—' : escapeHtml(v));

function date(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? escapeHtml(iso) : escapeHtml(d.toISOString().slice(0, 10));
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
<footer>IOTC port inspection - reference vessel file</footer>
</main>
</body>
</html>
`;
}

const FORM_ORDER = ['RAR', 'AREP', 'RAIAREP', 'PIR'];

/** The vessel file page of a report. */
function vesselFilePage(report: Pir): string {
  const v = report.vesselIdentity;
  const rows: [string, string][] = [
    ['Vessel name', dash(v.vesselName)],
    ['Flag state', dash(v.flagState)],
    ['IMO number', dash(v.imoId)],
    ['Radio call sign (IRCS)', dash(v.ircs)],
    ['MMSI', dash(v.mmsi)],
    ['IOTC id', dash(v.iotcId)],
    ['Vessel file', dash(report.fileId)],
  ];
  const forms = [...report.submitedForms].sort(
    (a, b) => FORM_ORDER.indexOf(a.typeOfForm) - FORM_ORDER.indexOf(b.typeOfForm) || a.submitDate.localeCompare(b.submitDate),
  );
  const formRows = forms
    .map((f) => `<tr><td><span class="tag">${escapeHtml(f.typeOfForm)}</span></td><td>${escapeHtml(f.name)}</td><td>${date(f.submitDate)}</td><td>${f.attachments.length}</td></tr>`)
    .join('\n');
  const docRows = report.fileAttachements.map((d) => `<tr><td><span class="tag">${dash(d.documentTag)}</span></td><td>${escapeHtml(d.name)}</td></tr>`).join('\n');
  const body = `<h1>${dash(v.vesselName)}</h1>
<p class="sub">Vessel file ${escapeHtml(report.fileId)} · ${dash(v.flagState)}</p>
<dl>
${rows.map(([k, val]) => `<dt>${escapeHtml(k)}</dt><dd>${val}</dd>`).join('\n')}
</dl>
<h2>Forms on file</h2>
${
  forms.length
    ? `<table>
<thead><tr><th>Type</th><th>Form</th><th>Submitted</th><th>Attachments</th></tr></thead>
<tbody>
${formRows}
</tbody>
</table>`
    : '<p class="sub">No form on file.</p>'
}
<h2>Vessel documents</h2>
${
  report.fileAttachements.length
    ? `<table>
<thead><tr><th>Type</th><th>Document</th></tr></thead>
<tbody>
${docRows}
</tbody>
</table>`
    : '<p class="sub">No document on file.</p>'
}`;
  return page(`${dash(v.vesselName)} - vessel file ${escapeHtml(report.fileId)}`, body);
}

function notFoundPage(): string {
  return page('Vessel file not found', '<h1>Vessel file not found</h1>\n<p class="sub">There is no vessel file with this number.</p>');
}

function html(c: Context<AppEnv>, status: 200 | 404, text: string) {
  return c.body(text, status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': VESSEL_FILE_CSP,
    'Cache-Control': 'no-cache',
    'X-Robots-Tag': 'noindex',
  });
}

export function vesselFileRoutes(ctx: AppContext): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get('/vfd/:fileId/vesselfile.html', (c) => {
    const id = parseId(c.req.param('fileId'));
    const row = id === null ? undefined : getReport(ctx.db, id);
    if (!row) return html(c, 404, notFoundPage());
    return html(c, 200, vesselFilePage(toPir(row)));
  });
  return r;
}
