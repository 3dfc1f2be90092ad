// The setter's workbench: make a puzzle by hand and see at once whether it is unique.
//
// The editor holds one draft (edit/: one kind per family, as games/ has for play), keeps
// its undo and redo, and keeps it in the browser per family so that a reload goes on with
// it.  After every edit it asks the server to analyse the draft (POST /api/{family}/analyse)
// and shows the answer on the board: none, unique (with the grade) or how many solutions,
// the cells where they differ shaded and the shared ones marked, and the server's
// suggestion as one button.  An edit cancels the request still pending (an AbortController),
// and an answer that arrives after a later edit is dropped.  The first request gets a short
// time limit, so a status shows within half a second even on a 15x15; when that limit cut
// something short (the count, the shared cells, the search for a fix) a second, longer one
// follows unless the setter edits first.
//
// The made puzzle can be played at once, shared by a link, and exported to every format
// the family writes, drawings included (POST /api/{family}/export).

import * as server from "./api.js";
import {$, el} from "./dom.js";
import {fitCells} from "./board.js";
import * as store from "./storage.js";
import {PathDraft} from "./edit/paths.js";
import {DigitDraft} from "./edit/digits.js";
import {PairDraft} from "./edit/pairs.js";

const DRAFTS = {numberlink: PathDraft, arukone: PathDraft, fubuki: DigitDraft, survo: DigitDraft,
  nummatch: PairDraft};
const WAIT_MS = 80; // edits closer than this are analysed once, after the last
const QUICK_S = 0.3; // the first answer's time limit on the server
const FULL_S = 3; // the second's, when the first was cut short
const BELOW = 200; // what should stay in view under the board: status, fix, buttons
const NARROW = 600; // a phone: the width alone decides the cells
const DRAWINGS = ["svg", "png", "pdf"];
const FORMAT_NAMES = {puzzlink: "puzz.link URL", json: "JSON", svg: "SVG drawing",
  png: "PNG picture", pdf: "PDF", bwinf: "BwInf", ahle: "ahle (Janko)", adc: "ADC contest",
  table: "table", letters: "letters", numeric: "numeric", text: "text"};

export class Editor {
  // ``page``: {families, play(family, puzzle), inPlay() -> {family, puzzle} or null}
  constructor(page) {
    this.page = page;
    this.family = null;
    this.draft = null;
    this.past = [];
    this.future = [];
    this.view = null; // what the last analysis shows on the board
    this.record = null;
    this.ticket = 0; // the newest analysis asked for
    this.pending = null; // its AbortController
    this.wait = null;
    this.wire();
  }

  // ---- opening ----
  // The family's draft: ``puzzle`` (JSON form) when given, else the one kept in the
  // browser, else an empty board.
  open(family, puzzle = null) {
    const Kind = DRAFTS[family];
    if (!Kind) { this.say(`${family} puzzles cannot be made in the page yet.`, "bad"); return; }
    const info = this.page.families[family];
    const kept = store.draft(family);
    const state = puzzle || (kept && kept.state) || Kind.blank(info);
    this.start(family, Kind, info, state);
  }
  start(family, Kind, info, state) {
    if (this.draft) this.draft.stop();
    this.family = family;
    this.draft = new Kind(info, JSON.parse(JSON.stringify(state)), this.host());
    this.past = [];
    this.future = [];
    this.draft.mount($("make-board"));
    this.fields();
    this.edited(null);
  }
  // Back to play: the draft stays in the browser, its board and listeners go.
  close() {
    clearTimeout(this.wait);
    if (this.pending) { this.pending.abort(); this.pending = null; }
    this.ticket++;
    if (this.draft) this.draft.stop();
    this.draft = null;
    $("make-board").replaceChildren();
    document.body.dataset.analysing = "0";
  }
  // A new empty board, or the puzzle in play, replaces the draft as one edit: Undo brings
  // the draft back.
  replace(state) {
    this.draft.change(() => { this.draft.s = JSON.parse(JSON.stringify(state)); });
    this.fields();
  }
  empty() { this.replace(DRAFTS[this.family].blank(this.page.families[this.family])); }
  // The puzzle in play (a pack level, the daily one) becomes the draft, to change it.
  copyPlayed() {
    const played = this.page.inPlay();
    if (!played || played.family !== this.family) {
      this.say("No puzzle of this family is in play: open one under Play first.", "bad");
      return;
    }
    this.replace(played.puzzle);
  }
  rulesKey() { return this.draft ? this.draft.rulesKey() : null; }
  help() { return this.draft ? this.draft.constructor.help : ""; }
  host() {
    return {
      edited: (before) => { this.remember(before); this.edited(before); },
      render: () => this.render(),
      say: (text, kind) => this.say(text, kind),
    };
  }

