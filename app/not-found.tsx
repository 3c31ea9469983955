'use client';
import { AppLink as Link } from '@/components/shared/app-link';
import { useTranslations } from 'next-intl';
import { href } from '@/lib/routes/shell-path';
import { Button } from '@/components/ui/button';
import { DocumentTitle } from '@/components/shared/document-title';

export default function NotFound() {
  const t = useTranslations('notFound');
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <DocumentTitle page={t('title')} />
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="text-muted-foreground">{t('text')}</p>
      <Button asChild>
        <Link href={href.reports()}>{t('action')}</Link>
      </Button>
    </div>
  );
}
