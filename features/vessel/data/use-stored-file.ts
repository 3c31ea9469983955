'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { download } from '@/lib/api/transfer';
import type { StoredFileRecord } from '@/lib/local-data/db';
import { contentBytes } from '@/lib/local-data/file-content';
import { getFile, putFile, remoteFileId, storedFileType } from '@/lib/local-data/files-store';
import type { VesselFile } from '@/features/vessel/model/files';
import { saveDownload } from '@/lib/save-download';

export type StoredFileState =
  | { status: 'loading' }
  | { status: 'stored'; record: StoredFileRecord & { content: ArrayBuffer } }
  | { status: 'missing'; fetching: boolean; error: unknown };

/**
 * The tablet's copy of a report file (stored by the preparation under `remoteFileId(link)`), and a
 * way to fetch it when it is not there: downloaded with the token, stored like the preparation does,
 * then shown. A failed fetch leaves the file missing, with the error, and stops the spinner.
 */
export function useStoredFile(pirId: number, file: VesselFile) {
  const client = useQueryClient();
  const id = remoteFileId(file.link);
  const [state, setState] = useState<StoredFileState>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    void getFile(id)
      .then(async (record) => (record?.content ? { ...record, content: await contentBytes(record.content) } : null))
      .catch(() => null)
      .then((record) => {
        if (cancelled) return;
        setState(record ? { status: 'stored', record } : { status: 'missing', fetching: false, error: null });
      });
    return () => {
      cancelled = true;
    };
  }, [id]);

  const fetchFile = useCallback(async () => {
    setState({ status: 'missing', fetching: true, error: null });
    try {
      const { content, contentType } = await download(file.link);
      const type = contentType.split(';')[0]!.trim();
      const ct = type && type !== 'application/octet-stream' ? type : file.contentType;
      const record: StoredFileRecord = {
        id,
        url: file.link,
        date: new Date().toISOString(),
        content,
        width: null,
        height: null,
        filename: file.name,
        type: storedFileType(ct),
        size: content.size,
        pirId,
        contentType: ct,
      };
      await putFile(record);
      setState({ status: 'stored', record: { ...record, content: await content.arrayBuffer() } });
      void client.invalidateQueries({ queryKey: ['local', 'vesselStoredFiles', pirId] });
    } catch (error) {
      setState({ status: 'missing', fetching: false, error });
    }
  }, [client, file.contentType, file.link, file.name, id, pirId]);

  return { state, fetchFile };
}

/** Saves bytes under a file name through the browser's download. */
export function saveBytes(content: ArrayBuffer, contentType: string, filename: string) {
  saveDownload(new Blob([content], { type: contentType }), filename);
}
