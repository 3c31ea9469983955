/**
 * The tablet's database: reports (with their extended info), files (bytes + content type) and
 * processes. Schema changes migrate what is stored; they never drop it. Each stored record also carries
 * the version of its own shape (`record-versions.ts`): stamped by the stores when written, migrated
 * when read.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Pir, Process, StoredFile } from '@/lib/contract';

const DB_NAME = 'pir-app';
/** The schema version; bump it with a migration step below, never by deleting stores. */
export const DB_VERSION = 1;

export interface StoredFileRecord extends StoredFile {
  id: string;
}

export interface ProcessRecord extends Process {
  createdAt: string;
  /** what to restore if the process fails or is cancelled (claim: the report as it was) */
  restore?: Pir | null;
  /**
   * A download again of a report this tablet held already (found at sign-in without its copy, or
   * restored from a backup): the inspector is not told again that it is ready when it ends.
   */
  quiet?: boolean;
}

export interface PirDb extends DBSchema {
  reports: { key: number; value: Pir };
  files: { key: string; value: StoredFileRecord; indexes: { byPir: number } };
  processes: { key: string; value: ProcessRecord; indexes: { bySubject: number } };
  meta: { key: string; value: unknown };
}

let dbPromise: Promise<IDBPDatabase<PirDb>> | null = null;

export function db(): Promise<IDBPDatabase<PirDb>> {
  dbPromise ??= openDB<PirDb>(DB_NAME, DB_VERSION, {
    upgrade(database, oldVersion) {
      // Each step upgrades from the version before it; existing data is carried over.
      if (oldVersion < 1) {
        database.createObjectStore('reports', { keyPath: 'id' });
        const files = database.createObjectStore('files', { keyPath: 'id' });
        files.createIndex('byPir', 'pirId');
        const processes = database.createObjectStore('processes', { keyPath: 'uid' });
        processes.createIndex('bySubject', 'subject');
        database.createObjectStore('meta');
      }
    },
    blocking() {
      // A newer version of the app wants to upgrade the schema in another tab: let it.
      void dbPromise?.then((d) => d.close());
      dbPromise = null;
    },
  });
  return dbPromise;
}

/** Deletes everything the tablet holds for its user (a different user logs in, or "erase all data"). */
export async function clearLocalDatabase() {
  const d = await db();
  const tx = d.transaction(['reports', 'files', 'processes', 'meta'], 'readwrite');
  await Promise.all([tx.objectStore('reports').clear(), tx.objectStore('files').clear(), tx.objectStore('processes').clear(), tx.objectStore('meta').clear(), tx.done]);
}
