/** Vessel identifiers: IMO numbers with a valid check digit, MMSI with a flag's MID, call signs, IOTC ids. */
import type { Prng } from './prng';

/** IMO check: weights 7..2 on the first six digits; the last digit of the sum is the seventh digit. */
function imoCheckDigit(first6: string): number {
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += Number(first6[i]) * (7 - i);
  return sum % 10;
}

export function isValidImo(imo: string): boolean {
  return /^\d{7}$/.test(imo) && imoCheckDigit(imo.slice(0, 6)) === Number(imo[6]);
}

export function makeImo(rng: Prng): string {
  const first6 = String(rng.int(8, 9)) + rng.digits(5);
  return first6 + String(imoCheckDigit(first6));
}

/** 9 digits: the flag's Maritime Identification Digits then six digits (not starting with 0). */
export function makeMmsi(rng: Prng, mid: string): string {
  return mid + String(rng.int(1, 9)) + rng.digits(5);
}

export function makeIrcs(rng: Prng, prefix: string): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const tail = prefix.length >= 3 ? rng.digits(2) : `${letters[rng.int(0, letters.length - 1)]}${rng.digits(3)}`;
  return (prefix + tail).slice(0, 7);
}

export function makeIotcId(rng: Prng): string {
  return `IOTC${String(rng.int(1000, 20_999)).padStart(6, '0')}`;
}
