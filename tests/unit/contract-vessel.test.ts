/** SPEC §3 "VMS on board options: yes-national, yes-rmfo, no" in the wire contract of extended.vessel. */
import { describe, expect, it } from 'vitest';
import { extendedVessel, saveParts, VMS_ON_BOARD } from '@/lib/contract';
import { emptyExtended } from './fixtures/report';

const vessel = () => emptyExtended().vessel;

describe('extended.vessel.vmsOnBoard', () => {
  it('offers exactly the spec\'s three options, spelt as the spec spells them', () => {
    expect(VMS_ON_BOARD).toEqual(['yes-national', 'yes-rmfo', 'no']);
  });
  it.each(VMS_ON_BOARD)('%s is accepted and kept, in the extended info and in a save', (answer) => {
    expect(extendedVessel.parse({ ...vessel(), vmsOnBoard: answer }).vmsOnBoard).toBe(answer);
    expect(saveParts.vessel.parse({ ...vessel(), vmsOnBoard: answer }).vmsOnBoard).toBe(answer);
  });
  it('unanswered is null', () => {
    expect(extendedVessel.parse({ ...vessel(), vmsOnBoard: null }).vmsOnBoard).toBeNull();
  });
  it('a vessel stored or saved before the field existed reads as unanswered', () => {
    const { vmsOnBoard: _, ...old } = vessel();
    expect(extendedVessel.parse(old).vmsOnBoard).toBeNull();
  });
  it.each(['yes-rfmo', 'yes', 'YES-NATIONAL', '', true])('%s is refused', (bad) => {
    expect(extendedVessel.safeParse({ ...vessel(), vmsOnBoard: bad }).success).toBe(false);
  });
});
