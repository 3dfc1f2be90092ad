// What every editor's draft shares.  A draft is the puzzle being made, in the family's JSON
// form (``this.s``), with the board that edits it.  Like a game it owns its listeners
// (stop() drops them when the editor moves to another family or size), and its state is
// one JSON text, so the editor keeps undo and redo for every family once.
//
// The editor (the "host") gives each draft: edited(before) after every change (remember
// for undo, save, redraw, ask the server again), render() to redraw only, and
// say(text, kind) for one sentence about a refused edit.
//
// A draft answers the editor with:
// - puzzle(): {puzzle, back} ready for the server, ``back`` mapping the server's values
//   to the draft's where they differ (the path draft numbers its pairs 1..k), or
//   {problem, cells} when the draft is not a puzzle yet (a pair with one end), in words;
// - view(record, back): what to show on the board from an analysis;
// - words(record): the status sentence.

import {MIN_CELL} from "../board.js";

export class Draft {
  constructor(info, state, host) {
    this.info = info; // the family's JSON from GET /api/families
    this.s = state;
    this.host = host;
    this.listeners = new AbortController();
    this.shown = null; // the analysis' view drawn on the board, or null
  }
  listen(target, type, handler, options = {}) {
    target.addEventListener(type, handler, {...options, signal: this.listeners.signal});
  }
  stop() { this.listeners.abort(); }
  snapshot() { return JSON.stringify(this.s); }
  restore(state) { this.s = JSON.parse(state); }
  // one change: ``apply`` edits this.s and says whether anything changed
  change(apply) {
    const before = this.snapshot();
    if (apply() === false || this.snapshot() === before) { this.host.render(); return; }
    this.host.edited(before);
  }
  tools(node) { node.replaceChildren(); }
  leastCell() { return MIN_CELL; } // the board scrolls rather than shrink its cells further
  actions() { return []; } // [label, handler] buttons of the family's own (random totals)
  sizeFields() { return []; }
  resize(values) { return false; }
  ruleField() { return null; }
  setRule(value) { return false; }
}

// The rule set's choices from the family's read params (``rules``), or a generate param.
export function choicesOf(info, name, where = "read_params") {
  const param = (info[where] || []).find((p) => p.name === name);
  return param ? param.choices : [];
}

// Arrow keys move between a board's inputs, as they do on the play page.
const MOVES = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};

export function arrowTo(grid, e) {
  const step = MOVES[e.key];
  const cell = e.target.closest("[data-r]");
  if (!step || !cell) return false;
  const r = Number(cell.dataset.r) + step[0];
  const c = Number(cell.dataset.c) + step[1];
  const next = grid.querySelector(`[data-r="${r}"][data-c="${c}"] input, [data-r="${r}"][data-c="${c}"]`);
  const target = next && (next.matches("input, button") ? next : next.querySelector("input, button"));
  if (!target) return false;
  e.preventDefault();
  target.focus();
  return true;
}

// "2 solutions" / "at least 1,000 solutions", as a person reads a count.
export function solutions(record) {
  const n = record.count.toLocaleString("en");
  const noun = record.count === 1 ? "solution" : "solutions";
  return record.complete ? `${n} ${noun}` : `at least ${n} ${noun}`;
}

// A sentence from the server's words: a capital first, a full stop last.
export function sentence(text) {
  const t = String(text || "").trim();
  if (!t) return t;
  return t[0].toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? "" : ".");
}

// The status of a puzzle with several solutions, with what to do when no single change
// was found (a fix, when there is one, is its own button).
export function several(record, hint) {
  const count = solutions(record);
  const shaded = (record.details.differ || []).length;
  let text = `${count[0].toUpperCase()}${count.slice(1)}: not unique yet.`;
  if (shaded) text += ` The ${shaded} shaded cells differ between them.`;
  if (!record.suggestion && !record.details.timed_out) text += ` ${hint}`;
  return {text, kind: "bad"};
}

export const randomInt = (n) => Math.floor(Math.random() * n);

export function shuffled(items) {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
