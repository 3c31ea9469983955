import { describe, expect, it } from 'vitest';
import type { Pir, RemoteDocument, SubmittedForm } from '@/lib/contract';
import { remoteFilesOf } from '@/lib/reports/remote-files';
import { href, parseRoute, shellPath } from '@/lib/routes/shell-path';
import {
  allVesselFiles,
  downloadName,
  fileKeyOf,
  findVesselFile,
  formsOfType,
  isVesselSegment,
  picturesOf,
  segmentCounts,
  vesselDocumentsOf,
  VESSEL_SEGMENTS,
  viewerKind,
} from '@/features/vessel/model/files';
import { identityChips, vesselFileHost, vesselFileUrl, vesselName } from '@/features/vessel/model/identity';
import { canZoomIn, canZoomOut, clampZoom, pinchZoom, ZOOM_LEVELS, ZOOM_MAX, ZOOM_MIN, zoomIn, zoomOut, zoomPercent } from '@/features/vessel/model/zoom';
import { emptyExtended, report } from './fixtures/report';

const link = (kind: string, id: number) => `/be/offline-api/files/${kind}/${id}`;
const doc = (id: number, name: string, tag: string | null, contentType = 'application/pdf'): RemoteDocument => ({
  id,
  name,
  contentType,
  documentTag: tag,
  downloadLink: link('attachments', id),
});
const form = (id: number, typeOfForm: SubmittedForm['typeOfForm'], submitDate: string, attachments: RemoteDocument[] = []): SubmittedForm => ({
  id,
  name: `${typeOfForm} ${id}`,
  typeOfForm,
  contentType: 'application/pdf',
  attachments,
  submitDate,
  downloadLink: link('documents', id),
});

/** A vessel file with every kind of entry: pictures, forms of each type, the RAR link, documents. */
function sample(over: Partial<Pir> = {}): Pir {
  return report(1010, 'submitted', {
    vesselPictures: [
      { id: 11, contentType: 'image/jpeg', description: 'Whole vessel - Praslin Star', photoTakingDate: '2025-01-02T10:00:00Z', tagId: 1, tagName: 'PWHO', downloadLink: link('pictures', 11), size: 1200 },
      { id: 12, contentType: 'image/png', description: '', photoTakingDate: null, tagId: null, tagName: null, downloadLink: link('pictures', 12) },
    ],
    submitedForms: [
      form(21, 'RAR', '2026-03-01T08:00:00Z', [doc(31, 'AUTF_31.pdf', 'AUTF'), doc(32, 'AUTF_32.pdf', 'AUTF')]),
      form(23, 'RAIAREP', '2026-02-27T08:00:00Z'),
      form(22, 'AREP', '2026-02-26T08:00:00Z'),
      form(25, 'PIR', '2026-03-05T08:00:00Z', [doc(33, 'inspection_1.jpg', 'PROF', 'image/jpeg')]),
      form(24, 'AREP', '2026-02-20T08:00:00Z'),
    ],
    // the RAR link is the RAR form's own document: listed once
    rarLink: { name: 'RAR_1010.pdf', downloadLink: link('documents', 21), contentType: 'application/pdf' },
    fileAttachements: [doc(41, 'Crew list.pdf', 'CRLI'), doc(42, 'VMS report.pdf', 'VMSR'), doc(43, 'Earlier PIR.pdf', 'PIR')],
    ...over,
  });
}

