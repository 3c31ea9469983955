import { describe, expect, it } from 'vitest';
import type { Pir } from '@/lib/contract';

type Vessel = NonNullable<Pir['extended']>['vessel'];
import type { ProcessRecord, StoredFileRecord } from '@/lib/local-data/db';
import { migrate, RECORD_VERSIONS, stamp } from '@/lib/local-data/record-versions';
import { emptyExtended, report, task } from './fixtures/report';

/** A report as a release before "VMS on board" stored it: no such key, no record version. */
function reportBeforeVmsOnBoard(id: number): Pir {
  const r = report(id, 'inspecting', { claimedByDevice: 'TAB-A', extended: emptyExtended() });
  delete (r.extended!.vessel as Partial<Vessel>).vmsOnBoard;
  return r;
}

const file: StoredFileRecord = {
  id: 'picture:101:p1',
  url: 'picture:101:p1',
  date: '2026-11-21T09:00:00.000Z',
  content: null,
  width: 64,
  height: 48,
  filename: 'picture_p1.jpg',
  type: 'image',
  size: 1200,
  pirId: 101,
  contentType: 'image/jpeg',
};

describe('record versions', () => {
  it('this version writes reports at 2 (one step so far) and every other kind at 1', () => {
    expect(RECORD_VERSIONS).toEqual({ report: 2, file: 1, process: 1, settings: 1, manifest: 1 });
  });

  it('stamps the version on the stored copy, and migrate gives back the record as the app holds it', () => {
    const r = report(1, 'ready');
    expect(stamp('report', r)).toEqual({ ...r, schemaVersion: 2 });
    expect(r).not.toHaveProperty('schemaVersion');
    expect(migrate('report', stamp('report', r))).toEqual({ ok: true, record: r, from: 2 });
    expect(migrate('file', stamp('file', file))).toEqual({ ok: true, record: file, from: 1 });
  });

  it('a record without a version is version 1', () => {
    expect(migrate('file', file)).toEqual({ ok: true, record: file, from: 1 });
    expect(migrate('settings', { darkMode: true })).toEqual({ ok: true, record: { darkMode: true }, from: 1 });
  });

  describe('report 1 → 2: "VMS on board" unanswered where a report has no such key', () => {
    it('adds vmsOnBoard: null to a report stored before the field existed', () => {
      const m = migrate<Pir>('report', reportBeforeVmsOnBoard(1));
      expect(m.ok && m.record.extended!.vessel.vmsOnBoard).toBeNull();
      expect(m.ok && m.from).toBe(1);
    });

    it('keeps an answer, and changes nothing else', () => {
      const answered = report(2, 'inspecting', { extended: { ...emptyExtended(), vessel: { ...emptyExtended().vessel, vmsOnBoard: 'no' } } });
      expect(migrate('report', answered)).toEqual({ ok: true, record: answered, from: 1 });
      const before = reportBeforeVmsOnBoard(3);
      const m = migrate<Pir>('report', before);
      expect(m.ok && m.record).toEqual({ ...before, extended: { ...before.extended, vessel: { ...before.extended!.vessel, vmsOnBoard: null } } });
      // the stored copy it came from is not changed
      expect(before.extended!.vessel).not.toHaveProperty('vmsOnBoard');
    });

    it('leaves a report without details (not prepared yet) as it is', () => {
      const listed = report(4, 'notready');
      expect(migrate('report', listed)).toEqual({ ok: true, record: listed, from: 1 });
    });

    it('is not run again on a version 2 report', () => {
      const odd = { ...reportBeforeVmsOnBoard(5), schemaVersion: 2 };
      const m = migrate<Pir>('report', odd);
      expect(m.ok && m.record.extended!.vessel).not.toHaveProperty('vmsOnBoard');
    });
  });

  it('leaves a record of a newer version alone and says so', () => {
    const newer = { ...report(6, 'inspecting'), schemaVersion: 3, somethingNew: { a: 1 } };
    const copy = structuredClone(newer);
    expect(migrate('report', newer)).toEqual({ ok: false, reason: 'newer', version: 3 });
    expect(newer).toEqual(copy);
    expect(migrate('settings', { schemaVersion: 2 })).toEqual({ ok: false, reason: 'newer', version: 2 });
    expect(migrate('manifest', { formatVersion: 2 })).toEqual({ ok: false, reason: 'newer', version: 2 });
  });

  it('refuses what is not a record, or a version that is not one', () => {
    for (const bad of [null, 'report', 42, [report(7, 'ready')]]) expect(migrate('report', bad)).toEqual({ ok: false, reason: 'unreadable' });
    for (const v of ['2', 0, 1.5, null]) expect(migrate('file', { ...file, schemaVersion: v })).toEqual({ ok: false, reason: 'unreadable' });
  });

  describe('records held inside another carry their own version', () => {
    const claim = (restore: unknown): ProcessRecord =>
      ({ type: 'claim', subject: 8, uid: 'p-8', description: '', tasks: [task('t-1', 'REGISTERED', { subject: 8 })], createdAt: '2026-11-21T09:00:00.000Z', restore }) as ProcessRecord;

    it('a process brings the report it restores up to date, and stamps it', () => {
      const m = migrate<ProcessRecord>('process', claim(reportBeforeVmsOnBoard(8)));
      expect(m.ok && m.record.restore!.extended!.vessel.vmsOnBoard).toBeNull();
      expect(m.ok && m.record).not.toHaveProperty('schemaVersion');
      const stored = stamp('process', claim(report(8, 'ready'))) as unknown as { schemaVersion: number; restore: { schemaVersion: number } };
      expect([stored.schemaVersion, stored.restore.schemaVersion]).toEqual([1, 2]);
      expect(migrate('process', claim(null))).toEqual({ ok: true, record: claim(null), from: 1 });
    });

    it('a process whose report is newer is left alone whole', () => {
      expect(migrate('process', claim({ ...report(8, 'ready'), schemaVersion: 9 }))).toEqual({ ok: false, reason: 'newer', version: 9 });
    });

    it('a manifest keeps its formatVersion, current, and brings its file records up to date', () => {
      const manifest = { format: 'iotc-pir-export', appVersion: '0.1.0', files: [{ path: 'files/101/001-picture_p1.jpg', record: { ...file, content: undefined } }] };
      const m = migrate<typeof manifest & { formatVersion: number }>('manifest', manifest);
      expect(m.ok && m.record.formatVersion).toBe(1);
      const stamped = stamp('manifest', manifest);
      expect(stamped.files[0]!.record).toHaveProperty('schemaVersion', 1);
      expect(migrate<typeof manifest>('manifest', stamped)).toMatchObject({ ok: true, record: { formatVersion: 1, files: [{ record: { id: file.id } }] } });
      expect((migrate<typeof manifest>('manifest', stamped) as { record: typeof manifest }).record.files[0]!.record).not.toHaveProperty('schemaVersion');
      const newerFile = { ...manifest, files: [{ ...manifest.files[0], record: { ...file, schemaVersion: 4 } }] };
      expect(migrate('manifest', newerFile)).toEqual({ ok: false, reason: 'newer', version: 4 });
    });
  });
});
