// workbox-window's ES2015+ module (see service-worker.ts) ships no declarations of its own; its
// exports are those the package's typed main entry declares.
declare module 'workbox-window/Workbox.mjs' {
  export { Workbox } from 'workbox-window';
}
