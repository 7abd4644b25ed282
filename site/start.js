// The start screen, before and beside Python. build.py writes its HTML and the
// data it needs (#start-data: games, options, texts in every UI language) from
// the Python app's own tables and each game's declaration (GameSpec): a game's
// start options come as data ({name, label, choices: [value, text key, text values], default, players, random,
// beside_seats, seat_choices}) and are drawn here whatever the game, in the field
// #field-<name> build.py wrote for them. It keeps the choices in localStorage
// (under the path-scoped key of keys.js; the worker reads and writes the same text as "settings"), switches the
// language, shows the summary of the game saved last (read from the page's
// database, ./store.js, once it is open), and queues Start/Resume until Python
// takes the request. Contract with Python (game/ui/app.py):
//   window.houseGames.request({type: "new", settings} | {type: "resume", slot} | {type: "saved"})  queued until
//   window.houseGames.setRequestHandler(fn)  Python's handler; fn receives the request as JSON text
//   window.houseGames.showApp()              Python opened a game: hide the start screen, show #app
//   window.houseGames.showStart(notice?)     back to the start screen; notice = {kind, text}
// It runs as a classic script right after the start screen's HTML, so saved
// choices are applied before the first paint (nothing jumps).
(() => {
  "use strict";
  // the key carries the site's path (keys.js, loaded just before this script: one formula for every script)
  const SETTINGS_KEY = window.houseGamesKeys.settingsKey(document.baseURI);
  const OLD_SETTINGS_KEY = window.houseGamesKeys.oldSettingsKey; // versions before: moved here (only they write it, so it wins)
  const root = document.documentElement;
  const $ = (id) => document.getElementById(id);
  const DATA = JSON.parse($("start-data").textContent);
  const hg = (window.houseGames = window.houseGames || {});
  const form = $("start-form");
  const queue = [];
  let handler = null;
  let pending = null; // the request waiting for Python, if any
  let rules = null; // rules.json once fetched

  // ------------------------------------------------------------------ storage
  function get(key) {
    try { return localStorage.getItem(key); } catch { return null; }
  }
  function moveOldSettings() {
    try {
      const old = localStorage.getItem(OLD_SETTINGS_KEY);
      if (old === null) return;
      localStorage.setItem(SETTINGS_KEY, old);
      if (localStorage.getItem(SETTINGS_KEY) === old) localStorage.removeItem(OLD_SETTINGS_KEY);
    } catch { /* blocked or full: read from where it is */ }
  }
  moveOldSettings();
  function loadSettings() {
    const settings = { ...DATA.defaults };
    try {
      const saved = JSON.parse(get(SETTINGS_KEY) || get(OLD_SETTINGS_KEY) || "{}");
      if (saved && typeof saved === "object" && !Array.isArray(saved)) Object.assign(settings, saved);
    } catch { /* unreadable settings: the defaults */ }
    return settings;
  }
  // First visit (no language saved yet): the first of the browser's languages the app speaks, else English.
  function browserLanguage() {
    const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
    for (const tag of wanted) {
      const code = String(tag).toLowerCase().split("-")[0];
      if (code in DATA.languages) return code;
    }
    return "en";
  }
  let s = loadSettings();
  function save() {
    const sorted = {};
    for (const key of Object.keys(s).sort()) if (!key.startsWith("_focus")) sorted[key] = s[key];
    try { localStorage.setItem(SETTINGS_KEY, JSON.stringify(sorted)); } catch { /* storage blocked: keep in memory */ }
  }
  let savedLang = null;
  try { savedLang = (JSON.parse(get(SETTINGS_KEY) || get(OLD_SETTINGS_KEY) || "{}") || {}).lang; } catch { /* unreadable: none saved */ }
  if (!(savedLang in DATA.languages)) {
    s.lang = browserLanguage();
    save();
  }

  // ------------------------------------------------------------------ texts
  const lang = () => (s.lang in DATA.languages ? s.lang : "en");
  // The CLDR plural category of a count in a language, from the browser's own CLDR data (game/core/locale.py's
  // plural_category says the same in Python). A text's "key#one"/"key#many" forms agree with its count (else n) field.
  const pluralRules = {};
  function pluralCategory(n, code) {
    const value = Number(n);
    if (!Number.isFinite(value)) return "other";
    pluralRules[code] = pluralRules[code] || new Intl.PluralRules(code);
    return pluralRules[code].select(value);
  }
  function t(key, values) {
    const count = values ? ["count", "n"].map((f) => values[f]).find((v) => v !== undefined && v !== null && v !== "") : undefined;
    const category = count === undefined ? "other" : pluralCategory(count, lang());
    const keys = category === "other" ? [key] : [`${key}#${category}`, key];
    let text;
    for (const table of [DATA.texts[lang()], DATA.texts.en]) {
      for (const k of keys) if (text === undefined && table[k] !== undefined) text = table[k];
    }
    text = text ?? key;
    return values ? text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m)) : text;
  }
  hg.t = t; // the loader's stage lines and error screen speak the chosen language too
  const gameInfo = (id) => DATA.games.find((g) => g.id === id);
  // every option name of every game, each once (their fields exist in the page)
  const optionNames = [...new Set(DATA.games.flatMap((g) => g.options.map((o) => o.name)))];
  const applies = (option, players) => !option.players || (option.players[0] <= players && players <= option.players[1]);
  // an option's choices as [value text, shown text] (a text key with its values, or the value itself), "random"
  // last if offered; seat choices only for the seats of this player count
  const optionChoices = (option, players) => option.choices
    .filter(([v]) => !option.seat_choices || Number(v) < players)
    .map(([v, key, values]) => [String(v), key ? t(key, values || null) : String(v)])
    .concat(option.random ? [["random", t("start.random")]] : []);
  // the setting's value for the chosen text: the declared value (a number stays a number), or "random"
  function optionValue(option, text) {
    const found = option.choices.find(([v]) => String(v) === text);
    if (found) return found[0];
    return option.random && text === "random" ? "random" : option.default;
  }
  const firstAvailable = () => DATA.games.find((g) => g.available);
  // The app's own settings with a field (game/ui/settings.py SETTINGS, as build.py wrote them into #start-data):
  // drawn, read and saved here the same way whatever their name.
  const settingOf = (name) => DATA.settings.find((setting) => setting.name === name);
  const ownChoices = () => (Array.isArray(s.own_choices) ? s.own_choices.map(String) : []);
  const settingChoices = (setting) => setting.choices.map(([v, key, shown]) => [String(v), key ? t(key) : shown]);
  function renderSetting(setting) {
    const input = /** @type {HTMLInputElement} */ ($(`f-${setting.name}`));
    let value = s[setting.name] ?? setting.default;
    // a stored false the player never chose (the old default every save wrote): not chosen (settings.chosen_value)
    if (setting.default_when && value === false && !ownChoices().includes(setting.name)) value = null;
    // not chosen yet (null): the device's wish decides (setting.default_when, e.g. forced colours for the patterns)
    if (setting.field === "check") input.checked = Boolean(value ?? (setting.default_when ? matchMedia(setting.default_when).matches : false));
    else if (setting.field === "number") { if (document.activeElement !== input) input.value = value ?? ""; }
    else {
      const choices = settingChoices(setting);
      setOptions(input, choices, choices.some(([v]) => v === String(value)) ? String(value) : String(setting.default));
    }
  }
  // the value a field holds: a check box's state, a number as typed, a choice's declared value (or the default)
  function settingValue(setting, input) {
    if (setting.field === "check") return input.checked;
    if (setting.field === "number") return input.value.trim();
    const found = setting.choices.find(([v]) => String(v) === input.value);
    return found ? found[0] : setting.default;
  }

  // Replace a select's options only when they differ (keeps focus and scroll position).
  function setOptions(select, options, value) {
    const same = select.options.length === options.length
      && options.every(([v, text], i) => select.options[i].value === v && select.options[i].text === text);
    if (!same) {
      select.replaceChildren(...options.map(([v, text]) => new Option(text, v)));
    }
    select.value = value;
  }
  const show = (node, visible) => { if (node.hidden === visible) node.hidden = !visible; };
  // The shared table (issue 39, docs/multi-device.md): this screen (a laptop, a TV) shows the game to the room and
  // every player plays on their own phone: each seat played here becomes "Another phone". Made here, before the
  // first paint, after the player count (the seats follow it).
  const tableChoice = document.createElement("label");
  tableChoice.className = "check";
  tableChoice.id = "field-table";
  tableChoice.htmlFor = "f-table";
  tableChoice.innerHTML = '<input type="checkbox" id="f-table" name="table"><span data-t="start.table_display"></span>';
  $("field-players").after(tableChoice);

  // ------------------------------------------------------------------ render
  function render() {
    root.lang = lang();
    // the start screen, the loading lines, the skip link, the error screen and the update banner
    for (const node of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-t]"))) {
      if (node.id === "build-id" || node.id === "start-label") continue;
      const n = node.dataset.n;
      const text = t(node.dataset.t, n ? { n } : null);
      if (node.textContent !== text) node.textContent = text;
    }
    for (const node of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-t-label]"))) node.setAttribute("aria-label", t(node.dataset.tLabel));
    let info = gameInfo(s.game);
    if ((!info || !info.available) && !s._chosen) {
      info = firstAvailable() || info;
      if (info) s.game = info.id;
    }
    for (const g of DATA.games) /** @type {HTMLInputElement} */ ($(`game-${g.id}`)).checked = info && g.id === info.id;
    const playable = Boolean(info && info.available);
    const unavailable = $("start-unavailable");
    show(unavailable, Boolean(info) && !playable);
    if (info && !playable) unavailable.textContent = t("start.unavailable", { title: info.title });
    show($("seats-box"), playable);
    /** @type {HTMLButtonElement} */ ($("start-game")).disabled = !playable || pending !== null;
    renderStartLabel();
    if (playable) renderSeats(info);
    else show($("options-box"), false);
    for (const setting of DATA.settings) renderSetting(setting);
    renderResume();
    renderRules();
    renderBuild();
  }

  function renderSeats(info) {
    const players = Math.min(Math.max(parseInt(s.players, 10) || info.min, info.min), info.max);
    s.players = players;
    const counts = [];
    for (let n = info.min; n <= info.max; n++) counts.push([String(n), n === 1 ? t("start.solo") : String(n)]);
    setOptions($("f-players"), counts, String(players));
    const solo = players === 1; // one player: no seat to choose (the game's automa, if any, plays the other side)
    // seats as the Python app chose them: first human, the rest the game's default computer (info.default_bot)
    // a seat is played on this device, on another phone paired by QR code (docs/multi-device.md), or by a computer
    const choices = [["human", t("start.human")], ["remote", t("start.remote")], ...info.bots.map((b) => [`bot:${b}`, t("start.computer", { name: DATA.texts.en[`start.bot.${b}`] ? t(`start.bot.${b}`) : b })])];
    const valid = new Set(choices.map(([v]) => v));
    const computer = `bot:${info.default_bot}`;
    let seats = Array.isArray(s.seats) ? s.seats.map(String) : [];
    seats = seats.length ? seats.concat(Array(info.max).fill(computer)) : ["human"].concat(Array(info.max).fill(computer));
    if (!solo) s.seats = seats.slice(0, players).map((v) => (valid.has(v) ? v : computer));
    let i = 0;
    // names: asked only when several people share the device (one player against computers is "you")
    const humans = solo ? 1 : s.seats.slice(0, players).filter((v) => v === "human").length;
    const names = Array.isArray(s.names) ? s.names : [];
    for (let field; (field = $(`field-seat-${i}`)); i++) {
      const used = !solo && i < players;
      show(field, used);
      if (used) setOptions($(`f-seat-${i}`), choices, s.seats[i]);
      const named = used && humans > 1 && s.seats[i] === "human";
      show($(`field-name-${i}`), named);
      const input = /** @type {HTMLInputElement} */ ($(`f-name-${i}`));
      if (named && document.activeElement !== input) input.value = typeof names[i] === "string" ? names[i] : "";
      if (named) input.placeholder = t("start.seat_name", { n: i + 1 });
    }
    // the shared table: no seat played on this screen, at least one on another phone
    const seatsNow = solo ? [] : s.seats.slice(0, players);
    show(tableChoice, !solo);
    /** @type {HTMLInputElement} */ ($("f-table")).checked = seatsNow.includes("remote") && !seatsNow.includes("human");
    // the game's own options: those for this player count shown, the rest of every game's hidden
    const shown = info.options.filter((o) => applies(o, players));
    for (const name of optionNames) show($(`field-${name}`), shown.some((o) => o.name === name));
    for (const option of shown) {
      const choices = optionChoices(option, players);
      const value = String(s[option.name] ?? option.default);
      setOptions($(`f-${option.name}`), choices, choices.some(([v]) => v === value) ? value : String(option.default));
    }
    show($("options-box"), shown.some((o) => !o.beside_seats));
  }

  // A moment in the device's local time, in the language's one date style: the same texts and steps as Python's
  // game/ui/record_words.py moment_words ("Nov 27, 2026, 2:57 PM", "27 nov 2026, 14:57").
  function momentWords(at) {
    const h = at.getHours(), m = String(at.getMinutes()).padStart(2, "0");
    const time = t("app.clock") === "12" ? `${(h + 11) % 12 + 1}:${m} ${t(h < 12 ? "app.time.am" : "app.time.pm")}` : `${h}:${m}`;
    const date = t("app.date", { year: at.getFullYear(), month: t(`app.month.${at.getMonth() + 1}`), day: at.getDate() });
    return t("app.date_time", { date, time });
  }

  // The autosave's summary, read without Python (Python checks the save itself when it loads it). The saves live
  // in the page's database (bridge.js, store.js), open a moment after this script runs: it renders again then.
  function renderResume() {
    const slot = $("resume-slot");
    const saved = typeof hg.savedGame === "function" ? hg.savedGame() : null;
    if (saved === null) { slot.replaceChildren(); return; }
    const raw = saved.text;
    let title = "?";
    let detail = "";
    try {
      const data = JSON.parse(raw);
      const info = gameInfo(data.game);
      title = info ? info.title : String(data.game);
      detail = t("start.resume.summary", {
        players: t("count.players", { count: data.num_players }),
        moves: t("count.moves", { count: (data.actions || []).length }),
      });
      if (Number.isFinite(data.saved_at)) {
        const when = momentWords(new Date(data.saved_at));
        detail += ` · ${t("start.resume.when", { when })}`;
      }
    } catch { /* unreadable: Python explains when it loads it */ }
    let button = /** @type {HTMLButtonElement} */ ($("resume"));
    if (!button) {
      button = document.createElement("button");
      button.type = "button";
      button.id = "resume";
      button.className = "primary";
      button.addEventListener("click", () => hg.request({ type: "resume", slot: button.dataset.slot }));
      slot.append(button);
    }
    button.dataset.slot = saved.slot;
    const label = document.createElement("small");
    label.textContent = detail;
    button.replaceChildren(t("start.resume", { title }), document.createElement("br"), label);
    button.disabled = pending !== null;
    // several games saved: Python lists them all (game/ui/app.py App.show_saved_games)
    const count = typeof hg.savedGames === "function" ? hg.savedGames().length : 0;
    let all = /** @type {HTMLButtonElement} */ ($("resume-all"));
    if (count > 1 && !all) {
      all = document.createElement("button");
      all.type = "button";
      all.id = "resume-all";
      all.addEventListener("click", () => hg.request({ type: "saved" }));
      slot.append(all);
    } else if (count < 2 && all) all.remove();
    if (count > 1) {
      all.textContent = t("start.resume.all", { count });
      all.disabled = pending !== null;
    }
  }

  async function renderRules() {
    const details = /** @type {HTMLDetailsElement} */ ($("start-rules"));
    if (!details.open) return;
    const body = $("start-rules-body");
    if (!rules) {
      try { rules = await (await fetch("./rules.json")).json(); } catch { return; }
    }
    const sections = (rules[lang()] || rules.en)[s.game] || [];
    const nodes = [];
    for (const [heading, paragraphs] of sections) {
      const h = document.createElement("h2"); // under the start screen's h1: headings go down one level at a time
      h.textContent = heading;
      nodes.push(h);
      for (const text of paragraphs) {
        const p = document.createElement("p");
        p.textContent = text;
        nodes.push(p);
      }
    }
    body.replaceChildren(...nodes);
  }

  function renderBuild() {
    const node = $("build-id");
    if (typeof hg.build === "string") node.textContent = t("start.build", { build: hg.build });
  }

  // ------------------------------------------------------------------ choices
  function changed(update) {
    update();
    save();
    render();
  }
  form.addEventListener("change", (event) => {
    const target = /** @type {HTMLInputElement} */ (event.target); // or a <select>: read for its name and value only
    const name = target.name;
    changed(() => {
      if (name === "game") {
        s.game = target.value;
        s._chosen = true;
        const info = gameInfo(s.game);
        if (info && info.available) s.players = Math.min(Math.max(parseInt(s.players, 10) || 2, info.min), info.max);
      } else if (name === "players") s.players = parseInt(target.value, 10);
      else if (name.startsWith("seat-")) s.seats[parseInt(name.slice(5), 10)] = target.value;
      else if (name === "table") tableSeats(target.checked);
      else if (name.startsWith("name-")) setName(parseInt(name.slice(5), 10), target.value);
      else if (settingOf(name)) {
        s[name] = settingValue(settingOf(name), target);
        // the player's own choice, kept apart from a default (settings.py OWN_CHOICES)
        if (settingOf(name).default_when && !ownChoices().includes(name)) s.own_choices = ownChoices().concat([name]);
      }
      else {
        const option = ((gameInfo(s.game) || {}).options || []).find((o) => o.name === name);
        if (option) s[name] = optionValue(option, target.value);
      }
    });
  });
  // the shared table on: every seat played here goes to another phone; off: the first seat is played here again
  function tableSeats(on) {
    const seats = (Array.isArray(s.seats) ? s.seats : []).slice(0, parseInt(s.players, 10) || 2);
    if (on) s.seats = seats.map((v) => (v === "human" ? "remote" : v));
    else if (seats.length) s.seats = ["human"].concat(seats.slice(1));
  }
  // what is typed (a number setting such as the seed, the names) is kept as it is typed, so another choice's
  // re-render never drops it
  function setName(i, value) {
    const names = Array.isArray(s.names) ? s.names.slice() : [];
    while (names.length <= i) names.push("");
    names[i] = String(value).replace(/\s+/g, " ").trim();
    s.names = names;
  }
  form.addEventListener("input", (event) => {
    const target = /** @type {HTMLInputElement} */ (event.target);
    const name = target.name || "";
    const setting = settingOf(name);
    if (name.startsWith("name-")) { setName(parseInt(name.slice(5), 10), target.value); save(); }
    else if (setting && setting.field === "number") { s[name] = settingValue(setting, target); save(); }
  });
  $("start-rules").addEventListener("toggle", renderRules);
  // Daily deal, Past games, Statistics: screens Python draws (game/ui/app.py App.handle_request)
  $("start-more").addEventListener("click", (event) => {
    const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("button[data-request]"));
    if (button) hg.request({ type: button.dataset.request });
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    // typed but not yet "changed"
    for (const setting of DATA.settings) if (setting.field === "number") s[setting.name] = settingValue(setting, $(`f-${setting.name}`));
    save();
    hg.request({ type: "new" });
  });

  // ------------------------------------------------------------------ requests to Python
  function setPending(request) {
    pending = request;
    const busy = request !== null;
    $("start-screen").setAttribute("aria-busy", String(busy));
    /** @type {HTMLButtonElement} */ ($("start-game")).disabled = busy || !(gameInfo(s.game) || {}).available;
    for (const id of ["resume", "resume-all"]) if ($(id)) /** @type {HTMLButtonElement} */ ($(id)).disabled = busy;
    for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("#start-more button"))) button.disabled = busy;
    clearInterval(ticker);
    if (busy) ticker = setInterval(renderStartLabel, 200);
    renderStartLabel();
  }

  // While a request waits for Python, Start shows how far the loading is.
  let ticker = 0;
  function renderStartLabel() {
    const label = $("start-label");
    if (pending === null || pending.type !== "new") { label.textContent = t("start.new"); return; }
    const bar = /** @type {HTMLProgressElement} */ ($("load-progress"));
    const percent = bar.max > 0 ? Math.floor((100 * bar.value) / bar.max) : 0;
    const active = document.querySelector('#load-status [data-status="active"] .stage-detail');
    const progress = percent < 100 || !active ? `${percent} %` : active.textContent;
    label.textContent = t("start.opening", { progress });
  }

  hg.request = (request) => {
    if (pending !== null) return; // one at a time
    show($("start-notice"), false);
    // every request carries the screen's choices: the worker hears of them only so (a language chosen, then Resume)
    if (!request.settings) request = { ...request, settings: { ...s } };
    setPending(request);
    if (handler) handler(JSON.stringify(request));
    else queue.push(request);
  };
  hg.setRequestHandler = (fn) => {
    handler = fn;
    while (queue.length) handler(JSON.stringify(queue.shift()));
  };
  hg.renderResume = () => { if (!$("start-screen").hidden) renderResume(); };
  hg.showApp = () => {
    setPending(null);
    $("start-screen").hidden = true;
    $("app").hidden = false;
    window.scrollTo(0, 0);
  };
  hg.showStart = (notice) => {
    setPending(null);
    s = loadSettings();
    // Back on the start screen, a shared game's link has been used (or refused): a reload should not open it again.
    if (location.hash.startsWith("#replay=")) history.replaceState(history.state, "", location.pathname + location.search);
    if (notice && notice.text) {
      const node = $("start-notice");
      node.textContent = notice.text;
      node.className = `notice ${notice.kind || ""}`.trim();
      node.hidden = false;
    }
    $("app").hidden = true;
    $("start-screen").hidden = false;
    render();
  };

  // When the loader says Python is ready (or failed), show the version and put the progress away.
  new MutationObserver(() => {
    const state = root.dataset.appState;
    if (state === "ready") {
      renderBuild();
      $("load-status").classList.add("done");
    }
  }).observe(root, { attributes: true, attributeFilter: ["data-app-state"] });

  render();
})();
