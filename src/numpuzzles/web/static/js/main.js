// numpuzzles in the browser: plain ES modules over the JSON API (/api/...), nothing fetched
// from elsewhere and no build step.  This module is the page: it opens puzzles (the daily
// one, a pack's level, a generated or a pasted one), hands each to the game of its kind
// (games/), keeps its progress in the browser (storage.js), judges it with the server,
// and wires the controls.  A move is "wrong" when it disagrees with the known solution
// (generated puzzles carry theirs; a pasted one is solved on load), and it is flagged
// until undone.  "Make" swaps the board for the setter's editor (editor.js), which hands a
// made puzzle back here to be played.

import * as server from "./api.js";
import {$, clock, el, say} from "./dom.js";
import {markOverflow, markWrong, resetZoom, sizeCells, zoomBy} from "./board.js";
import {drawHowTo} from "./howto.js";
import {Packs, drawLevels} from "./packs.js";
import * as store from "./storage.js";
import {Timer} from "./timer.js";
import {Editor} from "./editor.js";
import {PathGame} from "./games/paths.js";
import {DigitGame} from "./games/digits.js";
import {PairGame} from "./games/pairs.js";

const GAMES = {numberlink: PathGame, arukone: PathGame, fubuki: DigitGame, survo: DigitGame,
  nummatch: PairGame};
const FIRST_FAMILY = "numberlink";

const page = {
  families: {}, // name -> the family's JSON (GET /api/families)
  packs: new Packs(null),
  current: null, // {family, id, puzzle, solution, game, key, at, origin, params, seed, ...}
  shownPack: null, // the pack whose levels are listed
  opening: 0, // the newest open() asked for: an older answer arriving late is dropped
  timer: null,
  editor: null,
  making: false, // the editor is shown in place of the board
};
// For the console and the browser tests: the puzzle in play, its game, and its time (ms).
Object.defineProperty(window, "current", {get: () => page.current});
Object.defineProperty(window, "playedFor", {get: () => (page.timer ? page.timer.elapsed : 0)});
Object.defineProperty(window, "editor", {get: () => page.editor});

// ---- what a game asks of the page ----
const host = (family) => ({
  family,
  render,
  say,
  changed,
  gone: (game) => !page.current || page.current.game !== game,
});

function render() {
  const board = $("board");
  const now = page.current;
  if (!now) { board.replaceChildren(); return; }
  const game = now.game;
  game.draw(board, sizeCells(board, game.columns(), game.leastCell()));
  markOverflow();
  markWrong(board, game.wrongCells());
  game.drawControls($("keypad"));
  $("undo").disabled = !game.canUndo();
  $("redo").disabled = !game.canRedo();
  const finished = game.locked;
  $("hint").disabled = finished || !page.families[now.family].verbs.includes("hint");
  $("check").disabled = false;
  $("reveal").disabled = finished;
  if (finished) return;
  const problem = game.problem();
  if (problem) say(problem, "bad");
  else if ($("status").className === "bad" && !now.keepWords) say("");
  now.keepWords = false;
}

// After every move: redraw, save, and ask the server once the board is complete.
async function changed() {
  const now = page.current;
  render();
  save();
  if (now && !now.game.locked && now.game.ready()) await judge(now);
}

async function judge(now, asked = false) {
  const game = now.game;
  const before = game.snapshot();
  let record;
  try {
    record = await server.check(now.family, now.puzzle, game.solutionJson());
  } catch (err) {
    if (page.current === now) { say(`Not solved: ${err.message}`, "bad"); now.keepWords = true; }
    return null;
  }
  if (page.current !== now || game.snapshot() !== before) return null; // the board moved on
  game.judged(record);
  if (record.valid) finish(now);
  else if (!game.problem()) {
    if (asked) {
      const words = record.violations.map((v) => v.message || JSON.stringify(v));
      const more = words.length > 1 ? ` (and ${words.length - 1} more)` : "";
      say(`Not solved: ${words[0]}${more}`, "bad");
    }
    now.keepWords = true; // the words say why it is not solved: the redraw keeps them
  }
  render();
  return record;
}

