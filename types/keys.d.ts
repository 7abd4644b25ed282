/** site/keys.js: the names this site keeps its data under in the browser, set on globalThis (a classic script before
 *  start.js, importScripts in sw.js, a side-effect import in store.js and loader.js). */
interface HouseGamesKeys {
  scopePath(base: string | URL): string;
  databaseName(base: string | URL): string;
  settingsKey(base: string | URL): string;
  readonly oldSettingsKey: string;
  lockPrefix(base: string | URL): string;
  journalPrefix(base: string | URL): string;
  pageLockPrefix(base: string | URL): string;
  cachePrefix(base: string | URL): string;
  cacheName(base: string | URL, build: string): string;
  isSlot(key: string): boolean;
}
declare var houseGamesKeys: HouseGamesKeys;
