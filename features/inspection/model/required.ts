/**
 * Which fields of a step are required (SPEC §5), read from the step's own zod schema rather than
 * listed by hand: a field is required when leaving it empty breaks a rule at that field. Rules that
 * depend on other answers follow them (purpose details are required once "other" is chosen). Pure.
 *
 * Worked out once per shape of the answers, not per keystroke: whether a field is required never
 * depends on what is typed in another field, only on whether it is entered, and on the choices made
 * (lists, yes/no, the number of entries). So the answers are reduced to that shape (the step's field
 * descriptions say which fields are typed), and the result is kept by shape.
 */
import type { z } from 'zod';
import { isNotEntered } from './validation/rules';
import { isRecord } from './form-order';
import type { Fields, StepDefinition } from './step-definition';

type Values = Record<string, unknown>;

/** What a field holds when nothing is entered; undefined for values with no empty state (a switch). */
function emptyOf(value: unknown): unknown {
  if (typeof value === 'string') return '';
  if (value === null || typeof value === 'number') return null;
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) return [];
  return undefined;
}

/** Every field of the values: text, numbers, choices (null) and lists of ids, inside objects and list entries. */
function leafPaths(value: unknown, prefix: string[], out: string[][]): void {
  if (Array.isArray(value) && value.some((v) => typeof v === 'object' && v !== null)) {
    value.forEach((item, i) => leafPaths(item, [...prefix, String(i)], out));
  } else if (isRecord(value)) {
    for (const [key, v] of Object.entries(value)) leafPaths(v, [...prefix, key], out);
  } else if (prefix.length) {
    out.push(prefix);
  }
}

/**
 * The values with the field at `path` emptied, every list on the way cut down to the one entry that
 * holds it (so a long list of catches costs one entry's check per field). Returns the field's path in
 * the cut-down values.
 */
function emptied(values: Values, path: string[], empty: unknown): { values: Values; path: string } {
  const at: string[] = [];
  const walk = (node: unknown, rest: string[]): unknown => {
    if (rest.length === 0) return empty;
    const [head, ...tail] = rest as [string, ...string[]];
    if (Array.isArray(node)) {
      at.push('0');
      return [walk(node[Number(head)], tail)];
    }
    at.push(head);
    const record = node as Values;
    return { ...record, [head]: walk(record[head], tail) };
  };
  return { values: walk(values, path) as Values, path: at.join('.') };
}

/**
 * Earlier answers, by the cut-down values checked: a keystroke in one catch changes one entry's probes,
 * so the other entries' answers are read back instead of parsing them again. Bounded per schema.
 */
const probes = new WeakMap<z.ZodType, Map<string, boolean>>();
const PROBES_KEPT = 4000;

function breaksAt(schema: z.ZodType, probe: { values: Values; path: string }): boolean {
  let known = probes.get(schema);
  if (!known) probes.set(schema, (known = new Map()));
  const key = `${probe.path} ${JSON.stringify(probe.values)}`;
  const hit = known.get(key);
  if (hit !== undefined) return hit;
  const result = schema.safeParse(probe.values);
  const breaks = !result.success && result.error.issues.some((issue) => issue.path.map(String).join('.') === probe.path);
  if (known.size >= PROBES_KEPT) known.clear();
  known.set(key, breaks);
  return breaks;
}

/** Fields the inspector types: only whether they are entered can make another field required. */
const TYPED = new Set(['text', 'number', 'date']);

/** The answers as far as which fields are required can tell (see above). */
function shapeOf(value: unknown, fields: Fields | undefined): unknown {
  if (!isRecord(value)) return value;
  const out: Values = {};
  for (const [key, v] of Object.entries(value)) {
    const d = fields?.[key];
    if (d && TYPED.has(d.kind)) out[key] = isNotEntered(v) ? 0 : 1;
    else if (d?.kind === 'list' && Array.isArray(v)) out[key] = v.map((entry) => shapeOf(entry, d.entry));
    else if (d?.kind === 'group') out[key] = shapeOf(v, d.fields);
    else out[key] = v;
  }
  return out;
}

/** Required fields by shape of the answers, per schema. Bounded: a step sees a few shapes while it is edited. */
const byShape = new WeakMap<z.ZodType, Map<string, Set<string>>>();
const SHAPES_KEPT = 200;

/**
 * The paths (as react-hook-form names them: `catchOnboard.0.species`) of the fields that must be
 * filled in. The same set (the same object) while only the typed text changes.
 */
export function requiredPaths(def: Pick<StepDefinition, 'schema' | 'fields'>, values: Values): Set<string> {
  let known = byShape.get(def.schema);
  if (!known) byShape.set(def.schema, (known = new Map()));
  const shape = JSON.stringify(shapeOf(values, def.fields));
  const hit = known.get(shape);
  if (hit) return hit;
  const result = probeAll(def.schema, values);
  if (known.size >= SHAPES_KEPT) known.clear();
  known.set(shape, result);
  return result;
}

function probeAll(schema: z.ZodType, values: Values): Set<string> {
  const out = new Set<string>();
  const paths: string[][] = [];
  leafPaths(values, [], paths);
  for (const path of paths) {
    const value = path.reduce<unknown>((node, key) => (node as Values | unknown[] | undefined)?.[key as never], values);
    const empty = emptyOf(value);
    if (empty === undefined) continue;
    if (breaksAt(schema, emptied(values, path, empty))) out.add(path.join('.'));
  }
  return out;
}
