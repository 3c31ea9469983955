/**
 * SPEC §7 mock mode: with the app built with MOCK_MODE=1, login and the reference data are
 * answered in the browser (after 400 ms and 500 ms), so the static export can be shown without a
 * backend. Off by default; the screens say so when it is on.
 */
import type { LoginReply, LoginRequest, ReferenceData, ReferenceDataset } from '@/lib/contract';
import { loadContract } from '@/lib/contract/load';

export const MOCK_MODE = process.env.NEXT_PUBLIC_MOCK_MODE === '1';
const MOCK_LOGIN_DELAY_MS = 400;
const MOCK_DELAY_MS = 500;

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function mockLogin(body: LoginRequest): Promise<LoginReply> {
  await wait(MOCK_LOGIN_DELAY_MS);
  return {
    user: {
      id: 1,
      name: body.username,
      username: body.username,
      deviceName: body.deviceName || 'DEMO-TABLET',
      inspector: true,
      adminUser: false,
      flagStateUser: false,
      portStateUser: true,
    },
    token: { jwt: 'mock.mock.mock', expire: 3600 },
  };
}

export async function mockReferenceData<K extends ReferenceDataset>(dataset: K): Promise<ReferenceData[K]> {
  await wait(MOCK_DELAY_MS);
  const list = (await import(`@/server/reference-data/data/${dataset}.json`)).default as unknown;
  return (await loadContract()).referenceSchemas[dataset].parse(list) as ReferenceData[K];
}
