// The few parts of jsdom's API the prerender uses. Its own types need the DOM library, which the
// tooling's Node-only configuration leaves out; here the window's parts are only handed on.
declare module 'jsdom' {
  export interface JsdomWindow {
    readonly document: unknown;
    readonly navigator: unknown;
    readonly location: unknown;
    readonly localStorage: unknown;
    readonly sessionStorage: unknown;
    readonly HTMLElement: unknown;
    readonly Node: unknown;
  }
  export class JSDOM {
    constructor(html: string, options: { readonly url: string });
    readonly window: JsdomWindow;
  }
}
