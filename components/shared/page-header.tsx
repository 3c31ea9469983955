import { cn } from '@/lib/utils';
import { DocumentTitle } from './document-title';

export function PageHeader({ title, subtitle, children, className }: { title: string; subtitle?: React.ReactNode; children?: React.ReactNode; className?: string }) {
  return (
    <header className={cn('mb-6 flex flex-wrap items-end justify-between gap-3', className)}>
      <DocumentTitle page={title} />
      <div className="min-w-0">
        <h1 className="text-2xl font-bold wrap-anywhere sm:text-3xl" data-title="page">{title}</h1>
        {subtitle && <div className="mt-1 text-sm text-muted-foreground">{subtitle}</div>}
      </div>
      {children}
    </header>
  );
}