function finish(now) {
  const game = now.game;
  game.locked = true;
  now.solved = true;
  const elapsed = page.timer.stop();
  const saved = store.progress(now.key) || {};
  const best = saved.best ? Math.min(saved.best, elapsed) : elapsed;
  now.best = best;
  save();
  showDone(now);
  drawSide();
}

function showDone(now) {
  const elapsed = page.timer.elapsed;
  let words;
  if (now.revealed) words = "The solution is shown.";
  else {
    words = `Solved in ${clock(elapsed)}.`;
    if (now.best && now.best < elapsed) words += ` Your best: ${clock(now.best)}.`;
  }
  say(words, now.revealed ? "" : "good");
  $("done-words").textContent = now.revealed ? "Revealed." : `Solved in ${clock(elapsed)}!`;
  $("done").hidden = false;
  $("keypad").hidden = true;
}

function save() {
  const now = page.current;
  if (!now) return;
  store.saveProgress(now.key, {
    state: now.game.snapshot(), elapsed: Math.round(page.timer.elapsed),
    solved: Boolean(now.solved), revealed: Boolean(now.revealed), best: now.best || null,
  });
}

// ---- opening a puzzle ----
function where(now) {
  if (now.at) return `${now.at.pack.title}, level ${now.at.index + 1}`;
  if (now.origin === "daily") return "Today's puzzle";
  if (now.origin === "made") return "Your puzzle";
  return now.origin === "pasted" ? "A pasted puzzle" : "A new puzzle";
}

function shareUrl(now) {
  const base = `${location.origin}${location.pathname}`;
  if (!now.id) {
    return `${base}?family=${now.family}&puzzle=${encodeURIComponent(JSON.stringify(now.puzzle))}`;
  }
  const pack = now.at ? `&pack=${encodeURIComponent(now.at.pack.name)}` : "";
  return `${base}?id=${encodeURIComponent(now.id)}${pack}`;
}

// Open a puzzle: ``source`` is {id}, {params, seed} or {puzzle} (text or JSON form);
// ``context`` says where it came from ({origin, at}).  Only the newest open() lands.
async function open(family, source, context = {}) {
  const ticket = ++page.opening;
  document.body.dataset.loading = "1";
  say(source.puzzle === undefined ? "Making the puzzle…" : "Reading the puzzle…");
  try {
    let record;
    if (source.puzzle !== undefined) {
      const answer = await server.solve(family, {puzzle: source.puzzle, unique: true});
      const solution = answer.status === "solved" && answer.unique ? answer.solution : null;
      record = {puzzle: answer.puzzle, solution, judged: Boolean(solution), status: answer.status};
    } else {
      record = await server.generate(family, source);
    }
    if (ticket !== page.opening) return;
    start(family, record, context);
    if (record.status && !record.solution) say(`solver: ${record.status}; moves are not judged`, "");
  } catch (err) {
    if (ticket === page.opening) say(err.message, "bad");
  } finally {
    if (ticket === page.opening) document.body.dataset.loading = "0";
  }
}

