'use client';
import en from '@/messages/screens/en.json';
import { provideScreenMessages } from '@/lib/i18n/messages';
import { Loading } from '@/components/app/loading';
import { ScreenMessages } from '@/components/app/screen-messages';

// English screen messages ship with the report routes' first scripts, as before; French is fetched.
provideScreenMessages('en', en);

export function ReportMessages({ children }: { children: React.ReactNode }) {
  return <ScreenMessages fallback={<Loading />}>{children}</ScreenMessages>;
}
