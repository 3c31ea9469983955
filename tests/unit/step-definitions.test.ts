import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Extended, Pir } from '@/lib/contract';
import { stepErrors, type StepDefinition } from '@/features/inspection/model/step-definition';
import {
  addNewest,
  catchOnboardStep,
  catchRetainedStep,
  commentsStep,
  controlledCatchesStep,
  examinationsStep,
  EXAMINATIONS,
  findingsStep,
  fishingAuthorisationStep,
  groupDonorTranshipments,
  infringementStep,
  inspectionInformationStep,
  monitoringStep,
  newCatchOnboard,
  newControlledCatch,
  newFishingAuthorization,
  newRetainedCatch,
  newRfmoListing,
  newTranshipmentAuthorization,
  newTranshipmentContent,
  newTranshipmentInfo,
  pirAttachmentsStep,
  purposeStep,
  rfmoStatusStep,
  STEP_DEFINITIONS,
  transhipmentAuthorisationStep,
  transhipmentInfoStep,
  vesselIdentityStep,
  vesselPicturesStep,
  type PreparedPir,
  type TranshipmentInfo,
} from '@/features/inspection/model/definitions';
import { FORM_STEPS } from '@/lib/inspection/steps';
import { emptyExtended, report } from './fixtures/report';

const NOW = new Date('2026-11-21T12:00:00Z');
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterAll(() => vi.useRealTimers());

/** A report whose every form step is valid. */
function validExtended(): Extended {
  const e = emptyExtended();
  e.vessel = {
    ...e.vessel,
    typeId: 4,
    gearIds: [1],
    iotcId: 'IOTC012345',
    registrationPort: 'Victoria',
    dimension: { length: 62.5, beam: 11.2, draft: 5.4 },
    totalVolumeOfFishHolds: 900,
    vmsType: [1],
    inmarsat: '423456789',
    vmsOnBoard: 'yes-national',
  };
  const catchBase = { species: 1, productForm: 1, catchArea: [3], quantity: 120 };
  e.pir = {
    ...e.pir,
    monitoringDetails: { inspectingAuthority: 3, principalInspectorId: 'SFA-017', principalInspectorName: 'Marie Laporte', principalInspectorEmail: 'm.laporte@sfa.sc' },
    lastPortOfCallFreeForm: 'Port Louis',
    lastPortOfCallEntryDate: '2026-11-10',
    purposes: [1],
    rfmoIuuListing: [{ uid: 'r1', rfmo: 2, flagstateStatus: 'Cooperating', vesselIdentifer: 'CCSBT-001', vesselOnAuthorizedList: true, vesselOnIUUList: false }],
    fishingAuthorizations: [{ ...newFishingAuthorization('fa1'), identifier: 'SC-LL-2026-17', issuedBy: 690, validFrom: '2026-01-01', validTo: '2026-12-31' }],
    transhipmentAuthorizations: [{ ...newTranshipmentAuthorization('ta1'), identifier: 'TRX-9', issuedBy: 690, validFrom: '2026-06-01', validTo: '2027-05-31' }],
    controlledCatches: [{ uid: 'cc1', ...catchBase, quantityToLand: 100, monitoredLandedQuantity: 100, quantityToTransship: 20, monitoredTranshippedQuantity: 20 }],
    catchOnboard: [
      {
        ...newCatchOnboard('co1'),
        ...catchBase,
        quantityToLand: 100,
        monitoredLandedQuantity: 104,
        deltaLanded: 4,
        quantityToTransship: 0,
        monitoredTranshippedQuantity: 0,
        deltaTranshipped: 0,
      },
    ],
    retainedCatches: [{ ...newRetainedCatch('rc1'), species: 2, productForm: 3, catchArea: [3], declaredQuantity: 50, actualQuantity: 38, deltaRetained: -12 }],
    monitoredLanTrx: true,
    monitoredLanTrxAttachments: ['a1'],
    logBookExamination: { status: true, comments: 'Logbook complete' },
    catchDocumentationSchemeCompliance: { status: true, comments: '' },
    tradeInformationSchemeCompliance: { status: false, comments: 'No TIS document' },
    gearExamination: { status: true, comments: '' },
    gearType: 2,
    findingsByInspector: 'Nothing to report',
    hasInfringements: false,
    transhipmentInfo: [
      {
        ...newTranshipmentInfo('t1'),
        date: '2026-11-15T06:00:00Z',
        isAtPort: false,
        atSea: '-4.62-55.45',
        name: 'Ocean Carrier',
        flagState: 690,
        idNumber: '9176187',
        content: [{ ...newTranshipmentContent('t1c1'), species: 1, productForm: 1, catchArea: [3], quantity: 12 }],
      },
    ],
  };
  e.pictures = [{ uid: 'p1', type: 'PWHO', author: 'Marie Laporte', description: '', date: '2026-11-21' }];
  e.attachments = [
    { uid: 'a1', type: 'MFR', name: 'MFR_a1.pdf', offline: true, documentTag: null, pictures: ['f1'] },
    { uid: 'a2', type: '', name: 'old.pdf', offline: false, documentTag: 'LECA', pictures: [] },
  ];
  return e;
}

