// Types of the runtime's prefetch worker (site/prefetch.js), for `tsc --checkJs` only (tsconfig.worker.json):
// nothing here ships.

/** A runtime file as loader.js hands it over (from build.json's "runtime"): absolute URLs, sizes in bytes. */
interface RuntimeFile {
  url: string;
  bytes: number;
  type?: string;
  /** its zstd copy, where build.py wrote one, with the copy's size and the size it decodes to */
  zst?: string;
  zstBytes?: number;
  decodedBytes?: number;
}

/** A file with what this worker found out: already in the cache, or to be downloaded as its zstd copy. */
interface PlannedFile extends RuntimeFile {
  cached: boolean;
  packed: boolean;
}

/** The pinned fzstd decoder (UMD), set on the worker's global scope by importScripts. */
declare var fzstd: typeof import("fzstd") | undefined;
