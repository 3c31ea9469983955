/** Demo inspector accounts (printed by main.ts at start; shown in the README; used by the tests). */
export interface DemoUser {
  username: string;
  password: string;
  name: string;
  deviceName: string;
  /** port state the inspector works for */
  country: string;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { username: 'amina', password: 'amina-demo', name: 'Amina Hoareau', deviceName: 'SFA-TAB-01', country: 'Seychelles' },
  { username: 'rajesh', password: 'rajesh-demo', name: 'Rajesh Doorgakant', deviceName: 'MU-TAB-02', country: 'Mauritius' },
  { username: 'claire', password: 'claire-demo', name: 'Claire Payet', deviceName: 'RE-TAB-03', country: 'Réunion (France)' },
] as const;
