import { afterAll, afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import Dexie from 'dexie';
// Installed here first, so a test file's own import of it later changes nothing.
import 'fake-indexeddb/auto';
import * as fakeIndexedDb from 'fake-indexeddb';

// findBy and waitFor wait for what the person would see; the default second ran out on 2 busy
// cores while a lazily loaded part was still arriving, and `npm test` runs these tests beside the
// lint, the compiler and the build. They return as soon as it shows.
configure({ asyncUtilTimeout: 15_000 });

/*
 * The test files of a worker share one process (see vite.config.ts, isolate: false), so each
 * file starts from what a fresh process would give it: the app's own modules evaluated anew,
 * an empty IndexedDB, empty storage; the mocks, stubs and fake timers a file set are undone
 * when it ends.
 */
vi.resetModules();
// The globals fake-indexeddb/auto installs (the IDB* classes), with a factory of this file's own.
const freshIndexedDb = new fakeIndexedDb.IDBFactory();
const indexedDbGlobals: [string, unknown][] = [
  ['indexedDB', freshIndexedDb],
  ...Object.entries(fakeIndexedDb).filter(([name]) => name.startsWith('IDB')),
];
for (const [name, value] of indexedDbGlobals) {
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true, enumerable: false });
}
Dexie.dependencies.indexedDB = freshIndexedDb;
Dexie.dependencies.IDBKeyRange = fakeIndexedDb.IDBKeyRange;
// What an earlier file put on navigator itself (a fake service worker, clipboard, onLine) goes:
// the browser's own properties live on its prototype.
if (typeof navigator !== 'undefined') {
  for (const key of Object.getOwnPropertyNames(navigator)) Reflect.deleteProperty(navigator, key);
}
// The document as jsdom makes it: no script, style or meta an earlier file's code added.
if (typeof document !== 'undefined') {
  document.head.replaceChildren();
  document.body.replaceChildren();
  document.title = '';
  for (const element of [document.documentElement, document.body]) {
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
  }
}
if (typeof localStorage !== 'undefined') localStorage.clear();
if (typeof sessionStorage !== 'undefined') sessionStorage.clear();

afterEach(() => {
  cleanup();
});

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
