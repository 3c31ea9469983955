import type { Metadata, Viewport } from 'next';
import './globals.css';
import { Providers } from '@/components/app/providers';
import { themeScript } from '@/components/app/theme-script';
import { captureInstallPromptScript } from '@/lib/app/install';
import en from '@/messages/en.json';

export const metadata: Metadata = {
  // No title here: the app draws its own (components/shared/document-title.tsx).
  description: en.app.description,
  manifest: '/manifest.webmanifest',
  applicationName: en.app.shortName,
  appleWebApp: { capable: true, title: en.app.shortName, statusBarStyle: 'default' },
  icons: {
    icon: [{ url: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    apple: [{ url: '/icons/apple-touch-icon.png', sizes: '180x180' }],
  },
  formatDetection: { telephone: false },
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  viewportFit: 'cover',
  themeColor: '#1d4f8c',
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    // The stored language and theme are applied before paint by the script below.
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
        <script dangerouslySetInnerHTML={{ __html: captureInstallPromptScript }} />
      </head>
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
