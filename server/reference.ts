/**
 * Reference data (SPEC §3, 15 datasets): `server/reference-data/data/<dataset>.json`, one JSON array
 * per dataset, read and validated with the contract at start-up. A dataset missing (or invalid) at
 * start-up is looked for again on request (at most every 2 s) so files that appear later are served
 * without a restart; until then `GET /be/reference_data/<dataset>` answers 503.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import crypto from 'node:crypto';
import {
  REFERENCE_DATASETS,
  referenceSchemas,
  type ReferenceData,
  type ReferenceDataset,
} from '../lib/contract/index';
import type { Logger } from './http/errors';

export const DEFAULT_REFERENCE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'reference-data', 'data');

type Loaded<K extends ReferenceDataset> =
  | { ok: true; data: ReferenceData[K]; json: string; etag: string }
  | { ok: false; reason: 'missing' | 'invalid'; detail: string; at: number };

const RETRY_MS = 2000;

export class ReferenceStore {
  private readonly entries = new Map<ReferenceDataset, Loaded<ReferenceDataset>>();

  constructor(
    readonly dir: string = DEFAULT_REFERENCE_DIR,
    private readonly log: Logger = console,
  ) {
    for (const name of REFERENCE_DATASETS) this.entries.set(name, this.load(name));
  }

  private load<K extends ReferenceDataset>(name: K): Loaded<K> {
    const file = path.join(this.dir, `${name}.json`);
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      return { ok: false, reason: 'missing', detail: `${name}.json not found`, at: Date.now() };
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.log.warn(`[reference] ${file}: not valid JSON`);
      return { ok: false, reason: 'invalid', detail: `${name}.json is not valid JSON`, at: Date.now() };
    }
    const parsed = referenceSchemas[name].safeParse(value);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const detail = `${name}.json does not match the contract (${first?.path.join('.')}: ${first?.message})`;
      this.log.warn(`[reference] ${detail}`);
      return { ok: false, reason: 'invalid', detail, at: Date.now() };
    }
    const json = JSON.stringify(parsed.data);
    const etag = `"${crypto.createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
    return { ok: true, data: parsed.data as ReferenceData[K], json, etag };
  }

  /** The dataset, loading it again if it was missing and the retry delay has passed. */
  get<K extends ReferenceDataset>(name: K): Loaded<K> {
    let entry = this.entries.get(name) as Loaded<K>;
    if (!entry.ok && Date.now() - entry.at >= RETRY_MS) {
      entry = this.load(name);
      this.entries.set(name, entry);
    }
    return entry;
  }

  /** Parsed list or null (used by the seed). Always re-checks the disk when missing. */
  list<K extends ReferenceDataset>(name: K): ReferenceData[K] | null {
    let entry = this.entries.get(name) as Loaded<K>;
    if (!entry.ok) {
      entry = this.load(name);
      this.entries.set(name, entry);
    }
    return entry.ok ? entry.data : null;
  }

  missing(): ReferenceDataset[] {
    return REFERENCE_DATASETS.filter((n) => !this.get(n).ok);
  }
}
