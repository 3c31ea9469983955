/**
 * Whose a stored file is, read from its key, so a restore never puts one report's file under
 * another. What the tablet makes carries its report's id (picture:<report>:…, signature:<report>:…,
 * attachment-page:<report>:…, attachment-pdf:<report>:…); a downloaded file is keyed by its link
 * (remote:<link>), which the report must offer. Pure.
 */
import type { Pir } from '@/lib/contract';
import { remoteFilesOf } from '@/lib/reports/remote-files';

/**
 * own: the report's file; notOffered: a download the report no longer offers (an older copy of
 * its files: harmless, not restored); foreign: another report's key, or no key the app makes.
 */
export type FileOwner = 'own' | 'notOffered' | 'foreign';

const MADE_HERE = /^(?:picture|signature|attachment-page|attachment-pdf):(\d+):./;
const REMOTE = 'remote:';

export function fileOwner(key: string, report: Pick<Pir, 'id' | 'vesselPictures' | 'submitedForms' | 'fileAttachements' | 'rarLink'>): FileOwner {
  const made = MADE_HERE.exec(key);
  if (made) return Number(made[1]) === report.id ? 'own' : 'foreign';
  if (key.startsWith(REMOTE)) {
    const link = key.slice(REMOTE.length);
    return remoteFilesOf(report).some((f) => f.link === link) ? 'own' : 'notOffered';
  }
  return 'foreign';
}
