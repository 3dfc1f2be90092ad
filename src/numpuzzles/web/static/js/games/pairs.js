// Number Match: tap two cells to take a pair; "Add numbers" where the rules allow it.
// The board is replayed from the moves (cleared rows drop out and additions append under
// classic/easybrain, as in nummatch/sequence.py); whether a move is legal is the server's
// /check of the moves so far: any broken rule but "not cleared yet" marks the last move.
// A hint's pair and each move of a revealed solution are shown on the board, one at a time.

import {el, sleep} from "../dom.js";
import {Game} from "./game.js";

const SEQUENCE_RULES = ["classic", "easybrain"];
const SHOW_MS = 450; // how long a shown pair stays lit before it is taken

function withoutEmptyRows(cells, width) {
  const out = [];
  for (let i = 0; i < cells.length; i += width) {
    const row = cells.slice(i, i + width);
    if (row.some((v) => v)) out.push(...row);
  }
  return out;
}

export class PairGame extends Game {
  constructor(puzzle, solution, host) {
    super(puzzle, null, host);
    this.moves = [];
    this.wrong = null; // the server's words about the last move, when it broke a rule
    this.picked = null;
    this.pending = false; // a move is with the server, or a solution is being shown
    this.unjudged = false;
    this.hinted = null;
    this.sequence = SEQUENCE_RULES.includes(puzzle.rules);
  }
  snapshot() { return JSON.stringify({moves: this.moves, wrong: this.wrong}); }
  restore(state) {
    const {moves, wrong} = JSON.parse(state);
    this.moves = moves;
    this.wrong = wrong;
    this.picked = null;
    this.hinted = null;
  }
  busy() { return this.pending; }
  cells(moves = this.wrong ? this.moves.slice(0, -1) : this.moves) {
    const w = this.p.width;
    let cells = this.p.grid.flat();
    if (this.sequence) cells = withoutEmptyRows(cells, w);
    for (const m of moves) {
      if (m === "add") { cells = cells.concat(cells.filter((v) => v)); continue; }
      cells = cells.slice();
      cells[m[1] * w + m[0]] = 0;
      cells[m[3] * w + m[2]] = 0;
      if (this.sequence) cells = withoutEmptyRows(cells, w);
    }
    return cells;
  }
  rows(moves) {
    const cells = this.cells(moves);
    const out = [];
    for (let i = 0; i < cells.length; i += this.p.width) out.push(cells.slice(i, i + this.p.width));
    return out;
  }
  solutionJson() { return this.moves; }
  ready() { return this.unjudged; }
  judged(record) {
    this.unjudged = false;
    const broken = record.valid ? [] : record.violations.filter((v) => v.rule !== "not-cleared");
    this.wrong = broken.length ? broken[0].message : null;
  }
  wrongCells() {
    const last = this.moves[this.moves.length - 1];
    if (!this.wrong || !Array.isArray(last)) return [];
    return [[last[1], last[0]], [last[3], last[2]]];
  }
  problem() { return this.wrong ? `Not a legal move: ${this.wrong} (undo it).` : null; }
  // A move goes to the server with the moves before it; the page waits for its answer.
  async play(move) {
    if (this.locked || this.pending || this.wrong) return;
    this.remember();
    this.moves.push(move);
    this.unjudged = true;
    this.pending = true;
    try {
      await this.host.changed();
    } finally {
      this.pending = false;
      this.host.render();
    }
  }
  // The solution's moves, shown on the board one by one from the start.
  async reveal(solution) {
    this.remember();
    this.moves = [];
    this.wrong = null;
    this.picked = null;
    this.pending = true;
    try {
      for (const move of solution) {
        if (this.host.gone(this)) return;
        if (Array.isArray(move)) {
          this.light(move);
          this.host.render();
          await sleep(SHOW_MS);
        }
        this.moves.push(move);
        this.hinted = null;
        this.host.render();
      }
    } finally {
      this.pending = false;
    }
  }
  light(move) {
    const [x1, y1, x2, y2] = move;
    const rows = this.rows();
    this.hinted = {cells: [[y1, x1, rows[y1][x1]], [y2, x2, rows[y2][x2]]], rows: rows.length};
  }
  hintPuzzle() {
    const rows = this.rows();
    return {width: this.p.width, height: rows.length, grid: rows, rules: this.p.rules};
  }
  // The hint's pair is lit, then taken; it stays marked until the next move. The words
  // name the digits, never coordinates.
  applyHint(record) {
    const h = record.hint || {};
    if (h.move === "add") {
      h.message = "no pair can be taken: add the numbers.";
      this.play("add");
      return true;
    }
    if (!Array.isArray(h.move)) return false;
    const [x1, y1, x2, y2] = h.move;
    const rows = this.rows();
    const a = rows[y1][x1];
    const b = rows[y2][x2];
    h.message = `take ${a} and ${b}, ${a === b ? "equal" : "summing to ten"} (highlighted).`;
    this.light(h.move);
    this.pending = true;
    this.host.render();
    setTimeout(() => {
      if (this.host.gone(this)) return;
      this.pending = false;
      this.play(h.move);
    }, SHOW_MS);
    return true;
  }
  click(e) {
    const cell = e.target.closest(".cell");
    if (!cell || this.pending || this.locked) return;
    if (this.wrong) { this.host.say(this.problem(), "bad"); return; }
    this.hinted = null;
    const r = Number(cell.dataset.r);
    const c = Number(cell.dataset.c);
    if (cell.classList.contains("removed")) return;
    if (!this.picked) { this.picked = [r, c]; this.host.render(); return; }
    const [pr, pc] = this.picked;
    this.picked = null;
    if (pr === r && pc === c) { this.host.render(); return; }
    this.play([pc, pr, c, r]);
  }
  draw(board) {
    board.replaceChildren();
    const grid = el("div", "grid");
    grid.style.gridTemplateColumns = `repeat(${this.p.width}, var(--cell))`;
    const rows = this.rows();
    // a lit pair stays marked after it is taken, unless a cleared row moved the cells up
    const lit = this.hinted && this.hinted.rows === rows.length ? this.hinted.cells : [];
    rows.forEach((row, r) => row.forEach((v, c) => {
      const cell = el("div", "cell", v || "");
      cell.dataset.r = r; cell.dataset.c = c;
      cell.setAttribute("role", "button");
      if (!v) cell.classList.add("removed");
      if (this.picked && this.picked[0] === r && this.picked[1] === c) cell.classList.add("picked");
      const taken = lit.find(([hr, hc]) => hr === r && hc === c);
      if (taken) { cell.classList.add("hinted"); cell.textContent = taken[2]; }
      grid.appendChild(cell);
    }));
    board.appendChild(grid);
  }
  drawControls(node) {
    node.hidden = true;
    const add = document.getElementById("add");
    add.hidden = !this.sequence;
    add.disabled = this.locked;
  }
  columns() { return this.p.width; }
  mount(board) { this.listen(board, "click", (e) => this.click(e)); }
}
