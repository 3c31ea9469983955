/** The app's side of SPEC §7, typed by the shared contract. */
import {
  currentFilesReply,
  loginReply,
  paths,
  refreshReply,
  referenceSchemas,
  type LoginRequest,
  type ReferenceData,
  type ReferenceDataset,
} from '@/lib/contract';
import { call } from './client';
import { MOCK_MODE, mockLogin, mockReferenceData } from './mock';

export const api = {
  login: (body: LoginRequest) => (MOCK_MODE ? mockLogin(body) : call(paths.login(), loginReply, { method: 'post', json: body })),
  refreshToken: () => call(paths.refreshToken(), refreshReply),
  currentFiles: () => call(paths.currentFiles(), currentFilesReply),
  referenceData: <K extends ReferenceDataset>(dataset: K) =>
    MOCK_MODE ? mockReferenceData(dataset) : (call(paths.referenceData(dataset), referenceSchemas[dataset]) as Promise<ReferenceData[K]>),
};
