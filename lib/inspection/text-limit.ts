/**
 * Free text with a length limit never cuts silently. The field keeps its limit
 * (what is stored always fits the contract, so a save is never refused for it), a counter shows from
 * 80 % of the limit, and text pasted past the limit is announced with how much was not kept. Pure.
 */

/** The counter shows from this share of the limit. */
const COUNTER_FROM = 0.8;
/** Limits below this are codes (IMO, MMSI, call sign): their own rules say what is wrong, no counter. */
const COUNTED_FROM_LIMIT = 100;

export interface CounterState {
  show: boolean;
  length: number;
  max: number;
  /** at the limit: nothing more can be typed */
  full: boolean;
}

export function counterState(length: number, max: number): CounterState {
  return { show: max >= COUNTED_FROM_LIMIT && length >= Math.ceil(max * COUNTER_FROM), length, max, full: length >= max };
}

/**
 * How many characters of a paste the field's limit would drop: the text after the paste is the value
 * without the selection, plus what is pasted.
 */
export function cutByPaste(valueLength: number, selectionLength: number, pastedLength: number, max: number): number {
  return Math.max(0, valueLength - selectionLength + pastedLength - max);
}

/** A position from the device (Geolocation API): latitude and longitude in decimal degrees, to about a metre. */
export function positionParts(latitude: number, longitude: number): [string, string] {
  const fixed = (n: number) => String(Math.round(n * 1e5) / 1e5);
  return [fixed(latitude), fixed(longitude)];
}

/** The same as the transhipment's "latitude-longitude" text (SPEC §3). */
export function latLongText(latitude: number, longitude: number): string {
  return positionParts(latitude, longitude).join('-');
}