function valid(): PreparedPir {
  return report(1, 'inspecting', { extended: validExtended(), inspectionComment: 'Check the freezer holds' }) as PreparedPir;
}

/** The error map of a step after an edit of a valid report. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function errs(def: StepDefinition<any>, edit: (e: Extended, r: Pir) => void) {
  const r = valid();
  edit(r.extended, r);
  return stepErrors(def, r).errors;
}
const E = (key: string, values?: Record<string, number>) => [values ? { key, values } : { key }];

describe('STEP_DEFINITIONS', () => {
  it('defines each of the 17 form steps under its own name', () => {
    expect(Object.keys(STEP_DEFINITIONS).sort()).toEqual([...FORM_STEPS].sort());
    for (const step of FORM_STEPS) expect(STEP_DEFINITIONS[step].step).toBe(step);
  });

  it.each(FORM_STEPS)('%s is valid on a fully filled report', (step) => {
    expect(stepErrors(STEP_DEFINITIONS[step], valid())).toEqual({ errors: {}, isValid: true });
  });

  it('a report without extended info is not valid', () => {
    expect(stepErrors(vesselIdentityStep, report(1, 'ready'))).toEqual({ errors: {}, isValid: false });
  });

  it.each(FORM_STEPS)('%s: apply(select(r)) gives back the same report', (step) => {
    const r = valid();
    const before = structuredClone(r);
    const def = STEP_DEFINITIONS[step];
    expect(def.apply(r, def.select(r))).toEqual(before);
    expect(r).toEqual(before); // not mutated
  });

  it.each(FORM_STEPS)('%s: apply writes only its own slice', (step) => {
    const r = valid();
    const def = STEP_DEFINITIONS[step];
    const other = report(1, 'inspecting', { extended: emptyExtended() }) as PreparedPir;
    const out = def.apply(r, def.select(other)) as PreparedPir;
    const { extended: _a, ...restOut } = out;
    const { extended: _b, ...restIn } = r;
    expect(restOut).toEqual(restIn);
    for (const s of FORM_STEPS) if (s !== step) expect(STEP_DEFINITIONS[s].select(out), s).toEqual(STEP_DEFINITIONS[s].select(r));
  });

  it('apply ignores stray form values', () => {
    const r = valid();
    const out = findingsStep.apply(r, { ...findingsStep.select(r), stray: 1 } as never) as PreparedPir;
    expect(out.extended.pir).not.toHaveProperty('stray');
  });
});

describe('updatevesselidentity', () => {
  const def = vesselIdentityStep;
  it('name, flag state and type are required (NE is not entered)', () => {
    expect(errs(def, (e) => (e.vessel.name = ''))).toEqual({ name: E('required') });
    expect(errs(def, (e) => (e.vessel.name = 'NE'))).toEqual({ name: E('required') });
    expect(errs(def, (e) => (e.vessel.flagStateId = null))).toEqual({ flagStateId: E('required') });
    expect(errs(def, (e) => (e.vessel.typeId = null))).toEqual({ typeId: E('required') });
  });
  it('MMSI is required with 9 digits', () => {
    expect(errs(def, (e) => (e.vessel.mmsi = null))).toEqual({ mmsi: E('required') });
    expect(errs(def, (e) => (e.vessel.mmsi = '66412345'))).toEqual({ mmsi: E('mmsi') });
  });
  it('IMO, when present, has a valid check digit', () => {
    expect(errs(def, (e) => (e.vessel.imoId = '9074720'))).toEqual({ imoId: E('imo') });
    expect(errs(def, (e) => (e.vessel.imoId = null))).toEqual({});
  });
  it('Inmarsat, when present, has 9 digits', () => {
    expect(errs(def, (e) => (e.vessel.inmarsat = '4234'))).toEqual({ inmarsat: E('inmarsat') });
    expect(errs(def, (e) => (e.vessel.inmarsat = null))).toEqual({});
  });
  it('dimensions and fish-hold volume, when present, are above 0', () => {
    expect(errs(def, (e) => (e.vessel.dimension.length = 0))).toEqual({ 'dimension.length': E('greaterThanZero') });
    expect(errs(def, (e) => (e.vessel.dimension.beam = -1))).toEqual({ 'dimension.beam': E('greaterThanZero') });
    expect(errs(def, (e) => (e.vessel.dimension.draft = 0))).toEqual({ 'dimension.draft': E('greaterThanZero') });
    expect(errs(def, (e) => (e.vessel.totalVolumeOfFishHolds = 0))).toEqual({ totalVolumeOfFishHolds: E('greaterThanZero') });
    expect(errs(def, (e) => (e.vessel.dimension = { length: null, beam: null, draft: null }))).toEqual({});
  });
  it('the additional RFMO code is required once an additional RFMO is chosen', () => {
    expect(errs(def, (e) => (e.vessel.additionalRfmoIdEntity = 5))).toEqual({ additionalRfmoIdCode: E('required') });
    expect(errs(def, (e) => Object.assign(e.vessel, { additionalRfmoIdEntity: 5, additionalRfmoIdCode: 'CCSBT-77' }))).toEqual({});
  });
  it('field and cross-field messages show together', () => {
    expect(errs(def, (e) => Object.assign(e.vessel, { name: '', additionalRfmoIdEntity: 5 }))).toEqual({
      name: E('required'),
      additionalRfmoIdCode: E('required'),
    });
  });
  it('the Other VMS option stores an empty placeholder and asks for a name', () => {
    const r = valid();
    const out = def.apply(r, { ...def.select(r), vmsType: [1, 999], vmsTypeOtherName: null }) as PreparedPir;
    expect(out.extended.vessel.vmsTypeOtherName).toBe('');
    expect(stepErrors(def, out).errors).toEqual({ vmsTypeOtherName: E('required') });
    const named = def.apply(out, { ...def.select(out), vmsTypeOtherName: 'Argos' }) as PreparedPir;
    expect(stepErrors(def, named).isValid).toBe(true);
    const dropped = def.apply(named, { ...def.select(named), vmsType: [1] }) as PreparedPir;
    expect(dropped.extended.vessel.vmsTypeOtherName).toBeNull();
  });
});

describe('updatevesselidentity: VMS on board (SPEC §3)', () => {
  const def = vesselIdentityStep;
  it.each(['yes-national', 'yes-rmfo', 'no'] as const)('%s is kept', (answer) => {
    const r = valid();
    const out = def.apply(r, { ...def.select(r), vmsOnBoard: answer }) as PreparedPir;
    expect(out.extended.vessel.vmsOnBoard).toBe(answer);
    expect(stepErrors(def, out).isValid).toBe(true);
  });
  it('is not required (SPEC §5 does not list it): unanswered is valid', () => {
    expect(errs(def, (e) => (e.vessel.vmsOnBoard = null))).toEqual({});
  });
  it('an answer outside the three options is refused', () => {
    expect(errs(def, (e) => ((e.vessel as Record<string, unknown>).vmsOnBoard = 'yes-rfmo'))).toEqual({ vmsOnBoard: E('required') });
  });
  it('a report stored before the field existed reads as unanswered and stays valid', () => {
    const r = valid();
    delete (r.extended.vessel as Partial<Extended['vessel']>).vmsOnBoard;
    expect(def.select(r).vmsOnBoard).toBeNull();
    expect(stepErrors(def, r)).toEqual({ errors: {}, isValid: true });
    expect((def.apply(r, def.select(r)) as PreparedPir).extended.vessel.vmsOnBoard).toBeNull();
  });
});

describe('inspectioninformation', () => {
  const def = inspectionInformationStep;
  it.each(['inspectingAuthority', 'principalInspectorId', 'principalInspectorName', 'principalInspectorEmail'] as const)('%s is required', (f) => {
    expect(errs(def, (e) => ((e.pir.monitoringDetails as Record<string, unknown>)[f] = f === 'inspectingAuthority' ? null : ''))).toEqual({
      [`monitoringDetails.${f}`]: E('required'),
    });
  });
  it('the email must be valid', () => {
    expect(errs(def, (e) => (e.pir.monitoringDetails.principalInspectorEmail = 'marie.sfa.sc'))).toEqual({ 'monitoringDetails.principalInspectorEmail': E('email') });
  });
});

describe('purposeandportofcall', () => {
  const def = purposeStep;
  it('last port of call and purposes are required', () => {
    expect(errs(def, (e) => (e.pir.lastPortOfCallFreeForm = ' '))).toEqual({ lastPortOfCallFreeForm: E('required') });
    expect(errs(def, (e) => (e.pir.purposes = []))).toEqual({ purposes: E('required') });
  });
  it('details are required with OTH (id 12)', () => {
    expect(errs(def, (e) => (e.pir.purposes = [1, 12]))).toEqual({ purposeDetails: E('required') });
    expect(errs(def, (e) => Object.assign(e.pir, { purposes: [12], purposeDetails: 'Bunkering' }))).toEqual({});
  });
  it('apply clears the details without OTH and keeps them with it', () => {
    const r = valid();
    const without = def.apply(r, { ...def.select(r), purposes: [1], purposeDetails: 'left over' }) as PreparedPir;
    expect(without.extended.pir.purposeDetails).toBe('');
    const withOth = def.apply(r, { ...def.select(r), purposes: [12], purposeDetails: 'Bunkering' }) as PreparedPir;
    expect(withOth.extended.pir.purposeDetails).toBe('Bunkering');
  });
  it('the entry date stays within the pickers’ 100 years', () => {
    expect(errs(def, (e) => (e.pir.lastPortOfCallEntryDate = '2127-01-01'))).toEqual({ lastPortOfCallEntryDate: E('tooFarAhead') });
    expect(errs(def, (e) => (e.pir.lastPortOfCallEntryDate = null))).toEqual({});
  });
});

describe('statusinrfmo', () => {
  const def = rfmoStatusStep;
  const row = () => valid().extended.pir.rfmoIuuListing[0]!;
  it('rfmo is required and unique (notUnique on every occurrence, so a new row at the top shows it too)', () => {
    expect(errs(def, (e) => (e.pir.rfmoIuuListing[0]!.rfmo = null))).toEqual({ 'rfmoIuuListing.0.rfmo': E('required') });
    expect(errs(def, (e) => e.pir.rfmoIuuListing.push({ ...row(), uid: 'r2' }))).toEqual({ 'rfmoIuuListing.0.rfmo': E('notUnique'), 'rfmoIuuListing.1.rfmo': E('notUnique') });
    expect(errs(def, (e) => e.pir.rfmoIuuListing.push({ ...row(), uid: 'r2', rfmo: 3 }))).toEqual({});
  });
  it('flag state status and both list answers are required', () => {
    expect(errs(def, (e) => (e.pir.rfmoIuuListing[0]!.flagstateStatus = null))).toEqual({ 'rfmoIuuListing.0.flagstateStatus': E('required') });
    expect(errs(def, (e) => (e.pir.rfmoIuuListing[0]!.vesselOnAuthorizedList = null))).toEqual({ 'rfmoIuuListing.0.vesselOnAuthorizedList': E('required') });
    expect(errs(def, (e) => (e.pir.rfmoIuuListing[0]!.vesselOnIUUList = null))).toEqual({ 'rfmoIuuListing.0.vesselOnIUUList': E('required') });
  });
  it('the vessel identifier is required only when on the authorised list', () => {
    expect(errs(def, (e) => (e.pir.rfmoIuuListing[0]!.vesselIdentifer = ''))).toEqual({ 'rfmoIuuListing.0.vesselIdentifer': E('required') });
    expect(errs(def, (e) => Object.assign(e.pir.rfmoIuuListing[0]!, { vesselOnAuthorizedList: false, vesselIdentifer: null }))).toEqual({});
  });
  it('a new row asks for everything', () => {
    expect(errs(def, (e) => (e.pir.rfmoIuuListing = [newRfmoListing('n')]))).toEqual({
      'rfmoIuuListing.0.rfmo': E('required'),
      'rfmoIuuListing.0.flagstateStatus': E('required'),
      'rfmoIuuListing.0.vesselOnAuthorizedList': E('required'),
      'rfmoIuuListing.0.vesselOnIUUList': E('required'),
    });
  });
});

describe('RelevantFishingauthorisation', () => {
  const def = fishingAuthorisationStep;
  const p = 'fishingAuthorizations.0';
  it('identifier, issuer and both dates are required', () => {
    expect(errs(def, (e) => (e.pir.fishingAuthorizations[0]!.identifier = ''))).toEqual({ [`${p}.identifier`]: E('required') });
    expect(errs(def, (e) => (e.pir.fishingAuthorizations[0]!.issuedBy = null))).toEqual({ [`${p}.issuedBy`]: E('required') });
    expect(errs(def, (e) => (e.pir.fishingAuthorizations[0]!.validFrom = null))).toEqual({ [`${p}.validFrom`]: E('required') });
    expect(errs(def, (e) => (e.pir.fishingAuthorizations[0]!.validTo = null))).toEqual({ [`${p}.validTo`]: E('required') });
  });
  it('valid from is not after valid to (both fields), equal dates pass', () => {
    expect(errs(def, (e) => (e.pir.fishingAuthorizations[0]!.validFrom = '2027-01-01'))).toEqual({
      [`${p}.validFrom`]: E('dateOrder'),
      [`${p}.validTo`]: E('dateOrder'),
    });
    expect(errs(def, (e) => (e.pir.fishingAuthorizations[0]!.validFrom = '2026-12-31'))).toEqual({});
  });
  it('new ones are ATF from the PIR; type CSFL is as valid', () => {
    expect(newFishingAuthorization('x')).toMatchObject({ uid: 'x', isTypeATF: true, srcForm: 'PIR' });
    expect(errs(def, (e) => (e.pir.fishingAuthorizations[0]!.isTypeATF = false))).toEqual({});
    expect(Object.keys(errs(def, (e) => (e.pir.fishingAuthorizations = [newFishingAuthorization('n')]))).sort()).toEqual(
      [`${p}.identifier`, `${p}.issuedBy`, `${p}.validFrom`, `${p}.validTo`].sort(),
    );
  });
});

describe('RelevantTranshipmentAuthorisation', () => {
  const def = transhipmentAuthorisationStep;
  const p = 'transhipmentAuthorizations.0';
  it('identifier, issuer and dates are required', () => {
    expect(errs(def, (e) => (e.pir.transhipmentAuthorizations = [newTranshipmentAuthorization('n')]))).toEqual({
      [`${p}.identifier`]: E('required'),
      [`${p}.issuedBy`]: E('required'),
      [`${p}.validFrom`]: E('required'),
      [`${p}.validTo`]: E('required'),
    });
  });
  it('dates in the same order', () => {
    expect(errs(def, (e) => (e.pir.transhipmentAuthorizations[0]!.validTo = '2026-05-31'))).toEqual({
      [`${p}.validFrom`]: E('dateOrder'),
      [`${p}.validTo`]: E('dateOrder'),
    });
  });
  it('new ones come from the PIR', () => expect(newTranshipmentAuthorization('x')).toMatchObject({ uid: 'x', srcForm: 'PIR' }));
});

const QUANTITIES = ['quantity', 'quantityToLand', 'monitoredLandedQuantity', 'quantityToTransship', 'monitoredTranshippedQuantity'] as const;

describe('ControlledCatches', () => {
  const def = controlledCatchesStep;
  const p = 'controlledCatches.0';
  it('species, product form and catch area are required', () => {
    expect(errs(def, (e) => (e.pir.controlledCatches[0]!.species = null))).toEqual({ [`${p}.species`]: E('required') });
    expect(errs(def, (e) => (e.pir.controlledCatches[0]!.productForm = null))).toEqual({ [`${p}.productForm`]: E('required') });
    expect(errs(def, (e) => (e.pir.controlledCatches[0]!.catchArea = []))).toEqual({ [`${p}.catchArea`]: E('required') });
  });
  it.each(QUANTITIES)('%s is required and not below 0', (f) => {
    expect(errs(def, (e) => (e.pir.controlledCatches[0]![f] = null))).toEqual({ [`${p}.${f}`]: E('required') });
    expect(errs(def, (e) => (e.pir.controlledCatches[0]![f] = -1))).toEqual({ [`${p}.${f}`]: E('lowerThan', { value: 0 }) });
    expect(errs(def, (e) => (e.pir.controlledCatches[0]![f] = 0))).toEqual({});
  });
  it('a new entry starts empty', () => expect(newControlledCatch('x')).toMatchObject({ uid: 'x', species: null, catchArea: [], quantity: null }));
});

describe('catchonboard', () => {
  const def = catchOnboardStep;
  const p = 'catchOnboard.0';
  it('species, product form and catch area are mandatory', () => {
    expect(errs(def, (e) => (e.pir.catchOnboard[0]!.species = null))).toEqual({ [`${p}.species`]: E('required') });
    expect(errs(def, (e) => (e.pir.catchOnboard[0]!.productForm = null))).toEqual({ [`${p}.productForm`]: E('required') });
    expect(errs(def, (e) => (e.pir.catchOnboard[0]!.catchArea = []))).toEqual({ [`${p}.catchArea`]: E('required') });
  });
  it.each(QUANTITIES)('%s is mandatory (error on its own field) and min 0', (f) => {
    expect(errs(def, (e) => (e.pir.catchOnboard[0]![f] = null))).toEqual({ [`${p}.${f}`]: E('required') });
    expect(errs(def, (e) => (e.pir.catchOnboard[0]![f] = -0.5))).toEqual({ [`${p}.${f}`]: E('lowerThan', { value: 0 }) });
  });
  it('apply recomputes both deltas, keeping the previous one when a side is empty or negative', () => {
    const r = valid();
    const entry = { ...r.extended.pir.catchOnboard[0]!, quantityToLand: 90, monitoredLandedQuantity: 100, quantityToTransship: -1, deltaTranshipped: 3 };
    const out = def.apply(r, { catchOnboard: [entry] }) as PreparedPir;
    expect(out.extended.pir.catchOnboard[0]).toMatchObject({ deltaLanded: 10, deltaTranshipped: 3 });
  });
  it('new entries are empty and go first (newest first in storage)', () => {
    const n = newCatchOnboard('new');
    expect(n).toMatchObject({ uid: 'new', deltaLanded: null, deltaTranshipped: null, objection: false, comments: '' });
    const list = addNewest(valid().extended.pir.catchOnboard, n);
    expect(list.map((c) => c.uid)).toEqual(['new', 'co1']);
    expect(Object.keys(errs(def, (e) => (e.pir.catchOnboard = list)))).toEqual(expect.arrayContaining(['catchOnboard.0.species']));
  });
});

describe('catchretained', () => {
  const def = catchRetainedStep;
  const p = 'retainedCatches.0';
  it('species, product form and catch area are required', () => {
    expect(errs(def, (e) => (e.pir.retainedCatches[0]!.species = null))).toEqual({ [`${p}.species`]: E('required') });
    expect(errs(def, (e) => (e.pir.retainedCatches[0]!.productForm = null))).toEqual({ [`${p}.productForm`]: E('required') });
    expect(errs(def, (e) => (e.pir.retainedCatches[0]!.catchArea = []))).toEqual({ [`${p}.catchArea`]: E('required') });
  });
  it.each(['declaredQuantity', 'actualQuantity'] as const)('%s is required and not below 0', (f) => {
    expect(errs(def, (e) => (e.pir.retainedCatches[0]![f] = null))).toEqual({ [`${p}.${f}`]: E('required') });
    expect(errs(def, (e) => (e.pir.retainedCatches[0]![f] = -1))).toEqual({ [`${p}.${f}`]: E('lowerThan', { value: 0 }) });
  });
  it('apply recomputes the delta (actual − declared) or keeps it', () => {
    const r = valid();
    const e = r.extended.pir.retainedCatches[0]!;
    expect((def.apply(r, { retainedCatches: [{ ...e, actualQuantity: 61 }] }) as PreparedPir).extended.pir.retainedCatches[0]!.deltaRetained).toBe(11);
    expect((def.apply(r, { retainedCatches: [{ ...e, actualQuantity: null }] }) as PreparedPir).extended.pir.retainedCatches[0]!.deltaRetained).toBe(-12);
  });
});

describe('transhipmentInfo', () => {
  const def = transhipmentInfoStep;
  const p = 'transhipmentInfo.0';
  const edit = (f: (t: TranshipmentInfo) => void) => errs(def, (e) => f(e.pir.transhipmentInfo[0]!));
  it('the date is required and not in the future', () => {
    expect(edit((t) => (t.date = null))).toEqual({ [`${p}.date`]: E('required') });
    expect(edit((t) => (t.date = '2026-11-21T12:00:01Z'))).toEqual({ [`${p}.date`]: E('notInFuture') });
    expect(edit((t) => (t.date = NOW.toISOString()))).toEqual({});
  });
  it('at port or at sea must be answered', () => {
    expect(edit((t) => Object.assign(t, { isAtPort: null, atSea: null }))).toEqual({ [`${p}.isAtPort`]: E('required') });
  });
  it('the port is required at port', () => {
    expect(edit((t) => Object.assign(t, { isAtPort: true, atSea: null }))).toEqual({ [`${p}.atPort`]: E('required') });
    expect(edit((t) => Object.assign(t, { isAtPort: true, atPort: 64, atSea: null }))).toEqual({});
  });
  it('the position at sea must be a valid latitude-longitude', () => {
    expect(edit((t) => (t.atSea = '95-55'))).toEqual({ [`${p}.atSea`]: E('latLong') });
    expect(edit((t) => (t.atSea = null))).toEqual({ [`${p}.atSea`]: E('latLong') });
  });
  it('name, flag state and id number are required', () => {
    expect(edit((t) => (t.name = ''))).toEqual({ [`${p}.name`]: E('required') });
    expect(edit((t) => (t.flagState = null))).toEqual({ [`${p}.flagState`]: E('required') });
    expect(edit((t) => (t.idNumber = 'NE'))).toEqual({ [`${p}.idNumber`]: E('required') });
  });
  it('the content list is not empty', () => {
    expect(edit((t) => (t.content = []))).toEqual({ [`${p}.content`]: E('emptyList') });
  });
  it('each content field is checked on its own value (not the species one)', () => {
    const c = `${p}.content.0`;
    expect(edit((t) => (t.content[0]!.species = null))).toEqual({ [`${c}.species`]: E('required') });
    expect(edit((t) => (t.content[0]!.productForm = null))).toEqual({ [`${c}.productForm`]: E('required') });
    expect(edit((t) => (t.content[0]!.catchArea = []))).toEqual({ [`${c}.catchArea`]: E('required') });
    expect(edit((t) => (t.content[0]!.quantity = null))).toEqual({ [`${c}.quantity`]: E('required') });
    expect(edit((t) => (t.content[0]!.quantity = 0))).toEqual({ [`${c}.quantity`]: E('lowerThan', { value: 1 }) });
    expect(edit((t) => (t.content[0]!.quantity = 1))).toEqual({});
  });
  it('new entries offload (isReceived false) from the PIR', () => {
    expect(newTranshipmentInfo('x')).toMatchObject({ uid: 'x', isReceived: false, srcForm: 'PIR', content: [] });
    expect(newTranshipmentContent('y')).toMatchObject({ uid: 'y', quantity: null, catchArea: [] });
  });
  it('groups donor entries by date, flag, id, name, place and source form', () => {
    const base = valid().extended.pir.transhipmentInfo[0]!;
    const entries = [
      { ...base, uid: 'a' },
      { ...base, uid: 'b', srcForm: 'AREP' },
      { ...base, uid: 'c' },
      { ...base, uid: 'd', atSea: '-4.6-55.4' },
      { ...base, uid: 'e', isReceived: true }, // not a grouping field
    ];
    const groups = groupDonorTranshipments(entries);
    expect(groups.map((g) => g.entries.map((e) => e.uid))).toEqual([['a', 'c', 'e'], ['b'], ['d']]);
    expect(groups[0]).toMatchObject({ name: 'Ocean Carrier', srcForm: 'PIR', indexes: [0, 2, 4] });
    expect(groupDonorTranshipments([])).toEqual([]);
  });
});

describe('monitoring', () => {
  const def = monitoringStep;
  it('must be answered', () => {
    expect(errs(def, (e) => (e.pir.monitoredLanTrx = null))).toEqual({ monitoredLanTrx: E('required') });
    expect(errs(def, (e) => (e.pir.monitoredLanTrx = false))).toEqual({});
  });
  it('attachments are dropped with a no, kept otherwise', () => {
    const r = valid();
    const no = def.apply(r, { monitoredLanTrx: false, monitoredLanTrxAttachments: ['a1'] }) as PreparedPir;
    expect(no.extended.pir.monitoredLanTrxAttachments).toEqual([]);
    const yes = def.apply(r, { monitoredLanTrx: true, monitoredLanTrxAttachments: ['a1'] }) as PreparedPir;
    expect(yes.extended.pir.monitoredLanTrxAttachments).toEqual(['a1']);
  });
});

describe('examinations', () => {
  const def = examinationsStep;
  it.each(EXAMINATIONS)('%s.status must be answered; comments are free', (name) => {
    expect(errs(def, (e) => (e.pir[name] = { status: null, comments: 'x' }))).toEqual({ [`${name}.status`]: E('required') });
    expect(errs(def, (e) => (e.pir[name] = { status: false, comments: '' }))).toEqual({});
  });
  it('the gear type is optional', () => expect(errs(def, (e) => (e.pir.gearType = null))).toEqual({}));
  it('a blank comment is stored empty; text is kept as typed; clearing clears', () => {
    const r = valid();
    const v = def.select(r);
    const out = def.apply(r, {
      ...v,
      logBookExamination: { status: true, comments: '   ' },
      gearExamination: { status: true, comments: ' Nets checked ' },
      tradeInformationSchemeCompliance: { status: false, comments: '' },
    }) as PreparedPir;
    expect(out.extended.pir.logBookExamination.comments).toBe('');
    expect(out.extended.pir.gearExamination.comments).toBe(' Nets checked ');
    expect(out.extended.pir.tradeInformationSchemeCompliance.comments).toBe('');
  });
});

describe('findings', () => {
  it('is always valid', () => {
    expect(errs(findingsStep, (e) => Object.assign(e.pir, { findingsByInspector: '', commentsByMaster: '' }))).toEqual({});
    expect(stepErrors(findingsStep, valid()).isValid).toBe(true);
  });
});

describe('infringement', () => {
  const def = infringementStep;
  it('must be answered', () => expect(errs(def, (e) => (e.pir.hasInfringements = null))).toEqual({ hasInfringements: E('required') }));
  it('with a yes, neither the infringements noted nor the actions taken are required (SPEC §5)', () => {
    expect(errs(def, (e) => Object.assign(e.pir, { hasInfringements: true, infrigements: '', actionsTaken: '' }))).toEqual({});
    expect(errs(def, (e) => Object.assign(e.pir, { hasInfringements: true, infrigements: 'Unlicensed species', actionsTaken: '' }))).toEqual({});
  });
  it('a no clears both texts', () => {
    const r = valid();
    const out = def.apply(r, { hasInfringements: false, infrigements: 'x', actionsTaken: 'y' }) as PreparedPir;
    expect(out.extended.pir).toMatchObject({ infrigements: '', actionsTaken: '' });
    const yes = def.apply(r, { hasInfringements: true, infrigements: 'x', actionsTaken: 'y' }) as PreparedPir;
    expect(yes.extended.pir).toMatchObject({ infrigements: 'x', actionsTaken: 'y' });
  });
});

describe('comments', () => {
  it('shows the office’s note and is always valid', () => {
    const r = valid();
    expect(commentsStep.select(r)).toEqual({ inspectionComment: 'Check the freezer holds' });
    expect(stepErrors(commentsStep, { ...r, inspectionComment: null }).isValid).toBe(true);
    expect(commentsStep.apply(r, { inspectionComment: 'changed' })).toBe(r);
  });
});

describe('vesselpictures', () => {
  it('each picture needs a type; other fields are free', () => {
    expect(errs(vesselPicturesStep, (e) => (e.pictures[0]!.type = ''))).toEqual({ 'pictures.0.type': E('required') });
    expect(errs(vesselPicturesStep, (e) => Object.assign(e.pictures[0]!, { author: '', description: '', date: null }))).toEqual({});
  });
});

describe('pirattachments', () => {
  const def = pirAttachmentsStep;
  it('a local attachment needs a type and at least one page', () => {
    expect(errs(def, (e) => (e.attachments[0]!.type = ''))).toEqual({ 'attachments.0.type': E('required') });
    expect(errs(def, (e) => (e.attachments[0]!.pictures = []))).toEqual({ 'attachments.0.pictures': E('emptyList') });
  });
  it('remote attachments are not checked', () => {
    expect(errs(def, (e) => Object.assign(e.attachments[1]!, { type: '', pictures: [] }))).toEqual({});
  });
});

describe('transhipment entries from other forms (donor vessels)', () => {
  it('are not checked: the inspector sees them read-only and cannot fix them', async () => {
    const { STEP_DEFINITIONS, newTranshipmentInfo } = await import('@/features/inspection/model/definitions');
    const { stepErrors } = await import('@/features/inspection/model/step-definition');
    const { report, emptyExtended } = await import('./fixtures/report');
    const ext = emptyExtended();
    ext.pir.transhipmentInfo = [{ ...newTranshipmentInfo('donor'), srcForm: 'AREP' }, newTranshipmentInfo('mine')];
    const r = report(1, 'inspecting', { extended: ext });
    const errors = stepErrors(STEP_DEFINITIONS.transhipmentInfo, r).errors;
    expect(Object.keys(errors).some((k) => k.startsWith('transhipmentInfo.0.'))).toBe(false);
    expect(Object.keys(errors).some((k) => k.startsWith('transhipmentInfo.1.'))).toBe(true);
  });
});
