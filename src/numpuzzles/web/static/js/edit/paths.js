// The Numberlink and Arukone editor: tap a cell to place a number, tap it again to take it
// away.  Numbers come in pairs and the next one is chosen for the setter: the other end of
// a pair with one end, else the smallest number not on the board, so two taps make a pair
// and moving an end is a tap on it and a tap where it goes.  A second tool puts blocked
// cells (walls).  The cells are buttons, so a keyboard (arrows, Enter) edits as a pointer.
//
// After an analysis the board shows what every solution shares (the cells tinted in their
// pair's colour and the joins drawn thin) and shades the cells where solutions differ.

import {paint} from "../api.js";
import {el} from "../dom.js";
import {Draft, arrowTo, choicesOf, several} from "./draft.js";

const SVG = "http://www.w3.org/2000/svg";
const BLOCKED = -1;
const DEFAULT_RULES = {numberlink: "fill", arukone: "blank"};
export const MAX_SIDE = 30;

export class PathDraft extends Draft {
  static help = "Tap a cell to place a number. Numbers come in pairs and the next one is chosen for "
    + "you, so two taps make a pair. Tap a number to take it away; the next tap puts it "
    + "back, so that is how an end moves. With Blocked cells, a tap blocks a cell or frees "
    + "it. Under the board you see at once whether the puzzle has no solution, one or "
    + "several: shaded cells differ between solutions, and the coloured cells and drawn "
    + "joins are the same in all of them.";
  static blank(info) {
    const rules = DEFAULT_RULES[info.name] || choicesOf(info, "rules")[0];
    return {width: 7, height: 7, grid: emptyGrid(7, 7), rules};
  }
  constructor(info, state, host) {
    super(info, state, host);
    this.tool = "number";
    this.prefer = null; // the number the setter just took away: the next tap puts it back
  }
  restore(state) { super.restore(state); this.prefer = null; }

  // ---- what the board holds ----
  ends() {
    const out = new Map();
    this.s.grid.forEach((row, r) => row.forEach((v, c) => {
      if (v > 0) { if (!out.has(v)) out.set(v, []); out.get(v).push([r, c]); }
    }));
    return out;
  }
  labels() { return [...this.ends().keys()].sort((a, b) => a - b); }
  // The number the next tap places: the other end of a pair with one end (the one just
  // taken away first), else the smallest number the board does not hold.
  next() {
    const ends = this.ends();
    if (this.prefer !== null && (ends.get(this.prefer) || []).length < 2) return this.prefer;
    const open = [...ends.keys()].filter((v) => ends.get(v).length === 1).sort((a, b) => a - b);
    if (open.length) return open[0];
    let v = 1;
    while (ends.has(v)) v++;
    return v;
  }
  // A pair's colour: the drawings' palette in the order of the numbers on the board.
  colour(label) {
    const order = this.labels();
    const i = order.indexOf(label);
    return paint(i < 0 ? order.length : i);
  }

