/**
 * Issue 22 item 3: the canonical form the signatures are bound to. Same content → same hash whatever
 * the key order; any change of a signed field or a file's hash → another hash; volatile fields do not count.
 */
import { describe, expect, it } from 'vitest';
import { canonicalJson, computeFingerprint, shortFingerprint, signedContent, type FingerprintInput } from '@/lib/inspection/fingerprint';
import { emptyExtended, report } from './fixtures/report';
import { extended as extendedSchema, type Pir } from '@/lib/contract';

const hex = (c: string) => c.repeat(64);

function input(): FingerprintInput {
  const ext = emptyExtended();
  ext.pir.findingsByInspector = 'Écart de 12 % sur l’albacore débarqué';
  ext.pir.controlledCatches = [
    { uid: 'c1', species: 3, productForm: 1, catchArea: [5], quantity: 1200, quantityToLand: 1200, monitoredLandedQuantity: 1180, quantityToTransship: 0, monitoredTranshippedQuantity: 0 },
  ] as never;
  ext.pictures = [{ uid: 'p1', type: 'PWHO', author: 'Amina Hoareau', description: 'Bow', date: '2026-11-21T09:00:00.000Z' }];
  ext.attachments = [{ uid: 'a1', type: 'LAND', name: 'Landing declaration', offline: true, documentTag: null, pictures: ['attachment-page:1:a1:x'] }];
  return {
    reportId: 1,
    extended: ext,
    masterRefuses: false,
    files: [
      { part: 'signatures', fileUrl: 'signature_master.png', size: 900, sha256: hex('a'), meta: { role: 'master' } },
      { part: 'signatures', fileUrl: 'signature_inspector.png', size: 800, sha256: hex('b'), meta: { role: 'inspector' } },
      { part: 'pictures', fileUrl: 'picture_p1.jpg', size: 50_000, sha256: hex('c'), meta: { uid: 'p1', type: 'PWHO', author: 'Amina Hoareau', description: 'Bow', date: '2026-11-21T09:00:00.000Z' } },
      { part: 'attachments', fileUrl: 'LAND_a1.pdf', size: 70_000, sha256: hex('d'), meta: { uid: 'a1', type: 'LAND', name: 'LAND_a1.pdf' } },
    ],
  };
}

/** The same value with every object's keys in reverse order. */
function reversedKeys<T>(v: T): T {
  if (Array.isArray(v)) return v.map(reversedKeys) as T;
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reversedKeys(x)])) as T;
  return v;
}

describe('canonical form', () => {
  it('sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1], c: null }, u: undefined })).toBe('{"a":{"c":null,"d":[3,1]},"b":1}');
  });

  it('gives the same hash for the same content whatever the key order and the files order', async () => {
    const a = input();
    const b = reversedKeys(input());
    b.files = [...b.files].reverse();
    expect(canonicalJson(signedContent(b))).toBe(canonicalJson(signedContent(a)));
    const fp = await computeFingerprint(a);
    expect(fp).toMatch(/^[0-9a-f]{64}$/);
    expect(await computeFingerprint(b)).toBe(fp);
  });

  it('is the same after the report goes through the contract (what the server keeps of a save)', async () => {
    const a = input();
    const parsed = extendedSchema.parse(JSON.parse(JSON.stringify(a.extended)));
    expect(await computeFingerprint({ ...a, extended: parsed })).toBe(await computeFingerprint(a));
  });

  const changes: [string, (i: FingerprintInput) => void][] = [
    ['a finding (one character)', (i) => (i.extended.pir.findingsByInspector += '.')],
    ['a catch quantity', (i) => ((i.extended.pir.controlledCatches[0] as { monitoredLandedQuantity: number }).monitoredLandedQuantity = 1181)],
    ['a catch more', (i) => i.extended.pir.controlledCatches.push({ ...(i.extended.pir.controlledCatches[0] as object), uid: 'c2', species: 4 } as never)],
    ['the vessel name', (i) => (i.extended.vessel.name = 'Praslin Star II')],
    ['the master comments', (i) => (i.extended.pir.commentsByMaster = 'Je conteste.')],
    ['a picture description', (i) => (i.extended.pictures[0]!.description = 'Stern')],
    ['an attachment name', (i) => (i.extended.attachments[0]!.name = 'Other')],
    ['the master refusing', (i) => (i.masterRefuses = true)],
    ['a signature image hash', (i) => (i.files[0]!.sha256 = hex('e'))],
    ['a picture file hash', (i) => (i.files[2]!.sha256 = hex('f'))],
    ['an attachment file size', (i) => (i.files[3]!.size += 1)],
    ['a file more', (i) => (i.files = [...i.files, { part: 'pictures', fileUrl: 'picture_p2.jpg', size: 1, sha256: hex('1'), meta: {} }])],
    ['a file less', (i) => (i.files = i.files.slice(0, -1))],
    ['an announced description', (i) => (i.files[2]!.meta.description = 'Stern')],
    ['the report', (i) => (i.reportId = 2)],
  ];
  it.each(changes)('changes when %s changes', async (_what, change) => {
    const before = await computeFingerprint(input());
    const changed = input();
    change(changed);
    expect(await computeFingerprint(changed)).not.toBe(before);
  });

  it('ignores what is not signed: status, dates, step flags, claim, local page ids, content types', async () => {
    const base = report(1, 'signing', { extended: input().extended });
    const volatile: Pir = {
      ...base,
      status: 'submitting',
      lastUpdateDate: '2027-01-01T00:00:00.000Z',
      claimedByDevice: 'OTHER',
      lifecycle: { submitting: { date: '2027-01-01T00:00:00.000Z', previousStatus: 'readytosubmit' } },
      inspectionstatus: { findings: true },
      inspectionErrors: { findings: { errors: {}, isValid: true } },
    };
    const of = (p: Pir, pages: string[], contentType: string) => {
      const i = input();
      i.extended = { ...p.extended!, attachments: p.extended!.attachments.map((a) => ({ ...a, pictures: pages })) };
      i.files = i.files.map((f) => ({ ...f, meta: { ...f.meta, contentType } }));
      return computeFingerprint(i);
    };
    expect(await of(volatile, ['attachment-page:1:a1:y', 'attachment-page:1:a1:z'], 'image/png')).toBe(await of(base, ['attachment-page:1:a1:x'], 'image/jpeg'));
  });

  it('has a short form for people', () => {
    expect(shortFingerprint('0123456789abcdef'.repeat(4))).toBe('0123 4567 89ab cdef');
  });
});
