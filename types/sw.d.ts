// Types of the service worker (site/sw.js), for `tsc --checkJs` only (tsconfig.sw.json): nothing here ships.

// sw.js is a template: build.py (sitebuild/) writes the build's file lists where these placeholders stand.
/** The site-relative paths the service worker precaches at install. */
declare const __PRECACHE__: string[];
/** The runtime's big files (a subset of __PRECACHE__) the prefetch worker may be bringing. */
declare const __RUNTIME__: string[];

// TypeScript's webworker library types `self` as any worker's scope; in this program the scope is a service
// worker's (ServiceWorkerGlobalScope), so its members and events are declared on the global scope here.
declare var registration: ServiceWorkerRegistration;
declare var clients: Clients;
declare function skipWaiting(): Promise<void>;
// ("message" cannot join them: the library's dedicated- and service-worker maps extend this one with two
// different message events; sw.js's handler says its own.)
interface WorkerGlobalScopeEventMap {
  install: ExtendableEvent;
  activate: ExtendableEvent;
  fetch: FetchEvent;
}
