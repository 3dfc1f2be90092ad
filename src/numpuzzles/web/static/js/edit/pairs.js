// The Number Match editor: type a digit 1 to 9 in each cell (the cursor moves on to the
// next cell, so a board is typed as text is), or "Random digits".  An empty cell is one
// already cleared.  The question for a setter is not a count but whether the board can be
// cleared, with how few additions, and which first moves keep that: the analysis says so,
// and rings the cells of the first moves that keep the board clearable.

import {el} from "../dom.js";
import {Draft, arrowTo, choicesOf, randomInt, sentence} from "./draft.js";

const OTHER_POLICY = {classic: "classic+any", easybrain: "easybrain+stuck"};
const RULE_NAMES = {classic: "classic (add when stuck)", "classic+any": "classic, add any time",
  easybrain: "easybrain (add any time)", "easybrain+stuck": "easybrain, add when stuck"};

export class PairDraft extends Draft {
  static help = "Type a digit in each cell (the cursor moves on to the next one), or take random "
    + "digits. An empty cell is one already cleared. Under the board you see at once "
    + "whether the board can be cleared and with how few additions; ringed cells start the "
    + "first moves that keep it clearable.";
  static blank(info) {
    const rules = (info.read_params.find((p) => p.name === "rules") || {}).default || "original";
    return {width: 5, height: 4, grid: Array.from({length: 4}, () => Array(5).fill(0)), rules};
  }
  sizeFields() {
    return [
      {name: "width", label: "Width", min: 2, max: 9, value: this.s.width},
      {name: "height", label: "Height", min: 1, max: 14, value: this.s.height},
    ];
  }
  resize({width, height}) {
    width = width || this.s.width;
    height = height || this.s.height;
    if (width === this.s.width && height === this.s.height) return false;
    const grid = Array.from({length: height}, (_, r) => Array.from({length: width},
      (_, c) => (r < this.s.height && c < this.s.width ? this.s.grid[r][c] : 0)));
    this.s = {...this.s, width, height, grid};
    return true;
  }
  // The presets, and those that add numbers under their other addition policy too.
  ruleField() {
    const choices = [];
    for (const preset of choicesOf(this.info, "rules")) {
      choices.push(preset);
      if (OTHER_POLICY[preset]) choices.push(OTHER_POLICY[preset]);
    }
    return {label: "Rules", choices, value: this.s.rules, names: RULE_NAMES};
  }
  setRule(value) {
    if (value === this.s.rules) return false;
    this.s.rules = value;
    return true;
  }
  actions() { return [["Random digits", () => this.randomDigits()]]; }
  randomDigits() {
    this.change(() => {
      this.s.grid = this.s.grid.map((row) => row.map(() => 1 + randomInt(9)));
      return true;
    });
  }

  rulesKey() { return this.s.rules.split("+")[0]; }

  // ---- for the server ----
  puzzle() {
    if (this.s.grid.every((row) => row.every((v) => !v))) {
      return {problem: "Type some digits: every cell is empty.", cells: []};
    }
    return {puzzle: {...this.s, grid: this.s.grid.map((row) => row.slice())}, back: (v) => v};
  }
  take(puzzle) { this.change(() => { this.s = {...this.s, grid: puzzle.grid.map((row) => row.slice())}; }); }
  view(record) {
    const d = record.details || {};
    const good = [];
    for (const [x1, y1, x2, y2] of d.good_first_moves || []) good.push([y1, x1], [y2, x2]);
    return {good, marked: []};
  }
  // In the setter's words from the facts (the summary is the command line's shorthand).
  words(record) {
    const d = record.details || {};
    if (record.status === "unknown" || d.clearable === null || d.clearable === undefined) {
      return {text: sentence(record.summary || "Not decided within the limits"), kind: ""};
    }
    if (!d.clearable) return {text: "The board cannot be cleared (proved).", kind: "bad"};
    const n = d.fewest_additions || 0;
    const adds = n ? ` with ${n} ${n === 1 ? "addition" : "additions"} at the fewest` : "";
    const good = (d.good_first_moves || []).length;
    const moves = good ? ` ${good} of the ${d.first_moves} first moves keep it so (ringed cells).` : "";
    return {text: `The board can be cleared${adds}.${moves}`, kind: "good"};
  }
  fixWords(suggestion) { return suggestion.message; }

  // ---- the view ----
  columns() { return this.s.width; }
  rows() { return this.s.height; }
  build(board) {
    const {width, height} = this.s;
    const grid = el("div", "grid edit");
    grid.style.gridTemplateColumns = `repeat(${width}, var(--cell))`;
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < width; c++) {
        const cell = el("div", "cell");
        cell.dataset.r = r; cell.dataset.c = c;
        const input = el("input");
        input.inputMode = "numeric";
        input.autocomplete = "off";
        input.maxLength = 1;
        input.setAttribute("aria-label", `row ${r + 1}, column ${c + 1}`);
        this.listen(input, "input", () => this.typed(grid, input, r, c));
        cell.appendChild(input);
        grid.appendChild(cell);
      }
    }
    board.replaceChildren(grid);
    this.built = grid;
    this.builtKey = `${width}x${height}`;
  }
  // A digit goes in and the cursor moves on; anything else is refused in one sentence.
  typed(grid, input, r, c) {
    const text = input.value.trim();
    if (text && !/^[1-9]$/.test(text)) {
      input.value = this.s.grid[r][c] ? String(this.s.grid[r][c]) : "";
      this.host.say("Only the digits 1 to 9 go in a cell (leave it empty for a cleared cell).", "bad");
      return;
    }
    this.change(() => { this.s.grid[r][c] = text ? Number(text) : 0; });
    if (!text) return;
    const i = r * this.s.width + c + 1;
    const next = grid.querySelectorAll("input")[i];
    if (next) next.focus();
  }
  draw(board, s, view) {
    if (!this.built || this.built.parentNode !== board || this.builtKey !== `${this.s.width}x${this.s.height}`) {
      this.build(board);
    }
    const good = new Set((view ? view.good : []).map(([r, c]) => `${r},${c}`));
    for (const cell of this.built.querySelectorAll(".cell")) {
      const r = Number(cell.dataset.r);
      const c = Number(cell.dataset.c);
      const v = this.s.grid[r][c];
      cell.querySelector("input").value = v ? String(v) : "";
      cell.classList.toggle("good-move", good.has(`${r},${c}`));
    }
  }
  mount(board) { this.listen(board, "keydown", (e) => arrowTo(board, e)); }
}
