// Builds the static export into out/ and the service worker that precaches all of it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { runBuildCommand } from '@serwist/cli';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'out');
process.env.NEXT_TELEMETRY_DISABLED = '1';

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

run(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build']);

// Turbopack also copies each worker's TypeScript source into static/media (the asset behind its
// `new URL('./x.worker.ts', import.meta.url)`); the worker runs from its compiled chunk, so the sources are
// never loaded nor precached: they are not shipped.
const media = path.join(out, '_next/static/media');
for (const f of fs.existsSync(media) ? fs.readdirSync(media) : []) if (/\.worker\.[\w-]+\.ts$/.test(f)) fs.rmSync(path.join(media, f));

// The PDF viewer's worker is served by the app itself, never from a CDN.
const pdfWorker = path.join(root, 'node_modules/pdfjs-dist/build/pdf.worker.min.mjs');
if (fs.existsSync(pdfWorker)) fs.copyFileSync(pdfWorker, path.join(out, 'pdf.worker.min.mjs'));

// The signed report's fonts (features/inspection/data/report-pdf/fonts.ts): from the npm package, served
// and precached by the app itself, so the tablet prints every typed character offline.
const pdfFonts = path.join(out, 'pdf-fonts');
fs.mkdirSync(pdfFonts, { recursive: true });
for (const f of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']) fs.copyFileSync(path.join(root, 'node_modules/dejavu-fonts-ttf/ttf', f), path.join(pdfFonts, f));
fs.copyFileSync(path.join(root, 'node_modules/dejavu-fonts-ttf/LICENSE'), path.join(pdfFonts, 'LICENSE.txt'));

await runBuildCommand({
  watch: false,
  config: {
    swSrc: path.join(root, 'app/sw.ts'),
    swDest: path.join(out, 'sw.js'),
    globDirectory: out,
    globPatterns: ['**/*.{html,txt,js,mjs,css,woff2,ttf,png,svg,ico,webmanifest,json}'],
    globIgnores: ['sw.js', '_not-found/**', '404/**'],
    dontCacheBustURLsMatching: /^_next\/static\//,
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    injectionPoint: 'self.__SW_MANIFEST',
    manifestTransforms: [
      (entries) => ({
        manifest: entries.map((e) => {
          let url = e.url.endsWith('/index.html') || e.url === 'index.html' ? e.url.slice(0, -'index.html'.length) : e.url;
          url = '/' + url;
          return { ...e, url };
        }),
        warnings: [],
      }),
    ],
    esbuildOptions: { alias: { '@': root } },
  },
});
console.log('Built out/ and out/sw.js');
