import { describe, expect, it } from 'vitest';
import enMessages from '@/messages/en.json';
import frMessages from '@/messages/fr.json';
import { STEP_NAMES } from '@/lib/contract/constants';
import { EMPTY, resolveReview, reviewContent, reviewImages, type ResolvedNode } from '@/features/inspection/model/review';
import { isFormStep } from '@/lib/inspection/steps';
import type { PreparedPir } from '@/features/inspection/model/definitions';
import { emptyExtended, report } from './fixtures/report';
import { reviewDeps } from './fixtures/review-deps';

const deps = (messages: typeof enMessages, locale: 'en' | 'fr') => reviewDeps(locale, messages);

function filledReport(): PreparedPir {
  const ex = emptyExtended();
  ex.vessel.name = 'Étoile du Nord';
  ex.vessel.flagStateId = 690;
  ex.vessel.gearIds = [1, 2];
  ex.pir.findingsByInspector = `Écart relevé à la cale nº 2 ; contrôle effectué à bord. ${'x'.repeat(2900)}`;
  ex.pir.commentsByMaster = 'Le capitaine conteste la pesée.';
  ex.pir.hasInfringements = true;
  ex.pir.infrigements = 'Journal de pêche incomplet';
  ex.pir.actionsTaken = 'Rapport transmis à l’État du pavillon';
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
      comments: 'Pesée contestée',
    },
  ];
  ex.pictures = [{ uid: 'p1', type: 'PWHO', author: 'A. Inspecteur', description: 'Vue de la proue', date: '2026-11-20T10:00:00.000Z' }];
  ex.attachments = [{ uid: 'a1', type: 'LECA', name: 'Logbook', offline: true, documentTag: null, pictures: ['x', 'y', 'z'] }];
  return report(7, 'inspecting', { extended: ex, inspectionComment: 'Vérifier les cales.' }) as PreparedPir;
}

const flatten = (nodes: ResolvedNode[]): ResolvedNode[] => nodes.flatMap((n) => (n.kind === 'group' ? [n, ...flatten(n.children)] : [n]));
const rows = (nodes: ResolvedNode[]) => flatten(nodes).filter((n): n is Extract<ResolvedNode, { kind: 'row' }> => n.kind === 'row');

describe('the review before signing', () => {
  it('has every form step, in the stepper’s order, each titled', () => {
    const sections = resolveReview(reviewContent(filledReport()), deps(enMessages, 'en'));
    expect(sections.map((s) => s.step)).toEqual(STEP_NAMES.filter(isFormStep));
    expect(sections.find((s) => s.step === 'findings')?.title).toBe('Findings');
  });

  it('labels every field with a message of the step’s form, in English and in French', () => {
    for (const [messages, locale] of [
      [enMessages, 'en'],
      [frMessages, 'fr'],
    ] as const) {
      const sections = resolveReview(reviewContent(filledReport()), deps(messages as typeof enMessages, locale));
      for (const s of sections) {
        for (const r of rows(s.children)) expect(r.label, `${s.step}: a label is a field name`).not.toMatch(/^[a-z]+[A-Z][A-Za-z]*$/);
      }
    }
  });

  it('shows the full long finding, the master’s comments, the infringements and the actions taken', () => {
    const r = filledReport();
    const findings = resolveReview(reviewContent(r), deps(enMessages, 'en')).find((s) => s.step === 'findings')!;
    const values = rows(findings.children);
    expect(values.find((v) => v.label === 'Findings of the inspector')?.value).toBe(r.extended.pir.findingsByInspector);
    expect(values.find((v) => v.label === 'Findings of the inspector')?.long).toBe(true);
    expect(values.find((v) => v.label === 'Comments of the master')?.value).toBe('Le capitaine conteste la pesée.');
    const infr = rows(resolveReview(reviewContent(r), deps(frMessages as typeof enMessages, 'fr')).find((s) => s.step === 'infringement')!.children);
    expect(infr.map((v) => v.value)).toEqual(['Oui', 'Journal de pêche incomplet', 'Rapport transmis à l’État du pavillon']);
  });

  it('shows the catches with their deltas, a delta of 10 or more marked', () => {
    const onboard = resolveReview(reviewContent(filledReport()), deps(enMessages, 'en')).find((s) => s.step === 'catchonboard')!;
    const delta = rows(onboard.children).find((v) => v.label === enMessages.catches.deltaLanded);
    expect(delta).toMatchObject({ value: '20', warn: true });
    expect(rows(onboard.children).find((v) => v.label === enMessages.catches.species)?.value).toBe('species:3');
  });

  it('shows pictures as images and attachments by type and pages; identifiers are left out', () => {
    const sections = resolveReview(reviewContent(filledReport()), deps(enMessages, 'en'));
    expect(reviewImages(sections)).toEqual([{ fileId: 'picture:7:p1', alt: 'Vessel picture 1' }]);
    const att = rows(sections.find((s) => s.step === 'pirattachments')!.children);
    expect(att.map((v) => [v.label, v.value])).toEqual([
      ['Document type', 'documentType:LECA'],
      ['Name', 'Logbook'],
      ['Pages', '3'],
    ]);
    const all = sections.flatMap((s) => rows(s.children));
    expect(all.some((v) => v.value === 'c1' || v.value === 'p1' || v.value === 'a1')).toBe(false);
  });

  it('shows an empty field as a dash and the office’s note on the comments step', () => {
    const sections = resolveReview(reviewContent(filledReport()), deps(enMessages, 'en'));
    expect(rows(sections.find((s) => s.step === 'updatevesselidentity')!.children).find((v) => v.label === 'Other VMS')?.value).toBe(EMPTY);
    expect(rows(sections.find((s) => s.step === 'comments')!.children)[0]?.value).toBe('Vérifier les cales.');
  });
});
