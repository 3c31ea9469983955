/** The app's side of SPEC §7, typed by the shared contract. */
import type { LoginRequest, ReferenceData, ReferenceDataset } from '@/lib/contract';
import { paths } from '@/lib/contract/constants';
import { call } from './client';
import { MOCK_MODE, mockLogin, mockReferenceData } from './mock';

export const api = {
  login: (body: LoginRequest) => (MOCK_MODE ? mockLogin(body) : call(paths.login(), (c) => c.loginReply, { method: 'post', json: body })),
  refreshToken: () => call(paths.refreshToken(), (c) => c.refreshReply),
  referenceData: <K extends ReferenceDataset>(dataset: K) =>
    MOCK_MODE ? mockReferenceData(dataset) : (call(paths.referenceData(dataset), (c) => c.referenceSchemas[dataset]) as Promise<ReferenceData[K]>),
};
