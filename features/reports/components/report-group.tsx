'use client';
import type { EmblaCarouselType } from 'embla-carousel';
import { useTranslations } from 'next-intl';
import { ChevronLeftIcon, ChevronRightIcon, InfoIcon } from 'lucide-react';
import dynamic from 'next/dynamic';
import { startTransition, useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { followedReport } from '@/lib/reports/followed-report';
import { cn } from '@/lib/utils';
import { useOpenedOnce } from '@/lib/hooks/use-opened-once';
import { Button } from '@/components/ui/button';
import { inWindow, renderedSlides } from '../model/carousel-window';

const GroupInfoDialog = dynamic(() => import('./group-info-dialog').then((m) => m.GroupInfoDialog));

/** The group names a section can show: the spec's groups, plus the two of a search. */
/** Slides a carousel shows at most; the rest are reached by search and filters. */
const MAX_SLIDES = 60;

/** SPEC §9: 2.75 cards in view on a tablet, gap 24; fewer on narrower screens. */
const SLIDE_CLASS = 'min-w-0 shrink-0 grow-0 basis-[calc(100%/1.15)] ps-6 @xl:basis-[calc(100%/1.75)] @4xl:basis-[calc(100%/2.75)]';

/** The options every carousel starts with. */
const EMBLA_OPTIONS = { align: 'start', containScroll: 'trimSnaps', slidesToScroll: 'auto', duration: 22 } as const;

export type GroupName = 'submitting' | 'inspecting' | 'ready' | 'notready' | 'claimedByOthers' | 'submitted' | 'filtered' | 'unfiltered';

/**
 * One group of the reports list: its heading with the count and an info button, previous/next
 * buttons, and a carousel of cards (embla; SPEC §9: 2.75 cards in view on a tablet, gap 24; fewer on
 * narrower screens). Arrow keys and swipe move it; long carousels render only the cards near the view.
 */
export function ReportGroup<T extends { id: number }>({
  name,
  items,
  renderItem,
}: {
  name: GroupName;
  items: readonly T[];
  renderItem: (item: T) => React.ReactNode;
}) {
  const t = useTranslations('reports');
  const headingId = useId();
  const [infoOpen, setInfoOpen] = useState(false);
  const infoOpened = useOpenedOnce(infoOpen);
  const reducedMotion = useReducedMotion();
  const [viewportRef, api, started] = useCarouselAfterPaint();
  const state = useCarouselState(api);
  // A carousel is for browsing, not for thousands: past MAX_SLIDES, a last slide says how many more.
  const slides = items.length > MAX_SLIDES ? items.slice(0, MAX_SLIDES) : items;
  const more = items.length - slides.length;
  const count = slides.length + (more > 0 ? 1 : 0);
  // The first frame draws only the cards that can be in view; the rest once the carousel has started.
  const rendered = renderedSlides(count, state.inView, started);
  const title = t(`groups.${name}`);
  // A report just claimed lands here: the group comes into view, its carousel turns to it, it is highlighted.
  const followed = useSyncExternalStore(followedReport.subscribe, followedReport.get, () => null);
  const followedIndex = followed === null ? -1 : slides.findIndex((s) => s.id === followed);
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (followedIndex < 0) return;
    sectionRef.current?.scrollIntoView({ block: 'nearest', behavior: reducedMotion ? 'auto' : 'smooth' });
    api?.scrollTo(followedIndex, reducedMotion);
  }, [followedIndex, api, reducedMotion]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (!api || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'ArrowLeft') api.scrollPrev(reducedMotion);
    else if (e.key === 'ArrowRight') api.scrollNext(reducedMotion);
    else return;
    e.preventDefault();
  };

  return (
    <section ref={sectionRef} aria-labelledby={headingId} data-testid={`group-${name}`} className="@container scroll-my-4">
      <div className="mb-3 flex items-center gap-1">
        {/* The heading wraps on a phone rather than being cut ("Claimed by oth…"). */}
        <h2 id={headingId} className="flex min-w-0 flex-wrap items-baseline gap-x-2 text-lg leading-snug font-semibold">
          <span className="wrap-break-word" data-title="group">
            {title}
          </span>
          <span className="shrink-0 text-sm font-normal text-muted-foreground" data-testid="group-count">
            {t('count', { count: items.length })}
          </span>
        </h2>
        <Button variant="ghost" size="icon" className="text-muted-foreground" onClick={() => setInfoOpen(true)} aria-label={t('groupInfo.button', { group: title })}>
          <InfoIcon className="size-5" aria-hidden />
        </Button>
        {(state.canPrev || state.canNext) && (
          <div className="ms-auto flex shrink-0 gap-1">
            <Button
              variant="outline"
              size="icon"
              className="rounded-full"
              disabled={!state.canPrev}
              onClick={() => api?.scrollPrev(reducedMotion)}
              aria-label={t('carousel.previous', { group: title })}
              data-testid="carousel-previous"
            >
              <ChevronLeftIcon className="size-5" aria-hidden />
            </Button>
            <Button
              variant="outline"
              size="icon"
              className="rounded-full"
              disabled={!state.canNext}
              onClick={() => api?.scrollNext(reducedMotion)}
              aria-label={t('carousel.next', { group: title })}
              data-testid="carousel-next"
            >
              <ChevronRightIcon className="size-5" aria-hidden />
            </Button>
          </div>
        )}
      </div>

      <div
        role="region"
        tabIndex={0}
        aria-roledescription="carousel"
        aria-labelledby={headingId}
        aria-describedby={`${headingId}-hint`}
        onKeyDown={onKeyDown}
        className="-m-1 rounded-xl p-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
      >
        <span id={`${headingId}-hint`} className="sr-only">
          {t('carousel.hint')}
        </span>
        <div ref={viewportRef} className="overflow-hidden p-1 -m-1" data-testid="carousel-viewport">
          <div className="-ms-6 flex touch-pan-y touch-pinch-zoom">
            {slides.map((item, i) => {
              const shown = inWindow(rendered, i);
              return (
                <div
                  key={item.id}
                  className={cn(SLIDE_CLASS, i === followedIndex && '*:ring-4 *:ring-primary/70')}
                  data-followed={i === followedIndex || undefined}
                  role="group"
                  aria-roledescription="slide"
                  // A slide outside the window is hidden from assistive technology: no label to format.
                  aria-label={shown ? t('carousel.slide', { index: i + 1, total: items.length }) : undefined}
                  aria-hidden={shown ? undefined : true}
                  data-slide={i}
                  data-slide-report={item.id}
                >
                  {shown && renderItem(item)}
                </div>
              );
            })}
            {more > 0 && (
              <div
                className={SLIDE_CLASS}
                role="group"
                aria-roledescription="slide"
                data-slide={slides.length}
                data-testid="carousel-more"
              >
                <div className="flex h-full min-h-40 items-center justify-center rounded-xl border border-dashed bg-muted/40 p-6 text-center text-muted-foreground">
                  {t('carousel.more', { count: more })}
                </div>
              </div>
            )}
          </div>
        </div>
      </div>

      {infoOpened && <GroupInfoDialog name={name} title={title} open={infoOpen} onOpenChange={setInfoOpen} />}
    </section>
  );
}

