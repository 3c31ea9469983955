/** The app's side of SPEC §7, typed by the shared contract. */
import type { LoginRequest, ReferenceData, ReferenceDataset } from '@/lib/contract';
import { paths, ROUTES } from '@/lib/contract/routes';
import { call } from './client';
import { MOCK_MODE, mockLogin, mockReferenceData } from './mock';

export const api = {
  login: (body: LoginRequest) => (MOCK_MODE ? mockLogin(body) : call(paths.login(), (c) => c.routeSchemas.login.reply, { method: ROUTES.login.method, json: body })),
  refreshToken: () => call(paths.refreshToken(), (c) => c.routeSchemas.refreshToken.reply, { method: ROUTES.refreshToken.method }),
  referenceData: <K extends ReferenceDataset>(dataset: K) =>
    MOCK_MODE ? mockReferenceData(dataset) : (call(paths.referenceData(dataset), (c) => c.routeSchemas.referenceData.reply[dataset], { method: ROUTES.referenceData.method }) as Promise<ReferenceData[K]>),
};