function start(family, record, context) {
  const Kind = GAMES[family];
  if (!Kind) { say(`${family} cannot be played in the page yet.`, "bad"); return; }
  const solution = record.solution || null;
  // Moves are judged against the solution only when it is the only one: not for
  // Numberlink's 'unionfind' method, nor Arukone made without 'unique'.
  const params = record.params || {};
  const judged = record.judged !== false && params.unique !== false
    && params.method !== "unionfind";
  if (page.current) { save(); page.current.game.stop(); }
  const id = record.id || null;
  const key = store.puzzleKey(family, id, record.puzzle);
  const at = context.at || (id ? page.packs.find(id, context.pack) : null);
  const now = {
    family, id, key, at, puzzle: record.puzzle, solution,
    origin: context.origin
      || (at ? "pack" : id && id === page.packs.daily[family] ? "daily" : id ? "generated" : "pasted"),
    params: record.params || null, seed: record.seed,
  };
  now.game = new Kind(record.puzzle, judged ? solution : null, host(family));
  page.current = now;
  // a puzzle played before carries on where it was left
  const saved = store.progress(key);
  let elapsed = 0;
  if (saved && saved.state) {
    try { now.game.restore(saved.state); } catch (err) { /* an old save: start afresh */ }
    elapsed = saved.elapsed || 0;
    now.best = saved.best || null;
    now.solved = Boolean(saved.solved);
    now.revealed = Boolean(saved.revealed);
  }
  now.game.locked = now.solved || now.revealed;
  $("done").hidden = true;
  const board = $("board");
  board.replaceChildren();
  $("add").hidden = true;
  board.classList.toggle("drawing", Kind === PathGame); // no panning only while drawing
  resetZoom();
  now.game.mount(board);
  page.timer.start(elapsed);
  if (now.game.locked) page.timer.stop();
  $("puzzle-name").textContent = where(now);
  $("puzzle-id").textContent = id ? `ID: ${id}` : "";
  const share = $("share");
  share.href = shareUrl(now);
  history.replaceState(null, "", share.href);
  store.setLastPlayed({family, id, puzzle: id ? null : record.puzzle, pack: at ? at.pack.name : null,
    origin: now.origin});
  store.setLastOf(family, {family, id, puzzle: id ? null : record.puzzle,
    pack: at ? at.pack.name : null, origin: now.origin});
  if ($("family").value !== family) { $("family").value = family; paramFields(family); }
  if (record.params) fillForm(record.params, record.seed);
  if (at) page.shownPack = at.pack;
  say(saved && saved.state && !now.game.locked ? "Welcome back: the game goes on where you left it." : "");
  render();
  if (now.game.locked) showDone(now);
  drawSide();
  // opened from the panel below the board (a phone): bring the board into view
  const top = $("play").getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight / 2) $("play").scrollIntoView({block: "start"});
  document.body.dataset.puzzles = String(Number(document.body.dataset.puzzles || 0) + 1);
  prefetchNext(now);
}

// ---- what comes next ----
function nextOf(now) {
  if (now.at) {
    const next = page.packs.after(now.at);
    if (next) return {family: now.family, source: levelSource(next), context: {at: next}};
  }
  if (now.origin === "daily" || now.origin === "pack") {
    const next = page.packs.nextUnplayed(now.family);
    if (next) return {family: now.family, source: levelSource(next), context: {at: next}};
  }
  if (now.params && Number.isInteger(now.seed)) {
    return {family: now.family, source: {params: now.params, seed: now.seed + 1},
      context: {origin: "generated"}};
  }
  return {family: now.family, source: {params: {}, seed: randomSeed()}, context: {origin: "generated"}};
}

function levelSource({pack, index}) {
  const level = pack.levels[index];
  return level.id ? {id: level.id} : {puzzle: level.puzzle};
}

// The next puzzle is asked for while this one is played, so "Next puzzle" opens at once
// (the server keeps what an ID made).
function prefetchNext(now) {
  const next = nextOf(now);
  if (next.source.id) server.generate(next.family, next.source).catch(() => null);
}

function goNext() {
  if (!page.current) return;
  const next = nextOf(page.current);
  open(next.family, next.source, next.context);
}

const randomSeed = () => Math.floor(Math.random() * 1e9);

// What a family opens with: the puzzle of that family left unfinished, else today's
// puzzle, else the next level not solved yet, else a new one.
function openFamily(family) {
  const last = store.lastOf(family);
  if (last && unfinished(last)) return openSaved(last);
  const daily = page.packs.daily[family];
  if (daily && !finished(store.puzzleKey(family, daily, null))) {
    return open(family, {id: daily}, {origin: "daily"});
  }
  const next = page.packs.nextUnplayed(family);
  if (next) return open(family, levelSource(next), {at: next});
  return open(family, {params: {}, seed: randomSeed()}, {origin: "generated"});
}