let embla: Promise<typeof import('embla-carousel')> | undefined;

/**
 * The viewport ref and the carousel, started only after the carousel's first frame is painted, with
 * embla loaded then (so it is not in the list's first scripts). Embla measures every slide when it
 * starts (a forced layout of the whole list); started before the first paint, that layout came on top
 * of the frame's own, and its first events re-rendered the list before the frame. Until it starts the
 * carousel shows its first cards at rest, as it would anyway.
 */
function useCarouselAfterPaint(): [(node: HTMLDivElement | null) => (() => void) | undefined, EmblaCarouselType | undefined, boolean] {
  const [api, setApi] = useState<EmblaCarouselType>();
  // past the first frame: the carousel started, or embla could not load (then every card is drawn anyway)
  const [started, setStarted] = useState(false);
  const ref = useCallback((node: HTMLDivElement | null) => {
    if (!node) return;
    let carousel: EmblaCarouselType | undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // a frame, then a task: the callback lands after that frame's paint
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        embla ??= import('embla-carousel');
        embla.then(
          ({ default: EmblaCarousel }) => {
            if (stopped) return;
            const created = EmblaCarousel(node, EMBLA_OPTIONS);
            carousel = created;
            // the cards beyond the first view are drawn in a render that input can interrupt
            startTransition(() => {
              setApi(created);
              setStarted(true);
            });
          },
          () => {
            if (!stopped) setStarted(true);
            // Not loadable (the network dropped before the service worker had it): the first cards stay
            // in view, and the next carousel to start tries again.
            embla = undefined;
          },
        );
      }, 0);
    });
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      carousel?.destroy();
    };
  }, []);
  return [ref, api, started];
}

interface CarouselState {
  canPrev: boolean;
  canNext: boolean;
  inView: number[];
}
const INITIAL = '00:';

/** The carousel's buttons and visible slides, read through a stable string snapshot of embla's state. */
function useCarouselState(api: EmblaCarouselType | undefined): CarouselState {
  const subscribe = useCallback(
    (notify: () => void) => {
      if (!api) return () => {};
      const events = ['init', 'reInit', 'select', 'slidesInView', 'resize', 'settle'] as const;
      for (const e of events) api.on(e, notify);
      return () => {
        for (const e of events) api.off(e, notify);
      };
    },
    [api],
  );
  const snapshot = useSyncExternalStore(
    subscribe,
    () => (api ? `${api.canScrollPrev() ? 1 : 0}${api.canScrollNext() ? 1 : 0}:${api.slidesInView().join(',')}` : INITIAL),
    () => INITIAL,
  );
  const [flags = '00', list = ''] = snapshot.split(':');
  return { canPrev: flags[0] === '1', canNext: flags[1] === '1', inView: list ? list.split(',').map(Number) : [] };
}

let motionQuery: MediaQueryList | undefined;
/** One query list for every carousel (read on each render). */
function reducedMotionQuery(): MediaQueryList {
  motionQuery ??= window.matchMedia('(prefers-reduced-motion: reduce)');
  return motionQuery;
}

function subscribeMotion(notify: () => void) {
  const query = reducedMotionQuery();
  query.addEventListener('change', notify);
  return () => query.removeEventListener('change', notify);
}

/** Whether the inspector asked for less motion: then the carousel jumps instead of sliding. */
function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeMotion,
    () => reducedMotionQuery().matches,
    () => false,
  );
}
