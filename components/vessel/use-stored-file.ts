'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { download } from '@/lib/api/transfer';
import type { StoredFileRecord } from '@/lib/local-data/db';
import { getFile, putFile, remoteFileId, storedFileType } from '@/lib/local-data/files-store';
import type { VesselFile } from '@/lib/vessel/files';
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
      .catch(() => undefined)
      .then((record) => {
        if (cancelled) return;
        setState(record?.content ? { status: 'stored', record: { ...record, content: record.content } } : { status: 'missing', fetching: false, error: null });
      });
    return () => {
      cancelled = true;
    };
  }, [id]);

  const fetchFile = useCallback(async () => {
    setState({ status: 'missing', fetching: true, error: null });
    try {
      const { bytes, contentType } = await download(file.link);
      const type = contentType.split(';')[0]!.trim();
      const ct = type && type !== 'application/octet-stream' ? type : file.contentType;
      const record: StoredFileRecord & { content: ArrayBuffer } = {
        id,
        url: file.link,
        date: new Date().toISOString(),
        content: bytes,
        width: null,
        height: null,
        filename: file.name,
        type: storedFileType(ct),
        size: bytes.byteLength,
        pirId,
        contentType: ct,
      };
      await putFile(record);
      setState({ status: 'stored', record });
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
