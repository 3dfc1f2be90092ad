// Fubuki and Survo: put the numbers 1..m·n in the empty cells of an m×n table (Fubuki's
// is square, ``size``; Survo's ``height`` × ``width``), by keyboard (type, then Tab or Enter;
// arrow keys move between cells) or by the on-screen keypad (tap a cell, tap a number).
// The board's inputs are made once per puzzle and then only updated, so that focus and
// the typed text survive a redraw.

import {TYPED_CELL} from "../board.js";
import {$, el, say} from "../dom.js";
import {Game, disagreeing} from "./game.js";

const MOVES = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};

export class DigitGame extends Game {
  constructor(puzzle, solution, host) {
    super(puzzle, solution, host);
    this.h = puzzle.height || puzzle.size;
    this.w = puzzle.width || puzzle.size;
    this.top = this.h * this.w; // the numbers go from 1 to this
    this.values = puzzle.givens.map((row) => row.slice());
    this.selected = this.free().next().value || null;
    this.hinted = null;
    this.built = null; // the grid element drawn, reused while the cell size stays
  }
  *free() {
    for (let r = 0; r < this.h; r++) {
      for (let c = 0; c < this.w; c++) if (!this.p.givens[r][c]) yield [r, c];
    }
  }
  snapshot() { return JSON.stringify(this.values); }
  restore(state) { this.values = JSON.parse(state); this.hinted = null; }
  set(r, c, v) {
    this.hinted = null;
    if (this.values[r][c] === v) return false;
    this.remember();
    this.values[r][c] = v;
    return true;
  }
  enter(r, c, v) {
    if (this.locked || this.p.givens[r][c]) return;
    if (this.set(r, c, v)) this.host.changed(); else this.host.render();
  }
  solutionJson() { return this.values; }
  ready() { return this.values.every((row) => row.every((v) => v)); }
  // Check asks the server only about a full grid: an empty cell is not a broken rule.
  unfinished() {
    const empty = this.values.flat().filter((v) => !v).length;
    if (!empty) return null;
    return `Not solved yet: ${empty === 1 ? "1 cell is" : `${empty} cells are`} empty.`;
  }
  judged(record) {
    if (record.valid) return;
    const first = record.violations[0];
    this.host.say(`Every cell is filled, but not solved yet: ${first ? first.message : "a rule is broken"}.`, "bad");
  }
  problem() { return disagreeing(this.wrongCells().length); }
  wrongCells() {
    if (!this.answer) return [];
    const out = [];
    this.values.forEach((row, r) => row.forEach((v, c) => {
      if (v && v !== this.answer[r][c]) out.push([r, c]);
    }));
    return out;
  }
  reveal(solution) {
    this.remember();
    this.values = solution.map((row) => row.slice());
  }
  rulesKey() {
    if (this.p.product) return "product";
    return this.p.diagonals ? "diagonals" : "plain";
  }
  // A hint for the board as it stands: the digits typed so far become givens.
  hintPuzzle() { return {...this.p, givens: this.values}; }
  applyHint(record) {
    const h = record.hint || {};
    if (!h.row || !h.col || !h.value) return false;
    this.set(h.row - 1, h.col - 1, h.value);
    this.hinted = [h.row - 1, h.col - 1];
    this.selected = this.hinted;
    // in the player's terms: the cell is highlighted on the board, never numbered (a
    // reason speaks of its cell as "it" or "there")
    const reason = String(h.reason || "");
    h.message = `the highlighted cell is ${h.value}` + (reason ? `: ${reason}` : "");
    return true;
  }
  // The server reads the typed digits as fixed: no solution through them means one is wrong.
  hintWords(record) {
    if (record.status !== "unsolvable") return null;
    return "no solution goes through the digits typed so far: one of them is wrong (Undo).";
  }

