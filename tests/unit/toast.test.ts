import { describe, expect, it, vi } from 'vitest';
import { loadedSonner, loadSonner, onSonnerLoaded, toast } from '@/lib/app/toast';

describe('toast before sonner is loaded', () => {
  // sonner dismisses on the next frame
  vi.stubGlobal('requestAnimationFrame', (f: () => void) => setTimeout(f, 0));
  vi.stubGlobal('cancelAnimationFrame', (h: ReturnType<typeof setTimeout>) => clearTimeout(h));

  it('queues the calls, loads sonner at the first one and forwards them in order with their options', async () => {
    expect(loadedSonner()).toBeUndefined();
    let loaded = 0;
    onSonnerLoaded(() => loaded++);
    toast('plain', { duration: 5000 });
    toast.success('ok');
    toast.error('bad', { id: 'e1', description: 'why' });
    toast.warning('careful');
    toast.info('note', { id: 'gone' });
    toast.dismiss('gone');
    const sonner = await loadSonner();
    expect(loaded).toBe(1);
    expect(loadedSonner()).toBe(sonner);
    const active = sonner.toast.getToasts().map((t) => ({ title: 'title' in t ? t.title : undefined, type: 'type' in t ? t.type : undefined }));
    expect(active).toEqual([
      { title: 'plain', type: undefined },
      { title: 'ok', type: 'success' },
      { title: 'bad', type: 'error' },
      { title: 'careful', type: 'warning' },
    ]);
    const history = sonner.toast.getHistory().map((t) => t as { title?: unknown });
    expect(history.find((t) => t.title === 'plain')).toMatchObject({ duration: 5000 });
    expect(history.find((t) => t.title === 'bad')).toMatchObject({ id: 'e1', description: 'why' });
    // Once loaded, calls go straight through.
    toast('later');
    expect(sonner.toast.getToasts().at(-1)).toMatchObject({ title: 'later' });
  });
});