  // ---- editing ----
  tap(r, c) {
    this.change(() => {
      const v = this.s.grid[r][c];
      if (this.tool === "wall") {
        this.s.grid[r][c] = v === BLOCKED ? 0 : BLOCKED;
        return true;
      }
      if (v > 0) { this.s.grid[r][c] = 0; this.prefer = v; return true; }
      this.s.grid[r][c] = this.next();
      return true;
    });
  }
  sizeFields() {
    return [
      {name: "width", label: "Width", min: 2, max: MAX_SIDE, value: this.s.width},
      {name: "height", label: "Height", min: 2, max: MAX_SIDE, value: this.s.height},
    ];
  }
  // A new size keeps the clues that still fit.
  resize({width, height}) {
    width = width || this.s.width;
    height = height || this.s.height;
    if (width === this.s.width && height === this.s.height) return false;
    const grid = emptyGrid(width, height);
    for (let r = 0; r < Math.min(height, this.s.height); r++) {
      for (let c = 0; c < Math.min(width, this.s.width); c++) grid[r][c] = this.s.grid[r][c];
    }
    this.s = {...this.s, width, height, grid};
    return true;
  }
  ruleField() {
    return {label: "Rules", choices: choicesOf(this.info, "rules"), value: this.s.rules};
  }
  setRule(value) {
    if (value === this.s.rules) return false;
    this.s.rules = value;
    return true;
  }
  tools(node) {
    node.replaceChildren();
    for (const [tool, words] of [["number", "Numbers"], ["wall", "Blocked cells"]]) {
      const button = el("button", "tab", words);
      button.type = "button";
      button.dataset.tool = tool;
      button.setAttribute("aria-pressed", String(this.tool === tool));
      this.listen(button, "click", () => { this.tool = tool; this.host.render(); });
      node.appendChild(button);
    }
    const next = this.next();
    const chip = el("span", "next-label");
    const dot = el("span", "dot", next);
    const {fill, ink} = this.colour(next);
    dot.style.background = fill;
    dot.style.color = ink;
    const half = (this.ends().get(next) || []).length === 1;
    chip.append(this.tool === "wall" ? "Tap a cell to block it or free it"
      : `Next tap places ${half ? "the other end of" : "a new pair"} `, this.tool === "wall" ? "" : dot);
    chip.id = "next-label";
    node.appendChild(chip);
  }

  rulesKey() { return this.s.rules; }

  // ---- for the server ----
  // The pairs renumbered 1..k in order (the server reads labels so); ``back`` maps them
  // back to the setter's numbers.
  puzzle() {
    const ends = this.ends();
    const single = [...ends.entries()].filter(([, cells]) => cells.length === 1);
    if (!ends.size) {
      return {problem: "Tap two cells to place the first pair.", cells: []};
    }
    if (single.length) {
      const [label, cells] = single[0];
      const more = single.length > 1 ? ` (and ${single.length - 1} more)` : "";
      return {problem: `${label} has one end: place its other end${more}.`, cells};
    }
    const order = this.labels();
    const to = new Map(order.map((v, i) => [v, i + 1]));
    const grid = this.s.grid.map((row) => row.map((v) => (v > 0 ? to.get(v) : v)));
    const puzzle = {width: this.s.width, height: this.s.height, grid, rules: this.s.rules};
    return {puzzle, back: (v) => (v > 0 ? order[v - 1] : v)};
  }
  // A suggestion's puzzle is in the server's numbering: it becomes the draft as it is.
  take(puzzle) {
    this.change(() => {
      this.s = {...this.s, grid: puzzle.grid.map((row) => row.slice()), rules: puzzle.rules || this.s.rules};
      this.prefer = null;
    });
  }
  view(record, back) {
    const d = record.details || {};
    return {
      common: d.common ? d.common.map((row) => row.map((v) => (v === null ? null : back(v)))) : null,
      edges: d.common_edges || [],
      differ: d.differ || [],
      marked: record.suggestion ? record.suggestion.cells : [],
    };
  }
  words(record) {
    if (record.status === "unsolvable") {
      return {text: "No solution: these pairs cannot all be joined under these rules.", kind: "bad"};
    }
    if (record.status === "unknown") {
      return {text: "Not decided within the time limit: try a smaller board.", kind: ""};
    }
    if (record.unique) {
      const grade = record.difficulty ? ` Grade: ${record.difficulty}.` : "";
      return {text: `Unique: exactly one solution.${grade}`, kind: "good"};
    }
    return several(record, "No single change makes it unique: add a pair across the shaded cells.");
  }
  // The suggestion in the setter's terms: its cells are marked on the board.
  fixWords(suggestion) {
    const [a] = suggestion.cells;
    const label = a ? this.s.grid[a[0]][a[1]] : null;
    if (suggestion.kind === "move-end") return `Move the marked end of ${label} to the other marked cell`;
    if (suggestion.kind === "add-pair") return "Add a pair on the two marked cells";
    if (suggestion.kind === "remove-pair") return `Take away the pair ${label} (marked)`;
    return suggestion.message;
  }

