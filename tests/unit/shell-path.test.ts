import { describe, expect, it } from 'vitest';
import { href, parseRoute, shellPath } from '@/lib/routes/shell-path';

describe('shellPath: every dynamic route is answered by its pre-rendered shell', () => {
  it.each([
    ['/pir/123/', '/pir/_/'],
    ['/pir/123', '/pir/_'],
    ['/pir/123/index.txt', '/pir/_/index.txt'],
    ['/pir/123/__next.pir.$d$id.__PAGE__.txt', '/pir/_/__next.pir.$d$id.__PAGE__.txt'],
    ['/pir/123/vessel/', '/pir/_/vessel/'],
    ['/pir/123/vessel/category/RAR/', '/pir/_/vessel/category/_/'],
    ['/pir/123/vessel/file/77/', '/pir/_/vessel/file/_/'],
    ['/pir/123/vessel/file/77/index.txt', '/pir/_/vessel/file/_/index.txt'],
  ])('%s → %s', (input, expected) => {
    expect(shellPath(input)).toBe(expected);
  });

  it.each(['/', '/reports/', '/calendar/', '/pir/', '/pir/index.txt', '/_next/static/chunks/a.js', '/pirate/1/'])('leaves %s alone', (p) => {
    expect(shellPath(p)).toBe(p);
  });
});

describe('parseRoute: the routes of SPEC §2 and nothing else', () => {
  it('reads each route and its ids', () => {
    expect(parseRoute('/')).toEqual({ name: 'home' });
    expect(parseRoute('/reports/')).toEqual({ name: 'reports' });
    expect(parseRoute('/calendar')).toEqual({ name: 'calendar' });
    expect(parseRoute('/pir/731001/')).toEqual({ name: 'pir', id: '731001' });
    expect(parseRoute('/pir/731001/vessel/')).toEqual({ name: 'vessel', id: '731001' });
    expect(parseRoute('/pir/731001/vessel/category/AREP/')).toEqual({ name: 'vesselCategory', id: '731001', fileType: 'AREP' });
    expect(parseRoute('/pir/731001/vessel/file/55/')).toEqual({ name: 'vesselFile', id: '731001', fileId: '55' });
  });
  it('rejects anything else', () => {
    expect(parseRoute('/pir/1/vessel/other/')).toEqual({ name: 'unknown' });
    expect(parseRoute('/reports/extra/')).toEqual({ name: 'unknown' });
    expect(parseRoute('/admin')).toEqual({ name: 'unknown' });
  });
  it('round-trips the links the app builds', () => {
    expect(parseRoute(href.vesselCategory(5, 'RAIAREP'))).toEqual({ name: 'vesselCategory', id: '5', fileType: 'RAIAREP' });
    expect(parseRoute(href.vesselFile(5, 9))).toEqual({ name: 'vesselFile', id: '5', fileId: '9' });
    expect(href.pir(5, 'inspection started')).toBe('/pir/5/#inspection%20started');
  });
});