function finished(key) {
  const saved = store.progress(key);
  return Boolean(saved && (saved.solved || saved.revealed));
}

function unfinished(last) {
  if (!last || !page.families[last.family]) return false;
  const key = store.puzzleKey(last.family, last.id, last.puzzle);
  const saved = store.progress(key);
  return Boolean(saved && !saved.solved && !saved.revealed);
}

function openSaved(last) {
  if (last.id) return open(last.family, {id: last.id}, {pack: last.pack, origin: last.origin});
  return open(last.family, {puzzle: last.puzzle}, {origin: "pasted"});
}

// ---- the side panel: how to play, and the levels ----
function drawSide() {
  const now = page.making ? null : page.current;
  const family = now ? now.family : $("family").value;
  if (page.making) {
    drawHowTo($("howto-text"), page.families[family], page.editor.rulesKey(), page.editor.help());
  } else {
    drawHowTo($("howto-text"), page.families[family], now ? now.game.rulesKey() : null);
  }
  $("howto-title").textContent = page.making ? "How to make a puzzle" : "How to play";
  const chosen = page.shownPack && page.shownPack.family === family ? page.shownPack : null;
  drawLevels($("pack-tabs"), $("level-list"), page.packs, family, chosen, now && now.at,
    (at) => open(family, levelSource(at), {at}),
    (pack) => { page.shownPack = pack; drawSide(); });
  $("daily").disabled = !page.packs.daily[family];
}

// ---- the generate form ----
function paramFields(family) {
  const box = $("params");
  box.replaceChildren();
  for (const p of page.families[family].generate_params) {
    const label = el("label", "field", p.name + " ");
    label.title = p.help;
    let input;
    if (p.choices.length) {
      input = el("select");
      if (p.default === null) input.appendChild(new Option("(any)", ""));
      for (const choice of p.choices) input.appendChild(new Option(choice, choice));
      input.value = p.default === null ? "" : p.default;
    } else if (p.kind === "bool") {
      input = el("input"); input.type = "checkbox"; input.checked = Boolean(p.default);
    } else {
      input = el("input");
      input.type = p.kind === "int" ? "number" : "text";
      if (p.low !== null) input.min = p.low;
      if (p.high !== null) input.max = p.high;
      input.value = p.default === null ? "" : p.default;
    }
    input.name = p.name; input.dataset.kind = p.kind;
    label.appendChild(input);
    box.appendChild(label);
  }
}

// A generated puzzle's own parameters and seed go back into the form, so that the next
// Generate (after a share link, say) makes the same kind of puzzle, not the defaults.
function fillForm(params, seed) {
  for (const input of $("params").querySelectorAll("input, select")) {
    if (!(input.name in params)) continue;
    const value = params[input.name];
    if (input.type === "checkbox") input.checked = Boolean(value);
    else input.value = value === null ? "" : String(value);
  }
  if (Number.isInteger(seed)) $("seed").value = seed;
}

function readParams() {
  const params = {};
  for (const input of $("params").querySelectorAll("input, select")) {
    if (input.type === "checkbox") params[input.name] = input.checked;
    else if (input.value === "") continue;
    else if (input.dataset.kind === "int") params[input.name] = parseInt(input.value, 10);
    else if (input.dataset.kind === "float") params[input.name] = parseFloat(input.value);
    else params[input.name] = input.value;
  }
  return params;
}

// ---- the buttons ----
async function check() {
  const now = page.current;
  if (!now) return;
  if (now.revealed) { await checkRevealed(now); return; }
  if (now.solved) { showDone(now); return; }
  const unfinishedWords = now.game.unfinished();
  if (unfinishedWords) { say(unfinishedWords, "bad"); return; }
  await judge(now, true);
}

