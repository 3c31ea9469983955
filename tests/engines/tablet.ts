/**
 * What a journey may do with a tablet, in any browser engine: the same few actions over Chromium
 * (puppeteer, DevTools protocol), Firefox (puppeteer, WebDriver BiDi) and WebKitGTK (W3C WebDriver).
 * Elements are found in the page by one finder (below), so a journey reads the same whichever client
 * drives the engine.
 */

/** An element, as an inspector would point at it (role and name, label, test id). All given parts must match; the first visible match wins. */
export interface Find {
  testId?: string;
  /** implicit or explicit ARIA role: button, link, radio, switch, combobox, option, textbox, heading, dialog, alertdialog, radiogroup, application, img */
  role?: string;
  /** accessible name, exact (whitespace collapsed) */
  name?: string;
  /** the label of a form control, exact */
  label?: string;
  /** a CSS selector the element must match */
  css?: string;
  within?: Find;
  /** which match, from 0; negative counts from the last (-1) */
  nth?: number;
  /** also hidden elements (a file input behind its button) */
  hidden?: boolean;
}

/** The page's size in CSS pixels. */
export interface Screen {
  width: number;
  height: number;
}

export interface Tablet {
  readonly engine: Engine;
  /** a path of the app, e.g. /reports/ */
  goto(path: string): Promise<void>;
  reload(): Promise<void>;
  /** runs `body` as the body of a function of (arg, find) in the page; awaits a returned promise */
  run<T>(body: string, arg?: unknown): Promise<T>;
  click(f: Find): Promise<void>;
  /** chooses the option labelled `label` of a select (the browser's own picker, as a tap on its entry) */
  selectOption(f: Find, label: string): Promise<void>;
  /** replaces the value of a text field by typing */
  type(f: Find, text: string): Promise<void>;
  /**
   * Adds `text` at the end of a text field the way Android and iPad keyboards type: each word is
   * composed letter by letter (IME composition), then committed, then the space after it. Chromium
   * gets real composition through the DevTools protocol; WebDriver has none, so other engines get the
   * same events from the page (COMPOSE below).
   */
  compose(f: Find, text: string): Promise<void>;
  /** opens a second tab (window) of the same browser at `path`, sharing the tablet's storage */
  openTab(path: string): Promise<Tablet>;
  /** gives files (paths on this machine) to a file input */
  setFiles(f: Find, paths: string[]): Promise<void>;
  /** presses, moves through `points` (fractions of the element's box) and releases */
  drag(f: Find, points: [number, number][]): Promise<void>;
  screenshot(path: string): Promise<void>;
  close(): Promise<void>;
}

export type Engine = 'chromium' | 'webkit' | 'firefox';
export const ENGINES: readonly Engine[] = ['chromium', 'webkit', 'firefox'];

/**
 * The in-page finder, as source: `(q) => Element | null`. Plain JavaScript in a string, so every
 * client sends the same text whatever its own serialisation of functions.
 */
const FINDER = String.raw`(function () {
  var IMPLICIT = { BUTTON: 'button', A: 'link', TEXTAREA: 'textbox', SELECT: 'combobox', H1: 'heading', H2: 'heading', H3: 'heading', H4: 'heading', H5: 'heading', H6: 'heading', IMG: 'img', DIALOG: 'dialog' };
  function roleOf(e) {
    var r = e.getAttribute('role');
    if (r) return r.split(' ')[0];
    if (e.tagName === 'INPUT') {
      var t = (e.getAttribute('type') || 'text').toLowerCase();
      if (t === 'radio' || t === 'checkbox') return t;
      if (t === 'button' || t === 'submit' || t === 'reset') return 'button';
      return 'textbox';
    }
    if (e.tagName === 'A' && !e.hasAttribute('href')) return '';
    return IMPLICIT[e.tagName] || '';
  }
  function clean(s) { return (s || '').replace(/\s+/g, ' ').trim(); }
  function byIds(ids) {
    return clean(ids.split(/\s+/).map(function (id) { var x = document.getElementById(id); return x ? x.textContent : ''; }).join(' '));
  }
  function labelOf(e) {
    if (e.getAttribute('aria-labelledby')) return byIds(e.getAttribute('aria-labelledby'));
    if (e.getAttribute('aria-label')) return clean(e.getAttribute('aria-label'));
    if (e.labels && e.labels.length) return clean(Array.prototype.map.call(e.labels, function (l) { return l.textContent; }).join(' '));
    return '';
  }
  function nameOf(e) {
    var l = labelOf(e);
    if (l) return l;
    if (e.tagName === 'IMG') return clean(e.getAttribute('alt'));
    return clean(e.textContent);
  }
  function visible(e) {
    if (!e.getClientRects().length) return false;
    var s = getComputedStyle(e);
    return s.visibility !== 'hidden' && s.display !== 'none';
  }
  function find(q) {
    var scope = document;
    if (q.within) { scope = find(q.within); if (!scope) return null; }
    var all = Array.prototype.slice.call(scope.querySelectorAll(q.css || '*'));
    var out = all.filter(function (e) {
      if (q.testId !== undefined && e.getAttribute('data-testid') !== q.testId) return false;
      if (q.role !== undefined && roleOf(e) !== q.role) return false;
      if (q.name !== undefined && nameOf(e) !== q.name) return false;
      if (q.label !== undefined && labelOf(e) !== q.label) return false;
      if (!q.hidden && !visible(e)) return false;
      return true;
    });
    var i = q.nth || 0;
    return out[i < 0 ? out.length + i : i] || null;
  }
  return find;
})()`;