  // ---- the view ----
  columns() { return this.s.width; }
  rows() { return this.s.height; }
  name(r, c) {
    const v = this.s.grid[r][c];
    const what = v > 0 ? `number ${v}` : v === BLOCKED ? "blocked" : "empty";
    return `row ${r + 1}, column ${c + 1}: ${what}`;
  }
  // The buttons are made once per board size and changed in place after that: an answer
  // that arrives between a press and its release must not swap the button under the
  // pointer, or the browser sends the click to the board and the tap is lost.
  build(board) {
    const {width, height} = this.s;
    const box = el("div", "grid edit");
    box.style.gridTemplateColumns = `repeat(${width}, var(--cell))`;
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < width; c++) {
        const cell = el("button", "cell");
        cell.type = "button";
        cell.dataset.r = r; cell.dataset.c = c;
        box.appendChild(cell);
      }
    }
    board.replaceChildren(box);
    this.built = box;
    this.builtKey = `${width}x${height}`;
  }
  draw(board, s, view) {
    const {width, height, grid} = this.s;
    if (!this.built || this.built.parentNode !== board || this.builtKey !== `${width}x${height}`) {
      this.build(board);
    }
    const marked = new Set((view ? view.marked : []).map(([r, c]) => `${r},${c}`));
    const differ = new Set((view ? view.differ : []).map(([r, c]) => `${r},${c}`));
    for (const cell of this.built.children) {
      const r = Number(cell.dataset.r);
      const c = Number(cell.dataset.c);
      const v = grid[r][c];
      cell.setAttribute("aria-label", this.name(r, c));
      cell.style.background = "";
      const shared = v === 0 && view && view.common ? view.common[r][c] : null;
      let dot = cell.firstElementChild; // a number's dot, kept while the cell holds one
      if (v > 0) {
        if (!dot) dot = cell.appendChild(el("span"));
        const {fill, ink} = this.colour(v);
        dot.textContent = v;
        dot.style.background = fill;
        dot.style.color = ink;
      } else {
        if (dot) dot.remove();
        if (shared > 0) cell.style.background = this.colour(shared).fill + "40";
      }
      cell.classList.toggle("end", v > 0);
      cell.classList.toggle("wall", v === BLOCKED);
      cell.classList.toggle("common-empty", shared === 0);
      cell.classList.toggle("differ", differ.has(`${r},${c}`));
      cell.classList.toggle("suggested", marked.has(`${r},${c}`));
    }
    for (const old of board.querySelectorAll("svg.paths")) old.remove();
    if (view && view.common) board.appendChild(this.joins(view, s));
  }
  // The joins every solution uses, thin, in the colour of the pair they belong to.
  joins(view, s) {
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", "paths");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("width", this.s.width * s);
    svg.setAttribute("height", this.s.height * s);
    for (const [[r0, c0], [r1, c1]] of view.edges) {
      const label = view.common[r0][c0] > 0 ? view.common[r0][c0] : view.common[r1][c1];
      const line = document.createElementNS(SVG, "line");
      line.setAttribute("x1", (c0 + 0.5) * s); line.setAttribute("y1", (r0 + 0.5) * s);
      line.setAttribute("x2", (c1 + 0.5) * s); line.setAttribute("y2", (r1 + 0.5) * s);
      line.setAttribute("stroke", label > 0 ? this.colour(label).fill : "#888");
      line.setAttribute("stroke-width", String(Math.max(3, Math.round(s * 0.18))));
      line.setAttribute("stroke-linecap", "round");
      svg.appendChild(line);
    }
    return svg;
  }
  mount(board) {
    this.listen(board, "click", (e) => {
      const cell = e.target.closest("button.cell");
      if (cell) this.tap(Number(cell.dataset.r), Number(cell.dataset.c));
    });
    this.listen(board, "keydown", (e) => arrowTo(board, e));
  }
}

export function emptyGrid(width, height) {
  return Array.from({length: height}, () => Array(width).fill(0));
}