// Check on a revealed board asks the server's checker about what is shown.
async function checkRevealed(now) {
  try {
    const record = await server.check(now.family, now.puzzle, now.game.solutionJson());
    if (page.current !== now) return;
    if (record.valid) say("The solution shown is correct.", "good");
    else say(`Not solved: ${record.violations.map((v) => v.message)[0]}`, "bad");
  } catch (err) { if (page.current === now) say(`Not solved: ${err.message}`, "bad"); }
}

async function reveal() {
  const now = page.current;
  if (!now || now.game.locked || now.game.busy()) return;
  try {
    if (!now.solution) {
      const record = await server.solve(now.family, {puzzle: now.puzzle});
      if (record.status !== "solved") { say(`solver: ${record.status}`, "bad"); return; }
      now.solution = record.solution;
    }
    if (page.current !== now) return;
    say("The solution, move by move…");
    await now.game.reveal(now.solution);
    if (page.current !== now) return;
    now.revealed = true;
    now.game.locked = true;
    page.timer.stop();
    save();
    render();
    showDone(now);
  } catch (err) { say(err.message, "bad"); }
}

async function hint() {
  const now = page.current;
  if (!now || now.game.locked || now.game.busy()) return;
  try {
    const record = await server.hint(now.family, now.game.hintPuzzle());
    if (page.current !== now) return;
    const moved = now.game.applyHint(record);
    const words = now.game.hintWords(record) || (record.hint && record.hint.message);
    if (moved) await changed();
    if (page.current !== now || now.game.locked) return;
    say("Hint: " + (words || "nothing more to show."), record.status === "solved" ? "" : "bad");
    now.keepWords = true;
  } catch (err) { say(err.message, "bad"); }
}

function undoOrRedo(redo) {
  const now = page.current;
  if (!now) return;
  if (redo ? now.game.redo() : now.game.undo()) { say(""); changed(); }
}

// ---- play or make ----
// ``puzzle`` (JSON form) opens in the editor; without it the editor goes on with its draft.
function setMode(making, puzzle = null) {
  page.making = making;
  store.setMode(making ? "make" : "play");
  document.body.classList.toggle("making", making);
  $("mode-play").setAttribute("aria-pressed", String(!making));
  $("mode-make").setAttribute("aria-pressed", String(making));
  $("play").hidden = making;
  $("make").hidden = !making;
  for (const id of ["levels", "new-box", "paste-box"]) $(id).hidden = making;
  const family = $("family").value;
  if (!making) page.editor.close();
  if (making) {
    if (page.current) { save(); page.timer.stop(); }
    page.editor.open(family, puzzle);
    drawSide();
    return;
  }
  if (!page.current || page.current.family !== family) { openFamily(family); return; }
  history.replaceState(null, "", shareUrl(page.current));
  if (!page.current.game.locked) page.timer.start(page.timer.elapsed);
  render();
}

function playMade(family, puzzle) {
  setMode(false);
  open(family, {puzzle}, {origin: "made"});
}