  // ---- history ----
  remember(before = this.draft && this.draft.snapshot()) {
    if (before === null || before === undefined) return;
    this.past.push(before);
    this.future = [];
  }
  undo(redo = false) {
    const from = redo ? this.future : this.past;
    const to = redo ? this.past : this.future;
    if (!from.length) return false;
    to.push(this.draft.snapshot());
    this.draft.restore(from.pop());
    this.fields();
    this.edited(null);
    return true;
  }

  // After every change: the stale answer goes, the draft is kept, and a new one is asked.
  edited() {
    this.view = null;
    this.record = null;
    store.saveDraft(this.family, {state: this.draft.s});
    this.render();
    this.schedule();
    const link = this.links();
    if (link) history.replaceState(null, "", link.edit);
  }
  schedule() {
    clearTimeout(this.wait);
    if (this.pending) { this.pending.abort(); this.pending = null; }
    const ticket = ++this.ticket;
    const made = this.draft.puzzle();
    if (made.problem) {
      this.view = {marked: made.cells, differ: [], common: null, edges: [], good: []};
      this.render();
      this.say(made.problem, "");
      this.settled();
      return;
    }
    document.body.dataset.analysing = "1";
    this.say("Checking…", "pending");
    this.wait = setTimeout(() => this.analyse(ticket, made), WAIT_MS);
  }
  async analyse(ticket, made) {
    for (const timeout of [QUICK_S, FULL_S]) {
      const pending = new AbortController();
      this.pending = pending;
      let record;
      try {
        record = await server.analyse(this.family, made.puzzle, timeout, pending.signal);
      } catch (err) {
        if (ticket !== this.ticket || err.name === "AbortError") return;
        this.say(err.message, "bad");
        this.settled();
        return;
      }
      if (ticket !== this.ticket) return;
      this.record = record;
      this.view = this.draft.view(record, made.back);
      this.render();
      this.show(record);
      if (!(record.details && record.details.timed_out)) break;
    }
    if (ticket === this.ticket) this.settled();
  }
  settled() {
    this.pending = null;
    document.body.dataset.analysing = "0";
    document.body.dataset.analysed = String(Number(document.body.dataset.analysed || 0) + 1);
  }
  show(record) {
    const {text, kind} = this.draft.words(record);
    const open = record.details && record.details.timed_out && record.complete === false;
    this.say(open && kind !== "good" ? `${text} (Still working…)` : text, kind);
    const fix = $("make-fix");
    const suggestion = record.suggestion;
    fix.hidden = !suggestion;
    if (suggestion) fix.textContent = `Fix: ${this.draft.fixWords(suggestion)}`;
  }
  fix() {
    const suggestion = this.record && this.record.suggestion;
    if (suggestion) this.draft.take(suggestion.puzzle);
  }

