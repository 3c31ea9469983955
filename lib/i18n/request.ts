import { getRequestConfig } from 'next-intl/server';

// next-intl's build plugin, used here to precompile the messages, needs a request config. This
// static export renders on the client (components/app/intl-provider.tsx), so nothing reads it.
export default getRequestConfig(async () => ({ locale: 'en', messages: (await import('@/messages/en.json')).default }));
