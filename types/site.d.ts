// Types the page's scripts (site/*.js but sw.js and prefetch.js) share, for `tsc --checkJs` only
// (tsconfig.json, run by tests/test_lint.py): nothing here ships, the site stays plain JavaScript.

/** A draw call's commands: a list of ["name", ...arguments] arrays, or its JSON text (render.js). */
type DrawCommands = unknown[][] | string;

/** What the loader (build.json's "version") says of the running build. */
interface BuildVersion {
  build: string;
  [field: string]: unknown;
}

/** A request the start screen queues for Python (game/ui/app.py reads its JSON). */
interface StartRequest {
  /** "new", "resume", "saved", or a start-screen button's data-request (the daily deal, past games, …) */
  type: string;
  [field: string]: unknown;
}

/**
 * window.houseGames: the page's hooks, filled in parts by start.js (the start screen's), loader.js (the boot
 * stages') and bridge.js (the database's); Python calls them by name through the bridge ("host" operations), so
 * each part is optional until its script has run.
 */
interface HouseGames {
  // start.js
  t?: (key: string, values?: Record<string, unknown> | null) => string;
  request?: (request: StartRequest) => void;
  setRequestHandler?: (handler: (json: string) => void) => void;
  renderResume?: () => void;
  showApp?: () => void;
  showStart?: (notice?: { kind: string; text: string }) => void;
  // loader.js
  setStage?: (stage: string, status: string, detail?: string) => void;
  fail?: (stage: string, message: string) => void;
  ready?: () => void;
  /** A newer version of the app opened the database: this page asks to be reloaded. */
  showOutdated?: () => void;
  precompiled?: (outcome: unknown) => void;
  build?: string | null;
  version?: BuildVersion | null;
  // bridge.js, once the database is open
  savedGame?: typeof import("../site/store.js").newestSlot;
  savedGames?: typeof import("../site/store.js").savedSlots;
  stored?: typeof import("../site/store.js").storedValue;
  dump?: typeof import("../site/store.js").dump;
  journal?: typeof import("../site/journal.js").current;
  autosave?: () => unknown;
}

interface Window {
  houseGames?: HouseGames;
  /** render.js: draws one frame's commands on a canvas (also in Python's worker, on an OffscreenCanvas). */
  houseGamesDraw?: (canvas: HTMLCanvasElement | OffscreenCanvas, commands: DrawCommands, scale?: number) => void;
  /** Python (game/ui/app.py): the save slot this tab writes. */
  houseGamesSlot?: string;
  houseGamesPlaying?: string | null;
  /** Tests: sees every frame the worker draws (tests/browser/fit.py). */
  houseGamesFrameProbe?: (canvas: Element | undefined, commands: DrawCommands) => void;
  /** Tests: told when a batch of operations has been applied (tests/browser/multidevice_run.py). */
  houseGamesFrameApplied?: (time: number) => void;
  /** Tests: sees every message a peer sends (tests/browser/multidevice_run.py). */
  houseGamesPeerProbe?: (seat: number, text: string) => void;
  /** pairing.js: tests' and debugging's view of the pairing. */
  houseGamesPairing?: Record<string, (...args: any[]) => unknown>;
  /** Chromium's QR reader (the Barcode Detection API: not in TypeScript's DOM library); pairing.js asks first. */
  BarcodeDetector?: new (options: { formats: string[] }) => { detect(image: ImageBitmapSource): Promise<{ rawValue: string }[]> };
  /** The vendored jsQR (UMD) sets it when pairing.js imports it. */
  jsQR?: typeof import("jsqr").default;
}

interface WindowEventMap {
  /** PyScript reports its boot progress as window events; the detail is a stage's English label. */
  "py:progress": CustomEvent<string>;
}

// The vendored modules build.py copies into dist/vendor/ from the pinned npm packages: their own types.
declare module "*/vendor/pyscript/core.js" {
  // @pyscript/core's own types name only `config` and `async` (and pull in CodeMirror's): the options loader.js
  // passes are the ones PyScript's worker reads (src/core.js: the interpreter `type` and its `version` URL).
  export function PyWorker(file: string, options?: { type?: string; version?: string; config?: string | object; async?: boolean }): Promise<Worker & { sync: object }>;
}
declare module "*/vendor/qr/qrcode.mjs" {
  import qrcode = require("qrcode-generator");
  export default qrcode;
}
declare module "*/vendor/qr/jsQR.js" {}
