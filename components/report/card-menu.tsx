'use client';
import { useTranslations } from 'next-intl';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { MoreButton } from './more-button';

/** A card's secondary menu (release). Loaded on the first tap of its button: a list of cards opens none. */
export function CardMenu({ vessel, disabled, online, onRelease }: { vessel: string; disabled: boolean; online: boolean; onRelease: () => void }) {
  const t = useTranslations('actions');
  return (
    // Not modal: hiding the page from assistive technology would leave its focusable parts reachable (axe).
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger asChild>
        <MoreButton vessel={vessel} />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem disabled={disabled} onSelect={onRelease} className="text-destructive focus:text-destructive">
          {t('release')}
          {!online && <span className="ms-auto text-xs text-muted-foreground">{t('needsNetwork')}</span>}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
