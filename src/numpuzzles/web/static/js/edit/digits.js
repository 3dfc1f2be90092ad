// The Fubuki editor: type the totals at the ends of the rows and columns (a total left
// empty is hidden, shown as ?) and the givens in the grid.  "Random totals" takes them from
// a random filling, which is how a setter usually starts: the totals of a filling always
// have a solution, and givens are then added until it is the only one.
//
// After an analysis, the digit every solution puts in a free cell is shown there, grey,
// and the cells where solutions differ are shaded.

import {TYPED_CELL} from "../board.js";
import {el} from "../dom.js";
import {Draft, arrowTo, choicesOf, several, shuffled} from "./draft.js";

const VARIANTS = {plain: "Plain", diagonals: "Diagonal totals too", product: "Products"};

export class DigitDraft extends Draft {
  static help = "Type the totals beside the rows and below the columns (a total left empty is "
    + "hidden), or take them from a random filling. Then type givens until the puzzle has "
    + "exactly one solution. Under the board you see at once how many solutions there are: "
    + "a grey number is the one every solution puts in that cell, and shaded cells differ "
    + "between solutions.";
  // Fubuki's square of ``size`` with its kind; Survo's ``height`` × ``width`` table.
  static blank(info, n = 3, variant = "plain", shape = null) {
    if (info.name === "survo") {
      const [h, w] = shape || [3, 4];
      return {height: h, width: w, rows: Array(h).fill(null), cols: Array(w).fill(null),
        givens: Array.from({length: h}, () => Array(w).fill(0))};
    }
    return {size: n, rows: Array(n).fill(null), cols: Array(n).fill(null),
      givens: Array.from({length: n}, () => Array(n).fill(0)),
      diagonals: variant === "diagonals" ? [null, null] : null, product: variant === "product"};
  }
  get h() { return this.s.height || this.s.size; }
  get w() { return this.s.width || this.s.size; }
  shapeKey() { return `${this.h}x${this.w}:${this.variant()}`; }
  variant() {
    if (this.s.product) return "product";
    return this.s.diagonals ? "diagonals" : "plain";
  }
  sizeFields() {
    if (this.s.size === undefined) { // Survo: any m×n with m·n at most 36
      return [
        {name: "height", label: "Rows", min: 2, max: 18, value: this.s.height},
        {name: "width", label: "Columns", min: 2, max: 18, value: this.s.width},
      ];
    }
    const param = (this.info.generate_params || []).find((p) => p.name === "size") || {};
    return [{name: "size", label: "Size", min: param.low || 3, max: param.high || 5, value: this.s.size}];
  }
  // A new size is a new empty grid: totals and givens of another size mean nothing.
  resize({size, height, width}) {
    if (this.s.size === undefined) {
      const h = height || this.s.height;
      const w = width || this.s.width;
      if (h === this.s.height && w === this.s.width) return false;
      if (h * w > 36) { this.host.say("A Survo table holds at most 36 cells.", "bad"); return false; }
      this.s = DigitDraft.blank(this.info, 0, "plain", [h, w]);
      return true;
    }
    if (!size || size === this.s.size) return false;
    this.s = DigitDraft.blank(this.info, size, this.variant());
    return true;
  }
  ruleField() {
    if (this.s.size === undefined) return null; // Survo has one kind
    const choices = choicesOf(this.info, "variant", "generate_params");
    return {label: "Kind", choices, value: this.variant(), names: VARIANTS};
  }
  setRule(value) {
    if (value === this.variant()) return false;
    this.s.product = value === "product";
    this.s.diagonals = value === "diagonals" ? [null, null] : null;
    if (this.s.product || value === "plain") { // sums and products do not mix
      this.s.rows = this.s.rows.map(() => null);
      this.s.cols = this.s.cols.map(() => null);
    }
    return true;
  }
  actions() { return [["Random totals", () => this.randomTotals()]]; }
  // Totals (and diagonals) of a random filling; the givens go, as they were for other totals.
  randomTotals() {
    this.change(() => {
      const [h, w, n] = [this.h, this.w, this.s.size];
      const cells = shuffled(Array.from({length: h * w}, (_, i) => i + 1));
      const at = (r, c) => cells[r * w + c];
      const fold = (values) => values.reduce((a, b) => (this.s.product ? a * b : a + b),
        this.s.product ? 1 : 0);
      const line = (length, f) => Array.from({length}, (_, i) => f(i));
      this.s.rows = line(h, (r) => fold(line(w, (c) => at(r, c))));
      this.s.cols = line(w, (c) => fold(line(h, (r) => at(r, c))));
      if (this.s.diagonals) {
        this.s.diagonals = [fold(line(n, (i) => at(i, i))), fold(line(n, (i) => at(i, n - 1 - i)))];
      }
      this.s.givens = line(h, () => Array(w).fill(0));
      return true;
    });
  }

  rulesKey() { return this.variant(); }