  // ---- the view ----
  say(text, kind) {
    const status = $("make-status");
    status.textContent = text;
    status.className = kind || "";
  }
  render() {
    if (!this.draft) return;
    const board = $("make-board");
    const below = window.innerWidth <= NARROW ? -1e4 : BELOW;
    const s = fitCells(board, this.draft.columns(), this.draft.rows(), $("make-wrap"), below,
      this.draft.leastCell());
    this.draft.draw(board, s, this.view);
    this.draft.tools($("make-tools"));
    $("make-undo").disabled = !this.past.length;
    $("make-redo").disabled = !this.future.length;
    if (!this.record) $("make-fix").hidden = true;
    const link = this.links();
    $("make-share").href = link ? link.play : "#";
    $("make-share").setAttribute("aria-disabled", String(!link));
    $("make-play").disabled = !link;
    $("make-export").disabled = !link;
    const played = this.page.inPlay();
    $("make-copy").disabled = !played || played.family !== this.family;
  }
  // The size, rules and the family's own buttons, made again for each draft.
  fields() {
    const box = $("make-size");
    box.replaceChildren();
    for (const field of this.draft.sizeFields()) {
      const label = el("label", "field", `${field.label} `);
      const input = el("input");
      input.type = "number";
      input.min = field.min; input.max = field.max; input.value = field.value;
      input.name = field.name;
      label.appendChild(input);
      this.draftListen(input, "change", () => this.resize(input, field));
      box.appendChild(label);
    }
    const rule = this.draft.ruleField();
    if (rule && rule.choices.length) {
      const label = el("label", "field", `${rule.label} `);
      const select = el("select");
      select.id = "make-rules";
      for (const choice of rule.choices) {
        select.appendChild(new Option((rule.names && rule.names[choice]) || choice, choice));
      }
      select.value = rule.value;
      this.draftListen(select, "change", () => {
        this.draft.change(() => this.draft.setRule(select.value));
        this.fields();
        if (this.page.rulesChanged) this.page.rulesChanged();
      });
      label.appendChild(select);
      box.appendChild(label);
    }
    const own = $("make-own");
    own.replaceChildren();
    for (const [words, handler] of this.draft.actions()) {
      const button = el("button", "", words);
      button.type = "button";
      this.draftListen(button, "click", handler);
      own.appendChild(button);
    }
    const formats = $("make-format");
    const info = this.page.families[this.family];
    const all = [...info.formats, ...(info.verbs.includes("draw") ? DRAWINGS : [])];
    if (formats.dataset.family !== this.family) {
      formats.replaceChildren(...all.map((f) => new Option(FORMAT_NAMES[f] || f, f)));
      formats.dataset.family = this.family;
    }
  }
  draftListen(node, type, handler) { this.draft.listen(node, type, handler); }
  resize(input, field) {
    const value = parseInt(input.value, 10);
    if (!(value >= field.min && value <= field.max)) {
      input.value = field.value;
      this.say(`${field.label} goes from ${field.min} to ${field.max}.`, "bad");
      return;
    }
    this.draft.change(() => this.draft.resize({[field.name]: value}));
    this.fields();
  }

  // ---- what the made puzzle is for ----
  links() {
    if (!this.draft) return null;
    const made = this.draft.puzzle();
    if (made.problem) return null;
    const base = `${location.origin}${location.pathname}`;
    const text = encodeURIComponent(JSON.stringify(made.puzzle));
    return {play: `${base}?family=${this.family}&puzzle=${text}`,
      edit: `${base}?family=${this.family}&make=1&puzzle=${text}`, puzzle: made.puzzle};
  }
  play() {
    const link = this.links();
    if (link) this.page.play(this.family, link.puzzle);
  }
  async exportAs() {
    const link = this.links();
    if (!link) return;
    const to = $("make-format").value;
    const text = $("make-text");
    try {
      const {blob, name} = await server.exportFile(this.family, link.puzzle, to);
      if (!DRAWINGS.includes(to)) {
        text.value = await blob.text();
        text.hidden = false;
      } else {
        text.hidden = true;
      }
      const a = $("make-download");
      if (a.href.startsWith("blob:")) URL.revokeObjectURL(a.href);
      a.href = URL.createObjectURL(blob);
      a.download = name;
      a.textContent = `Save ${name}`;
      a.hidden = false;
      a.click();
      this.say(`Exported as ${FORMAT_NAMES[to] || to}.`, "good");
    } catch (err) {
      this.say(err.message, "bad");
    }
  }
  wire() {
    $("make-undo").onclick = () => this.undo(false);
    $("make-redo").onclick = () => this.undo(true);
    $("make-empty").onclick = () => this.empty();
    $("make-copy").onclick = () => this.copyPlayed();
    $("make-fix").onclick = () => this.fix();
    $("make-play").onclick = () => this.play();
    $("make-export").onclick = () => this.exportAs();
    $("make-share").addEventListener("click", (e) => { if (!this.links()) e.preventDefault(); });
    window.addEventListener("resize", () => { if (!$("make").hidden) this.render(); });
  }
}
