/**
 * WebKit (Safari's engine) through Debian's WebKitGTK WebDriver under Xvfb. The W3C protocol is a
 * handful of HTTP calls here (session, navigate, execute, click, keys, actions), so they are sent
 * with fetch: webdriverio would add a large dependency tree and a driver download that cannot work
 * on this network (docs/decisions.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { ACTIONABLE, COMPOSE, composedWords, pageFunction, whenActionable, type Find, type Screen, type Tablet } from './tablet';

const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
const WEBKIT_BROWSER = process.env.WEBKIT_BROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

type ElementRef = { [ELEMENT]: string };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(ok: () => Promise<boolean>, what: string, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  while (!(await ok().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** An X display for the browser: the one given, or a private Xvfb. */
async function display(): Promise<{ name: string; stop: () => void }> {
  if (process.env.DISPLAY) return { name: process.env.DISPLAY, stop: () => {} };
  // Each test worker looks from its own number up: two workers never race for the same display.
  let n = 90 + 20 * Number(process.env.TEST_WORKER_INDEX ?? 0);
  while (fs.existsSync(`/tmp/.X${n}-lock`)) n++;
  const xvfb = spawn('Xvfb', [`:${n}`, '-screen', '0', '1920x1400x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  await waitFor(async () => fs.existsSync(`/tmp/.X11-unix/X${n}`), 'Xvfb');
  return { name: `:${n}`, stop: () => xvfb.kill() };
}

export async function openWebKitTablet(baseURL: string, screen: Screen): Promise<Tablet> {
  const x = await display();
  const port = await freePort();
  const driver: ChildProcess = spawn(WEBKIT_DRIVER, [`--port=${port}`], { env: { ...process.env, DISPLAY: x.name }, stdio: 'ignore' });
  const endpoint = `http://127.0.0.1:${port}`;

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(endpoint + path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json()) as { value: T & { error?: string; message?: string } };
    if (!res.ok) throw new Error(`webkit ${method} ${path}: ${json.value.error}: ${json.value.message}`);
    return json.value;
  }

  await waitFor(async () => (await fetch(`${endpoint}/status`)).ok, 'WebKitWebDriver');
  const { sessionId } = await call<{ sessionId: string }>('POST', '/session', {
    capabilities: { alwaysMatch: { browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: WEBKIT_BROWSER, args: ['--automation'] } } },
  });
  const s = (path: string) => `/session/${sessionId}${path}`;

  // The window's chrome takes some height: size the window so the page gets the screen asked for.
  await call('POST', s('/window/rect'), { width: screen.width, height: screen.height });
  const inner = await call<[number, number]>('POST', s('/execute/sync'), { script: 'return [innerWidth, innerHeight]', args: [] });
  await call('POST', s('/window/rect'), { width: screen.width * 2 - inner[0], height: screen.height * 2 - inner[1] });

  let current = await call<string>('GET', s('/window'));
  const closeSession = async () => {
    await call('DELETE', s('')).catch(() => {});
    driver.kill();
    x.stop();
  };

  function tabletIn(handle: string, close: () => Promise<void>): Tablet {
    // Every action goes to this tablet's window: WebDriver acts in one window at a time.
    const focus = async () => {
      if (current === handle) return;
      await call('POST', s('/window'), { handle });
      current = handle;
    };
    const execute = async <T>(body: string, arg: unknown) => {
      await focus();
      return call<T>('POST', s('/execute/async'), { script: `var done = arguments[arguments.length - 1]; ${pageFunction(body)}(arguments[0]).then(done, function (e) { done({ __error: String(e && e.stack || e) }); });`, args: [arg ?? null] });
    };
    const element = async (f: Find, timeout = 10_000): Promise<ElementRef> => {
      const deadline = Date.now() + timeout;
      for (;;) {
        const el = await execute<ElementRef | null>('return find(arg);', f).catch(() => null);
        if (el && el[ELEMENT]) return el;
        if (Date.now() > deadline) throw new Error(`webkit: no element ${JSON.stringify(f)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };

    // WebKitWebDriver now and then loses a script's reply and says "Could not parse script result"
    // (seen once in CI, on the check before a tap). The check only scrolls the element into view: asking again is harmless.
    const actionable = (el: ElementRef) =>
      execute<string>(ACTIONABLE, el).catch((e: unknown) => {
        if (!/Could not parse script result/.test(String(e))) throw e;
        console.log(`webkit: the driver lost the reply to a check before a tap (${String(e)}); checking again`);
        return 'unanswered';
      });

    const pointer = async (actions: unknown[]) => {
      await focus();
      await call('POST', s('/actions'), { actions: [{ type: 'pointer', id: 'finger', parameters: { pointerType: 'mouse' }, actions }] });
    };

    return {
      engine: 'webkit',
      async goto(path) {
        await focus();
        await call('POST', s('/url'), { url: new URL(path, baseURL).href });
      },
      async reload() {
        await focus();
        await call('POST', s('/refresh'), {});
      },
      async run<T>(body: string, arg?: unknown) {
        const r = await execute<T & { __error?: string }>(body, arg);
        if (r && typeof r === 'object' && '__error' in r) throw new Error(`webkit: ${r.__error}`);
        return r as T;
      },
      async click(f) {
        await whenActionable(() => element(f), actionable, async (el) => {
          await focus();
          await call('POST', s(`/element/${el[ELEMENT]}/click`), {});
        });
      },
      async selectOption(f, label) {
        await whenActionable(() => element(f), actionable, async (el) => {
          await focus();
          // The element goes alone as the argument (WebKitGTK finds no element inside an object), the label before it.
          await execute('window.__optionLabel = arg; return true;', label);
          const option = await execute<ElementRef | null>('return Array.from(arg.options).find(function (o) { return o.label === window.__optionLabel; }) || null;', el);
          if (!option) throw new Error(`webkit: no option "${label}"`);
          // WebDriver's click on an option selects it, with the input and change events a tap sends.
          await call('POST', s(`/element/${option[ELEMENT]}/click`), {});
        });
      },
      async type(f, text) {
        await whenActionable(() => element(f), actionable, async (el) => {
          await focus();
          await call('POST', s(`/element/${el[ELEMENT]}/click`), {});
          await execute('arg.select && arg.select();', el);
          await call('POST', s(`/element/${el[ELEMENT]}/value`), { text: '\uE003' + text });
        });
      },
      async compose(f, text) {
        await whenActionable(() => element(f), actionable, async (el) => {
          await focus();
          await call('POST', s(`/element/${el[ELEMENT]}/click`), {});
          // The element goes alone as the argument (WebKitGTK finds no element inside an object), the words before it.
        await execute('window.__composeWords = arg; return true;', composedWords(text));
        const r = await execute<{ __error?: string } | null>(`arg = { el: arg, words: window.__composeWords }; ${COMPOSE}`, el);
        if (r && typeof r === 'object' && '__error' in r) throw new Error(`webkit: ${r.__error}`);
        });
      },
      async openTab(path) {
        const { handle: second } = await call<{ handle: string }>('POST', s('/window/new'), { type: 'window' });
        const tab = tabletIn(second, async () => {
          await call('POST', s('/window'), { handle: second });
          current = second;
          await call('DELETE', s('/window'));
          await call('POST', s('/window'), { handle });
          current = handle;
        });
        await tab.goto(path);
        return tab;
      },
      async setFiles(f, paths) {
        const el = await element({ ...f, hidden: true });
        await call('POST', s(`/element/${el[ELEMENT]}/value`), { text: paths.join('\n') });
      },
      async drag(f, points) {
        await whenActionable(() => element(f), actionable, async (el) => {
          const box = await execute<{ width: number; height: number }>('var r = arg.getBoundingClientRect(); return { width: r.width, height: r.height };', el);
          // Offsets from an element origin are from its centre (W3C WebDriver).
          const move = ([px, py]: [number, number]) => ({ type: 'pointerMove', duration: 0, origin: el, x: Math.round((px - 0.5) * box.width), y: Math.round((py - 0.5) * box.height) });
          await pointer([move(points[0]!), { type: 'pointerDown', button: 0 }, ...points.slice(1).map(move), { type: 'pointerUp', button: 0 }]);
        });
      },
      async screenshot(path) {
        await focus();
        const png = await call<string>('GET', s('/screenshot'));
        fs.writeFileSync(path, Buffer.from(png, 'base64'));
      },
      async close() {
        await close();
      },
    };
  }
  return tabletIn(current, closeSession);
}