  // ---- for the server ----
  puzzle() {
    const seen = new Map();
    this.s.givens.forEach((row, r) => row.forEach((v, c) => {
      if (v) { if (!seen.has(v)) seen.set(v, []); seen.get(v).push([r, c]); }
    }));
    const twice = [...seen.entries()].find(([, cells]) => cells.length > 1);
    if (twice) return {problem: `${twice[0]} is given twice: each number goes in once.`, cells: twice[1]};
    return {puzzle: {...this.s, givens: this.s.givens.map((row) => row.slice())}, back: (v) => v};
  }
  take(puzzle) {
    this.change(() => { this.s = {...this.s, givens: puzzle.givens.map((row) => row.slice())}; });
  }
  view(record) {
    const d = record.details || {};
    return {common: d.common || null, differ: d.differ || [],
      marked: record.suggestion ? record.suggestion.cells : []};
  }
  words(record) {
    if (record.status === "unsolvable") {
      return {text: "No solution: no filling gives these totals and givens.", kind: "bad"};
    }
    if (record.status === "unknown") return {text: "Not decided within the time limit.", kind: ""};
    if (record.unique) {
      const grade = record.difficulty ? ` Grade: ${record.difficulty}.` : "";
      return {text: `Unique: exactly one solution.${grade}`, kind: "good"};
    }
    return several(record, "No single given makes it unique: give a number in a shaded cell.");
  }
  fixWords(suggestion) {
    const [cell] = suggestion.cells;
    const digit = cell ? suggestion.puzzle.givens[cell[0]][cell[1]] : "";
    return `Give ${digit} in the marked cell`;
  }

  // ---- the view ----
  // The inputs are made once for a size and kind, then only updated, so that focus and a
  // Tab from one cell to the next survive the redraw after every edit.
  columns() { return this.w + 1; }
  leastCell() { return TYPED_CELL; }
  rows() { return this.h + 1 + (this.s.diagonals ? 1 : 0); }
  input(words, get, set, place) {
    const input = el("input");
    input.inputMode = "numeric";
    input.autocomplete = "off";
    input.setAttribute("aria-label", words);
    input.dataset.place = place;
    this.listen(input, "change", () => {
      const text = input.value.trim();
      if (text && !/^\d+$/.test(text)) {
        input.value = get() ? String(get()) : "";
        this.host.say("Only whole numbers go here.", "bad");
        return;
      }
      set(text ? parseInt(text, 10) : null, input);
    });
    return input;
  }
  given(r, c) {
    const top = this.h * this.w;
    const cell = el("div", "cell");
    cell.dataset.r = r; cell.dataset.c = c;
    const get = () => this.s.givens[r][c];
    cell.appendChild(this.input(`row ${r + 1}, column ${c + 1}`, get, (x, input) => {
      if (x !== null && !(x >= 1 && x <= top)) {
        input.value = get() ? String(get()) : "";
        this.host.say(`Only the numbers 1 to ${top} go in a cell.`, "bad");
        return;
      }
      this.change(() => { this.s.givens[r][c] = x || 0; });
    }, `g${r},${c}`));
    return cell;
  }
  total(key, i, words, arrow = "") {
    const cell = el("div", "cell total edit-total");
    const get = () => this.s[key][i];
    cell.appendChild(this.input(words, get, (x) => {
      this.change(() => { this.s[key][i] = x === null || x === 0 ? null : x; });
    }, `${key}${i}`));
    if (arrow) cell.dataset.arrow = arrow;
    return cell;
  }
  build(board) {
    const [h, w] = [this.h, this.w];
    const grid = el("div", "grid digits edit");
    grid.style.gridTemplateColumns = `repeat(${w + 1}, var(--cell))`;
    if (this.s.diagonals) {
      for (let c = 0; c < w; c++) grid.appendChild(el("div", "cell spacer"));
      grid.appendChild(this.total("diagonals", 1, "total of the diagonal from top right to bottom left", "↙"));
    }
    for (let r = 0; r <= h; r++) {
      for (let c = 0; c <= w; c++) {
        let cell;
        if (r < h && c < w) cell = this.given(r, c);
        else if (r < h) cell = this.total("rows", r, `total of row ${r + 1}`);
        else if (c < w) cell = this.total("cols", c, `total of column ${c + 1}`);
        else if (this.s.diagonals) {
          cell = this.total("diagonals", 0, "total of the diagonal from top left to bottom right", "↘");
        } else cell = el("div", "cell spacer");
        if (c === w) cell.classList.add("side"); // the row sums stay in view (style.css)
        grid.appendChild(cell);
      }
    }
    board.replaceChildren(grid);
    this.built = grid;
    this.builtKey = this.shapeKey();
  }
  draw(board, s, view) {
    if (!this.built || this.built.parentNode !== board || this.builtKey !== this.shapeKey()) {
      this.build(board);
    }
    const differ = new Set((view ? view.differ : []).map(([r, c]) => `${r},${c}`));
    const marked = new Set((view ? view.marked : []).map(([r, c]) => `${r},${c}`));
    for (const input of this.built.querySelectorAll("input")) {
      const place = input.dataset.place;
      const cell = input.parentNode;
      if (place[0] === "g") {
        const [r, c] = place.slice(1).split(",").map(Number);
        const v = this.s.givens[r][c];
        const shared = view && view.common && !v ? view.common[r][c] : null;
        input.value = v ? String(v) : "";
        input.placeholder = shared ? String(shared) : "";
        cell.classList.toggle("given", Boolean(v));
        cell.classList.toggle("common", Boolean(shared));
        cell.classList.toggle("differ", differ.has(`${r},${c}`));
        cell.classList.toggle("suggested", marked.has(`${r},${c}`));
      } else {
        const key = place.replace(/\d+$/, "");
        const v = this.s[key][Number(place.slice(key.length))];
        input.value = v === null || v === undefined ? "" : String(v);
        input.placeholder = "?";
      }
    }
  }
  mount(board) {
    this.listen(board, "keydown", (e) => {
      if (e.key === "Enter" && e.target.matches("input")) e.target.dispatchEvent(new Event("change"));
      else arrowTo(board, e);
    });
  }
}