  // ---- the view ----
  columns() { return this.w + 1; }
  // cells that take typed numbers of up to two digits: large enough to tap and read
  leastCell() { return TYPED_CELL; }
  total(text, what, arrow = "") {
    const cell = el("div", "cell total", text === null ? "?" : arrow + text);
    cell.title = text === null ? `${what}: hidden` : what;
    cell.setAttribute("aria-label", text === null ? `${what}: hidden` : `${what}: ${text}`);
    if (String(cell.textContent).length > 3) cell.classList.add("long");
    return cell;
  }
  input(r, c) {
    const top = this.top;
    const input = el("input");
    input.inputMode = "none"; // the keypad below the board, not the phone's keyboard
    input.maxLength = String(top).length;
    input.setAttribute("aria-label", `row ${r + 1}, column ${c + 1}`);
    input.autocomplete = "off";
    const commit = () => {
      const text = input.value.trim();
      const v = /^\d+$/.test(text) ? parseInt(text, 10) : 0;
      if (text && !(v >= 1 && v <= top)) {
        input.value = this.values[r][c] || "";
        say(`Only the numbers 1 to ${top} go in a cell.`, "bad");
        return;
      }
      this.enter(r, c, v);
    };
    this.listen(input, "change", commit);
    this.listen(input, "focus", () => { this.selected = [r, c]; this.mark(); });
    this.listen(input, "keydown", (e) => {
      const step = MOVES[e.key];
      if (!step) return;
      e.preventDefault();
      commit();
      this.go(r, c, step);
    });
    return input;
  }
  // Focus the next empty-or-typed cell from (r, c) in the direction ``step``.
  go(r, c, [dr, dc]) {
    for (let i = r + dr, j = c + dc; i >= 0 && j >= 0 && i < this.h && j < this.w; i += dr, j += dc) {
      if (!this.p.givens[i][j]) {
        this.selected = [i, j];
        this.focusSelected();
        return;
      }
    }
  }
  focusSelected() {
    if (!this.built || !this.selected) return;
    const [r, c] = this.selected;
    const input = this.built.querySelector(`.cell[data-r="${r}"][data-c="${c}"] input`);
    if (input) input.focus({preventScroll: true});
    this.mark();
  }
  build(board) {
    const h = this.h;
    const w = this.w;
    const grid = el("div", "grid digits");
    grid.style.gridTemplateColumns = `repeat(${w + 1}, var(--cell))`;
    const op = this.p.product ? "×" : "";
    const shown = (v) => (v === null ? null : op + v);
    const diagonals = this.p.diagonals; // [main (top left to bottom right), anti]
    if (diagonals) { // a row above: the anti-diagonal's total where that diagonal starts
      for (let c = 0; c < w; c++) grid.appendChild(el("div", "cell spacer"));
      grid.appendChild(this.total(shown(diagonals[1]),
        "total of the diagonal from top right to bottom left", "↙"));
    }
    for (let r = 0; r <= h; r++) {
      for (let c = 0; c <= w; c++) {
        let cell;
        if (r < h && c < w) {
          cell = el("div", "cell");
          cell.dataset.r = r; cell.dataset.c = c;
          if (this.p.givens[r][c]) {
            cell.classList.add("given");
            cell.textContent = this.p.givens[r][c];
          } else {
            cell.appendChild(this.input(r, c));
          }
        } else if (r < h) {
          cell = this.total(shown(this.p.rows[r]), `total of row ${r + 1}`);
        } else if (c < w) {
          cell = this.total(shown(this.p.cols[c]), `total of column ${c + 1}`);
        } else if (diagonals) { // the main diagonal's total where that diagonal ends
          cell = this.total(shown(diagonals[0]),
            "total of the diagonal from top left to bottom right", "↘");
        } else {
          cell = el("div", "cell spacer");
        }
        if (c === w) cell.classList.add("side"); // the row sums stay in view (style.css)
        grid.appendChild(cell);
      }
    }
    board.replaceChildren(grid);
    this.built = grid;
  }
  // The typed values, the selected and hinted cells, on the board as built.
  mark() {
    if (!this.built) return;
    for (const cell of this.built.querySelectorAll(".cell[data-r]")) {
      const r = Number(cell.dataset.r);
      const c = Number(cell.dataset.c);
      const input = cell.querySelector("input");
      if (input) input.value = this.values[r][c] || "";
      if (input) input.readOnly = this.locked;
      const at = (p) => p && p[0] === r && p[1] === c;
      cell.classList.toggle("selected", !this.locked && Boolean(input) && at(this.selected));
      cell.classList.toggle("hinted", at(this.hinted));
    }
  }
  draw(board) {
    if (!this.built || this.built.parentNode !== board) this.build(board);
    this.mark();
  }
  // The keypad: one button per number 1..m·n, and one to empty the selected cell.
  drawControls(node) {
    node.hidden = this.locked;
    if (node.dataset.n === String(this.top)) return;
    node.replaceChildren();
    node.dataset.n = String(this.top);
    for (let v = 1; v <= this.top; v++) {
      const key = el("button", "key", v);
      key.type = "button";
      key.dataset.value = String(v);
      node.appendChild(key);
    }
    const clear = el("button", "key clear", "⌫");
    clear.type = "button";
    clear.dataset.value = "0";
    clear.setAttribute("aria-label", "empty the cell");
    node.appendChild(clear);
  }
  mount(board) {
    const pad = $("keypad");
    // a press on the keypad must not take focus from the cell (the cell stays selected)
    this.listen(pad, "pointerdown", (e) => { if (e.target.closest(".key")) e.preventDefault(); });
    this.listen(pad, "click", (e) => {
      const key = e.target.closest(".key");
      if (!key || !this.selected) return;
      const [r, c] = this.selected;
      this.enter(r, c, Number(key.dataset.value));
      this.focusSelected();
    });
    this.listen(board, "click", (e) => {
      const cell = e.target.closest(".cell[data-r]");
      if (!cell || cell.classList.contains("given")) return;
      this.selected = [Number(cell.dataset.r), Number(cell.dataset.c)];
      this.focusSelected();
    });
  }
}
