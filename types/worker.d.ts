// Types of the runtime's prefetch worker (site/prefetch.js), for `tsc --checkJs` only (tsconfig.worker.json):
// nothing here ships.

/** The pinned fzstd decoder (UMD), set on the worker's global scope by importScripts. */
declare var fzstd: typeof import("fzstd") | undefined;