function wire() {
  $("family").onchange = () => {
    const family = $("family").value;
    paramFields(family);
    if (page.making) { page.editor.open(family); drawSide(); return; }
    openFamily(family);
  };
  $("mode-play").onclick = () => { if (page.making) setMode(false); };
  $("mode-make").onclick = () => { if (!page.making) setMode(true); };
  $("generate-form").onsubmit = (e) => {
    e.preventDefault();
    open($("family").value, {params: readParams(), seed: parseInt($("seed").value, 10) || 0},
      {origin: "generated"});
  };
  $("load").onclick = () => open($("family").value, {puzzle: $("paste").value}, {origin: "pasted"});
  $("upload").onchange = async () => { // a file's text goes into the box, then is loaded
    const file = $("upload").files[0];
    if (!file) return;
    $("paste").value = await file.text();
    await open($("family").value, {puzzle: $("paste").value}, {origin: "pasted"});
  };
  $("undo").onclick = () => undoOrRedo(false);
  $("redo").onclick = () => undoOrRedo(true);
  $("check").onclick = check;
  $("reveal").onclick = reveal;
  $("hint").onclick = hint;
  $("next").onclick = goNext;
  $("daily").onclick = () => {
    const family = page.current ? page.current.family : $("family").value;
    const id = page.packs.daily[family];
    if (id) open(family, {id}, {origin: "daily"});
  };
  $("add").onclick = () => {
    const game = page.current && page.current.game;
    if (game && game.play) game.play("add");
  };
  $("zoom-in").onclick = () => { zoomBy(1); render(); };
  $("zoom-out").onclick = () => { zoomBy(-1); render(); };
  document.addEventListener("keydown", (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.target.closest("textarea, select")) return;
    const key = e.key.toLowerCase();
    if (key === "z" || key === "y") {
      if (e.target.closest("input")) return; // the input's own undo
      e.preventDefault();
      if (page.making) page.editor.undo(key === "y" || e.shiftKey);
      else undoOrRedo(key === "y" || e.shiftKey);
    }
  });
  window.addEventListener("resize", () => { if (page.current && !page.making) render(); });
  $("board-wrap").addEventListener("scroll", markOverflow, {passive: true});
  window.addEventListener("pagehide", save);
  document.addEventListener("visibilitychange", () => { if (document.hidden) save(); });
}

function localDate() {
  const d = new Date();
  const two = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

async function main() {
  page.timer = new Timer($("timer"));
  const list = await server.api("/api/families");
  await server.loadPalette();
  try {
    page.packs = new Packs(await server.api(`/api/packs?date=${localDate()}`));
  } catch (err) {
    page.packs = new Packs(null); // no packs: the page still generates and plays
  }
  for (const f of list) {
    page.families[f.name] = f;
    $("family").appendChild(new Option(f.title.split(":")[0], f.name));
  }
  page.editor = new Editor({
    families: page.families,
    play: playMade,
    rulesChanged: () => drawSide(),
    inPlay: () => (page.current ? {family: page.current.family, puzzle: page.current.puzzle} : null),
  });
  wire();
  const query = new URLSearchParams(location.search);
  const id = query.get("id");
  const last = store.lastPlayed();
  const fallback = page.families[FIRST_FAMILY] ? FIRST_FAMILY : list[0].name;
  const family = id ? id.split(":")[0]
    : query.get("family") || (last && page.families[last.family] ? last.family : fallback);
  $("family").value = page.families[family] ? family : fallback;
  paramFields($("family").value);
  if (!store.seen("page")) { $("howto").open = true; store.markSeen("page"); }
  else $("howto").open = window.innerWidth > 900;
  drawSide();
  if (!page.families[family]) {
    say(`This link names no puzzle family the page knows ("${family}").`, "bad");
  } else if (query.get("make") || (!id && !query.get("puzzle") && store.mode() === "make")) {
    let made = null;
    if (query.get("puzzle")) {
      try { made = JSON.parse(query.get("puzzle")); } catch (err) { made = null; }
    }
    const unread = query.get("puzzle") && (made === null || typeof made !== "object");
    setMode(true, unread ? null : made);
    if (unread) page.editor.say("This link's puzzle could not be read: it is not a puzzle in JSON form.", "bad");
  } else if (id) {
    await open(family, {id}, {pack: query.get("pack")});
  } else if (query.get("puzzle")) {
    let pasted = null;
    try { pasted = JSON.parse(query.get("puzzle")); } catch (err) { pasted = null; }
    if (pasted !== null && typeof pasted === "object") {
      await open(family, {puzzle: pasted}, {origin: "pasted"});
    } else {
      say("This link's puzzle could not be read: it is not a puzzle in JSON form.", "bad");
    }
  } else if (last && last.family === family && unfinished(last)) {
    await openSaved(last);
  } else {
    await openFamily(family);
  }
  document.body.dataset.ready = "1";
}

main().catch((err) => {
  say(`The page could not start: ${err.message}`, "bad");
  document.body.dataset.ready = "1";
});