describe('fileKeyOf: the file id in the viewer address', () => {
  it('is the kind and the server id of a download link', () => {
    expect(fileKeyOf('/be/offline-api/files/documents/1042')).toBe('documents-1042');
    expect(fileKeyOf('/be/offline-api/files/pictures/7')).toBe('pictures-7');
    expect(fileKeyOf('https://example.org/be/offline-api/files/attachments/99/')).toBe('attachments-99');
  });

  it('encodes any other link in one address segment, without dots or slashes, and tells links apart', () => {
    const a = fileKeyOf('/files/a.pdf');
    const b = fileKeyOf('/files/b.pdf');
    expect(a).toMatch(/^x-[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    const unicode = fileKeyOf('/docs/équipage?x=1&y=ü');
    expect(unicode).toMatch(/^x-[A-Za-z0-9_-]+$/);
  });

  it('survives the address round trip: href → shell → parseRoute', () => {
    for (const f of allVesselFiles(sample())) {
      const path = href.vesselFile(1010, f.key);
      expect(shellPath(path)).toBe('/pir/_/vessel/file/_/');
      expect(parseRoute(path)).toEqual({ name: 'vesselFile', id: '1010', fileId: f.key });
    }
  });
});

describe('segments', () => {
  it('are pictures and the four form types, in SPEC order', () => {
    expect(VESSEL_SEGMENTS).toEqual(['pictures', 'RAR', 'AREP', 'RAIAREP', 'PIR']);
    expect(isVesselSegment('AREP')).toBe(true);
    expect(isVesselSegment('arep')).toBe(false);
    expect(isVesselSegment('documents')).toBe(false);
    expect(isVesselSegment(null)).toBe(false);
  });

  it('pictures: the vessel pictures, then the documents of no form type', () => {
    const r = sample();
    expect(picturesOf(r).map((p) => [p.key, p.name, p.kind, p.tag, p.date])).toEqual([
      ['pictures-11', 'Whole vessel - Praslin Star', 'image', 'PWHO', '2025-01-02T10:00:00Z'],
      ['pictures-12', 'picture_12', 'image', null, null],
    ]);
    expect(vesselDocumentsOf(r).map((d) => [d.name, d.tag, d.segment])).toEqual([
      ['Crew list.pdf', 'CRLI', 'pictures'],
      ['VMS report.pdf', 'VMSR', 'pictures'],
    ]);
  });

  it('forms of a type: only that type, oldest first, each with its attachments', () => {
    const r = sample();
    const arep = formsOfType(r, 'AREP');
    expect(arep.map((f) => f.name)).toEqual(['AREP 24', 'AREP 22']);
    expect(arep.every((f) => f.typeOfForm === 'AREP' && f.source === 'form' && f.attachments.length === 0)).toBe(true);
    const rar = formsOfType(r, 'RAR');
    expect(rar).toHaveLength(1);
    expect(rar[0]!.file).toMatchObject({ key: 'documents-21', kind: 'pdf', segment: 'RAR', date: '2026-03-01T08:00:00Z' });
    expect(rar[0]!.attachments.map((a) => [a.key, a.tag, a.segment])).toEqual([
      ['attachments-31', 'AUTF', 'RAR'],
      ['attachments-32', 'AUTF', 'RAR'],
    ]);
    expect(formsOfType(r, 'RAIAREP').map((f) => f.name)).toEqual(['RAIAREP 23']);
  });

  it('PIR: the submitted PIR, then a vessel-file document whose document type is PIR', () => {
    const pir = formsOfType(sample(), 'PIR');
    expect(pir.map((f) => [f.name, f.source])).toEqual([
      ['PIR 25', 'form'],
      ['Earlier PIR.pdf', 'document'],
    ]);
    expect(pir[0]!.attachments[0]).toMatchObject({ name: 'inspection_1.jpg', kind: 'image' });
  });

  it('RAR: the RAR link is listed when it is not one of the RAR forms', () => {
    const r = sample({
      submitedForms: [],
      rarLink: { name: 'RAR_1010.pdf', downloadLink: link('documents', 99), contentType: 'application/pdf' },
    });
    expect(formsOfType(r, 'RAR').map((f) => [f.name, f.source, f.key, f.attachments.length])).toEqual([['RAR_1010.pdf', 'rar', 'documents-99', 0]]);
    expect(formsOfType(r, 'AREP')).toEqual([]);
  });

  it('counts a form with its attachments; a report with nothing counts zero everywhere', () => {
    expect(segmentCounts(sample())).toEqual({ pictures: 4, RAR: 3, AREP: 2, RAIAREP: 1, PIR: 3 });
    expect(segmentCounts(report(1, 'notready'))).toEqual({ pictures: 0, RAR: 0, AREP: 0, RAIAREP: 0, PIR: 0 });
  });

  it('lists exactly the files the preparation downloads, each once', () => {
    const r = sample();
    const listed = allVesselFiles(r).map((f) => f.link).sort();
    expect(listed).toEqual(remoteFilesOf(r).map((f) => f.link).sort());
    expect(new Set(allVesselFiles(r).map((f) => f.key)).size).toBe(listed.length);
  });

  it('finds a file by its address id, or nothing', () => {
    const r = sample();
    expect(findVesselFile(r, 'attachments-32')).toMatchObject({ name: 'AUTF_32.pdf', segment: 'RAR' });
    expect(findVesselFile(r, 'attachments-41')).toMatchObject({ name: 'Crew list.pdf', segment: 'pictures' });
    expect(findVesselFile(r, 'documents-21')).toMatchObject({ segment: 'RAR' });
    expect(findVesselFile(r, 'documents-9999')).toBeNull();
    expect(findVesselFile(r, '')).toBeNull();
  });

  it('skips entries without a download link', () => {
    const r = sample({ vesselPictures: [{ ...sample().vesselPictures[0]!, downloadLink: '' }], fileAttachements: [doc(50, 'x.pdf', 'CRLI')].map((d) => ({ ...d, downloadLink: '' })) });
    expect(picturesOf(r)).toEqual([]);
    expect(vesselDocumentsOf(r)).toEqual([]);
  });
});

describe('viewerKind and downloadName', () => {
  it('shows images and PDFs, downloads the rest', () => {
    expect(viewerKind('image/jpeg')).toBe('image');
    expect(viewerKind('IMAGE/PNG')).toBe('image');
    expect(viewerKind('application/pdf')).toBe('pdf');
    expect(viewerKind('application/x-pdf; charset=binary')).toBe('pdf');
    expect(viewerKind('application/zip')).toBe('other');
    expect(viewerKind('')).toBe('other');
    expect(viewerKind(null)).toBe('other');
  });

  it('keeps a file name, makes it safe, and adds the extension its type calls for', () => {
    expect(downloadName('RAR_PIR-SYC-2026-0012.pdf', 'application/pdf')).toBe('RAR_PIR-SYC-2026-0012.pdf');
    expect(downloadName('Whole vessel - Praslin Star', 'image/jpeg')).toBe('Whole vessel - Praslin Star.jpg');
    expect(downloadName('a/b:c*?.pdf', 'application/pdf')).toBe('a_b_c_.pdf');
    expect(downloadName('  ', 'image/png')).toBe('file.png');
    expect(downloadName('notes', 'application/octet-stream')).toBe('notes');
  });
});

describe('identity chips', () => {
  it('reads the listing identity before preparation, in chip order', () => {
    const r = report(1010, 'notready', {
      vesselIdentity: { vesselName: 'Praslin Star', flagState: 'Seychelles', flagStateId: 690, iotcId: 'IOTC012345', imoId: '9074729', ircs: 'S7AB', mmsi: '664123456', vesselId: 1 },
    });
    expect(identityChips(r)).toEqual([
      { key: 'flagState', value: 'Seychelles' },
      { key: 'vesselFile', value: '1010' },
      { key: 'imo', value: '9074729' },
      { key: 'iotcId', value: 'IOTC012345' },
      { key: 'callSign', value: 'S7AB' },
      { key: 'mmsi', value: '664123456' },
    ]);
    expect(vesselName(r)).toBe('Praslin Star');
  });

  it('prefers the prepared vessel, falls back per value, and names the flag in the current language', () => {
    const ext = emptyExtended();
    ext.vessel = { ...ext.vessel, name: 'Praslin Star II', flagStateId: 250, imoId: '9074731', ircs: ' ', mmsi: null, iotcId: 'IOTC999' };
    const r = report(1010, 'ready', {
      vesselIdentity: { vesselName: 'Praslin Star', flagState: 'Seychelles', flagStateId: 690, iotcId: 'IOTC012345', imoId: '9074729', ircs: 'S7AB', mmsi: '664123456', vesselId: 1 },
      extended: ext,
    });
    const chips = Object.fromEntries(identityChips(r, (id) => (id === 250 ? 'France' : undefined)).map((c) => [c.key, c.value]));
    expect(chips).toEqual({ flagState: 'France', vesselFile: '1010', imo: '9074731', iotcId: 'IOTC999', callSign: 'S7AB', mmsi: '664123456' });
    // a flag the lists do not know: the listing's name
    expect(identityChips(r)[0]).toEqual({ key: 'flagState', value: 'Seychelles' });
    expect(vesselName(r)).toBe('Praslin Star II');
  });

  it('gives null for values nobody has', () => {
    const r = report(5, 'notready', { vesselIdentity: { vesselName: 'X', flagState: '', flagStateId: null, iotcId: null, imoId: '', ircs: null, mmsi: null, vesselId: null } });
    expect(identityChips(r).filter((c) => c.value === null).map((c) => c.key)).toEqual(['flagState', 'imo', 'iotcId', 'callSign', 'mmsi']);
  });
});

describe('the external vessel file', () => {
  it('is {host}/vfd/{fileId}/vesselfile.html', () => {
    expect(vesselFileUrl('https://vessels.iotc.org', 1010)).toBe('https://vessels.iotc.org/vfd/1010/vesselfile.html');
    expect(vesselFileUrl('https://vessels.iotc.org/', '1010')).toBe('https://vessels.iotc.org/vfd/1010/vesselfile.html');
    expect(vesselFileUrl('https://example.org/e-psm//', 7)).toBe('https://example.org/e-psm/vfd/7/vesselfile.html');
    expect(vesselFileUrl('', 7)).toBe('/vfd/7/vesselfile.html');
    expect(vesselFileUrl(null, 'a/b')).toBe('/vfd/a%2Fb/vesselfile.html');
  });

  it('takes the configured host when it is an http(s) address, else the app origin', () => {
    expect(vesselFileHost('https://vessels.iotc.org', 'http://127.0.0.1:3000')).toBe('https://vessels.iotc.org');
    expect(vesselFileHost(' http://localhost:8080 ', 'http://127.0.0.1:3000')).toBe('http://localhost:8080');
    expect(vesselFileHost('', 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(vesselFileHost(undefined, 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(vesselFileHost('javascript:alert(1)', 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(vesselFileHost('//evil.example', 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
  });
});

describe('zoom: 1 to 3 in steps of 0.5', () => {
  it('has five levels', () => {
    expect(ZOOM_LEVELS).toEqual([1, 1.5, 2, 2.5, 3]);
    expect(ZOOM_LEVELS.map(zoomPercent)).toEqual([100, 150, 200, 250, 300]);
  });

  it('clamps to the limits and rounds to the nearest step', () => {
    expect(clampZoom(0)).toBe(ZOOM_MIN);
    expect(clampZoom(-4)).toBe(ZOOM_MIN);
    expect(clampZoom(9)).toBe(ZOOM_MAX);
    expect(clampZoom(1.2)).toBe(1);
    expect(clampZoom(1.3)).toBe(1.5);
    expect(clampZoom(2.74)).toBe(2.5);
    expect(clampZoom(2.76)).toBe(3);
    expect(clampZoom(Number.NaN)).toBe(ZOOM_MIN);
    expect(clampZoom(Number.POSITIVE_INFINITY)).toBe(ZOOM_MIN);
  });

  it('steps in and out, and stops at the limits', () => {
    const up: number[] = [];
    for (let z = 1, i = 0; i < 6; i++) up.push((z = zoomIn(z)));
    expect(up).toEqual([1.5, 2, 2.5, 3, 3, 3]);
    const down: number[] = [];
    for (let z = 3, i = 0; i < 6; i++) down.push((z = zoomOut(z)));
    expect(down).toEqual([2.5, 2, 1.5, 1, 1, 1]);
    expect(canZoomOut(1)).toBe(false);
    expect(canZoomIn(1)).toBe(true);
    expect(canZoomIn(3)).toBe(false);
    expect(canZoomOut(3)).toBe(true);
    expect(zoomIn(1.2)).toBe(1.5);
  });

  it('follows the fingers while pinching, within the limits', () => {
    expect(pinchZoom(1, 100, 150)).toBe(1.5);
    expect(pinchZoom(2, 100, 75)).toBe(1.5);
    expect(pinchZoom(2, 100, 10)).toBe(1);
    expect(pinchZoom(2, 100, 1000)).toBe(3);
    expect(pinchZoom(1.5, 0, 100)).toBe(1.5);
    expect(clampZoom(pinchZoom(1, 100, 170))).toBe(1.5);
    expect(clampZoom(pinchZoom(1, 100, 180))).toBe(2);
  });
});