/** Source of a function `(arg) => …` that runs `body` with `find` in scope. */
export function pageFunction(body: string): string {
  return `(async function (arg) { var find = ${FINDER}; ${body} })`;
}

/**
 * In-page body (arg: the element): scrolls it to the middle of the screen (at its edge, the fixed tab
 * bar would take a click) and answers 'ok' once it is enabled, stands still for a frame and is what a
 * tap at its centre would reach; else 'disabled', 'moving' or 'covered' (a driver that lost the reply
 * says 'unanswered'). (A button enabled by the answer just given is enabled a render later: a person
 * waits for it, so does the test.)
 */
export const ACTIONABLE = `if (arg.disabled || arg.getAttribute('aria-disabled') === 'true') return 'disabled';
  arg.scrollIntoView({ block: 'center', inline: 'center' });
  return new Promise(function (resolve) {
    requestAnimationFrame(function () {
      var a = arg.getBoundingClientRect();
      requestAnimationFrame(function () {
        var b = arg.getBoundingClientRect();
        if (a.x !== b.x || a.y !== b.y || a.width !== b.width || a.height !== b.height) return resolve('moving');
        var hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
        resolve(hit && (hit === arg || arg.contains(hit)) ? 'ok' : 'covered');
      });
    });
  });`;

/**
 * Acts on an element once it can take a tap, finding it again when React replaced it meanwhile or
 * something covered it (a closing dialog, a scroll still under way), as a person would wait.
 */
export async function whenActionable<E>(find: () => Promise<E>, actionable: (el: E) => Promise<string>, act: (el: E) => Promise<void>, timeout = 10_000): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const el = await find();
    try {
      const state = await actionable(el);
      if (state !== 'ok') throw new Error(`element ${state}`);
      return await act(el);
    } catch (e) {
      if (!/detached|stale|not attached|no such element|not connected|intercepted|element moving|element covered|element disabled|element unanswered/i.test(String(e)) || Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** The words of a text as a keyboard composes them: [word, what follows it before the next word]. */
export function composedWords(text: string): [string, string][] {
  // Spaces before the first word are typed plainly, as an empty word's "after".
  return [...text.matchAll(/(\S*)(\s*)/g)].filter((m) => m[0] !== '').map((m) => [m[1]!, m[2]!]);
}

/**
 * In-page body (arg: { el, words }): composition as a tablet keyboard makes it, for engines whose
 * driver cannot compose. For each word: compositionstart, then each longer prefix of the word
 * replaces the one before at the caret (compositionupdate, an input event with isComposing), then
 * compositionend and the committed word; the space after it is typed plainly. A task passes between
 * events, as between a keyboard's, so the page draws meanwhile.
 */
export const COMPOSE = `var el = arg.el;
  el.focus();
  var proto = el.tagName === 'TEXTAREA' ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  var setValue = Object.getOwnPropertyDescriptor(proto, 'value').set;
  // A task between events (a message, not a timer: timers of a tab out of view are slowed to a second).
  var tick = function () { return new Promise(function (r) { var c = new MessageChannel(); c.port1.onmessage = function () { r(); }; c.port2.postMessage(0); }); };
  function put(start, end, text, composing, type) {
    var v = el.value;
    setValue.call(el, v.slice(0, start) + text + v.slice(end));
    el.setSelectionRange(start + text.length, start + text.length);
    el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: type, data: text, isComposing: composing }));
  }
  var i = 0;
  function next() {
    if (i >= arg.words.length) return Promise.resolve();
    var word = arg.words[i][0], after = arg.words[i][1];
    i++;
    el.setSelectionRange(el.value.length, el.value.length);
    var start = el.selectionStart, shown = 0, n = 0;
    if (word === '') {
      put(start, start, after, false, 'insertText');
      return tick().then(next);
    }
    el.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true, data: '' }));
    function step() {
      if (n >= word.length) {
        el.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: word }));
        put(start, start + shown, word, false, 'insertFromComposition');
        return tick().then(function () {
          if (after) { el.setSelectionRange(el.value.length, el.value.length); put(el.value.length, el.value.length, after, false, 'insertText'); }
          return tick();
        });
      }
      n++;
      var part = word.slice(0, n);
      el.dispatchEvent(new CompositionEvent('compositionupdate', { bubbles: true, data: part }));
      put(start, start + shown, part, true, 'insertCompositionText');
      shown = part.length;
      return tick().then(step);
    }
    return step().then(next);
  }
  return next();`;
