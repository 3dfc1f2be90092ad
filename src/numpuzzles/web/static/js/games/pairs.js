// Number Match: tap two cells to take a pair; "Add numbers" where the rules allow it.
// The board is replayed from the moves (cleared rows drop out and additions append under
// classic/easybrain, as in nummatch/sequence.py); whether a move is legal is the server's
// /check of the moves so far: any broken rule but "not cleared yet" marks the last move.
// A hint's pair is lit on the board, then taken.
//
// A revealed solution is drawn as nummatch/draw.py draws it, so the page and the printed
// answers read the same: the two cells of each pair keep their digits and get a ring in
// the step's colour (paint(step - 1), the drawings' palette) with the step's number on a
// tag in the cell's corner, clear of the digit.  Where the cells move (classic, easybrain:
// a row emptied by a pair is removed, "add numbers" appends digits) the solution is cut
// into phases, the runs of moves in which no cell moves, and each phase is one small board
// as it stood when the phase began, headed by its steps and by what made it new.  While
// the reveal plays, the board of the phase in progress is shown; at the end, every phase.

import {paint} from "../api.js";
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
    this.revealed = false; // the moves are a revealed solution: drawn as its answer boards
    this.revealing = false; // ... being played: only the board of the phase in progress
  }
  snapshot() { return JSON.stringify({moves: this.moves, wrong: this.wrong, revealed: this.revealed}); }
  restore(state) {
    const {moves, wrong, revealed} = JSON.parse(state);
    this.moves = moves;
    this.wrong = wrong;
    this.revealed = Boolean(revealed);
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
  // Each pair gets its ring and number on the board it is taken on, one at a time.
  async reveal(solution) {
    this.remember();
    this.moves = [];
    this.wrong = null;
    this.picked = null;
    this.hinted = null;
    this.pending = true;
    this.revealed = true;
    this.revealing = true;
    try {
      for (const move of solution) {
        if (this.host.gone(this)) return;
        this.moves.push(move);
        this.host.render();
        if (Array.isArray(move)) await sleep(SHOW_MS);
      }
    } finally {
      this.pending = false;
      this.revealing = false;
    }
  }
  // The moves cut into phases: [{cells, steps: [[step, move]], events: [words]}], each
  // phase's cells as they are when it begins (see nummatch/draw.py's phases()).
  phases(moves = this.moves) {
    const w = this.p.width;
    const rowCount = (cells) => Math.ceil(cells.length / w);
    let cells = this.p.grid.flat();
    if (this.sequence) cells = withoutEmptyRows(cells, w);
    const out = [];
    let open = {cells, steps: [], events: []};
    const begin = (next, event) => {
      if (open.steps.length) { out.push(open); open = {cells: next, steps: [], events: [event]}; }
      else open = {cells: next, steps: [], events: [...open.events, event]};
    };
    moves.forEach((m, i) => {
      const step = i + 1;
      if (m === "add") {
        cells = cells.concat(cells.filter((v) => v));
        begin(cells, `${step}. add numbers`);
        return;
      }
      open.steps.push([step, m]);
      let next = cells.slice();
      next[m[1] * w + m[0]] = 0;
      next[m[3] * w + m[2]] = 0;
      if (this.sequence) next = withoutEmptyRows(next, w);
      const gone = rowCount(cells) - rowCount(next);
      if (gone && step < moves.length) {
        begin(next, `step ${step} emptied ${gone === 1 ? "a row" : `${gone} rows`}`);
      }
      cells = next;
    });
    if (open.steps.length || !out.length) out.push(open);
    return out;
  }
  // One phase's board: cleared cells grey, each pair's cells ringed with the step's number.
  drawPhase(phase, index, headed) {
    const w = this.p.width;
    const box = el("div", "phase");
    box.dataset.phase = index;
    if (headed && phase.steps.length) {
      const first = phase.steps[0][0];
      const last = phase.steps[phase.steps.length - 1][0];
      const word = phase.events.length ? "step" : "Step";
      const steps = first === last ? `${word} ${first}` : `${word}s ${first}–${last}`;
      box.appendChild(el("p", "phase-head", [...phase.events, steps].join("; ")));
    }
    const marks = new Map();
    for (const [step, [x1, y1, x2, y2]] of phase.steps) {
      marks.set(y1 * w + x1, step);
      marks.set(y2 * w + x2, step);
    }
    const grid = el("div", "grid");
    grid.style.gridTemplateColumns = `repeat(${w}, var(--cell))`;
    phase.cells.forEach((v, i) => {
      const cell = el("div", "cell", v || "");
      cell.dataset.r = Math.floor(i / w);
      cell.dataset.c = i % w;
      const step = marks.get(i);
      if (step !== undefined) {
        const {fill, ink} = paint(step - 1);
        cell.classList.add("step");
        cell.dataset.step = step;
        cell.style.setProperty("--mark", fill);
        cell.style.setProperty("--mark-ink", ink);
        cell.setAttribute("aria-label", `${v}, step ${step}`);
        cell.append(el("span", "ring"), el("span", "step-no", step));
      } else if (!v) cell.classList.add("removed");
      grid.appendChild(cell);
    });
    box.appendChild(grid);
    return box;
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
    if (this.revealed) {
      const all = this.phases();
      const shown = this.revealing ? all.slice(-1) : all;
      const headed = all.length > 1 || all[0].events.length > 0;
      const host = el("div", "phases");
      shown.forEach((phase) => host.appendChild(
        this.drawPhase(phase, all.indexOf(phase), headed)));
      board.appendChild(host);
      return;
    }
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
