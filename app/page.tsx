'use client';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { href } from '@/lib/routes/shell-path';

/** SPEC §2: / redirects to /reports. */
export default function Home() {
  const router = useRouter();
  useEffect(() => {
    router.replace(href.reports());
  }, [router]);
  return null;
}
