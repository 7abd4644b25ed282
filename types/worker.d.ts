// Types the workers' scripts (site/sw.js, site/prefetch.js) share, for `tsc --checkJs` only
// (tsconfig.worker.json): nothing here ships.

// sw.js is a template: build.py (sitebuild/) writes the build's file lists where these placeholders stand.
/** The site-relative paths the service worker precaches at install. */
declare const __PRECACHE__: string[];
/** The runtime's big files (a subset of __PRECACHE__) the prefetch worker may be bringing. */
declare const __RUNTIME__: string[];

/** The pinned fzstd decoder (UMD), set on the prefetch worker's global scope by importScripts. */
declare var fzstd: typeof import("fzstd") | undefined;
