// Numberlink and Arukone: draw paths between equal numbers by dragging (Pointer Events,
// mouse or touch).  A drag from a number starts its path afresh; a drag from a path's
// cell (its far end included) goes on from there; a drag fills every cell it passes, even
// when the pointer skips cells; crossing another path cuts it; a tap on a path clears it.
// The board takes every touch (no panning by the browser while drawing), so on a board
// larger than its frame (a 25x25 on a phone, or zoomed in) a drag from an empty cell pans.

import {paint} from "../api.js";
import {el} from "../dom.js";
import {Game, disagreeing} from "./game.js";

const SVG = "http://www.w3.org/2000/svg";

// The cells from ``from`` (left out) to ``to`` (included) in orthogonal steps along the
// straight line between them: each step goes along the axis that lags behind the line.
export function between([r0, c0], [r1, c1]) {
  const out = [];
  const dr = Math.sign(r1 - r0);
  const dc = Math.sign(c1 - c0);
  const nr = Math.abs(r1 - r0);
  const nc = Math.abs(c1 - c0);
  let r = r0;
  let c = c0;
  for (let ir = 0, ic = 0; ir < nr || ic < nc;) {
    if (ic < nc && (ir >= nr || (ic + 0.5) * nr < (ir + 0.5) * nc)) { c += dc; ic++; } else { r += dr; ir++; }
    out.push([r, c]);
  }
  return out;
}

const same = (a, b) => a[0] === b[0] && a[1] === b[1];

export class PathGame extends Game {
  constructor(puzzle, solution, host) {
    super(puzzle, solution ? solution.grid : null, host);
    this.paths = {}; // label -> [[r, c], ...], from the end it was started at
    this.stroke = null;
    this.labels = [...new Set(puzzle.grid.flat().filter((v) => v > 0))].sort((a, b) => a - b);
    this.ends = {}; // label -> its two end cells
    puzzle.grid.forEach((row, r) => row.forEach((v, c) => {
      if (v > 0) (this.ends[v] = this.ends[v] || []).push([r, c]);
    }));
  }
  snapshot() { return JSON.stringify(this.paths); }
  restore(state) { this.paths = JSON.parse(state); }
  grid() {
    const g = this.p.grid.map((row) => row.slice());
    for (const [label, cells] of Object.entries(this.paths)) {
      for (const [r, c] of cells) g[r][c] = Number(label);
    }
    return g;
  }
  solutionJson() { return {grid: this.grid()}; }
  hintPuzzle() { return this.p; }
  rulesKey() { return this.p.rules || null; }

  // A path is joined when it runs from one of its ends to the other.
  joined(label) {
    const cells = this.paths[String(label)];
    const ends = this.ends[label];
    if (!cells || cells.length < 2 || !ends || ends.length !== 2) return false;
    const first = cells[0];
    const last = cells[cells.length - 1];
    return (same(first, ends[0]) && same(last, ends[1])) || (same(first, ends[1]) && same(last, ends[0]));
  }
  ready() { return !this.stroke && this.labels.every((label) => this.joined(label)); }
  judged(record) {
    if (record.valid) return;
    const first = record.violations[0];
    this.host.say(`Every pair is joined, but not solved yet: ${first ? first.message : "a rule is broken"}.`, "bad");
  }

  // The server lists the paths every solution it found shares: draw the longest one the
  // board does not show yet (a short path between neighbouring ends helps least).
  applyHint(record) {
    const h = record.hint || {};
    const key = (cells) => JSON.stringify(cells);
    const shown = (p) => {
      const mine = this.paths[String(p.label)];
      return mine && (key(mine) === key(p.path) || key(mine) === key(p.path.slice().reverse()));
    };
    const longest = (h.paths || []).slice().sort((a, b) => b.path.length - a.path.length);
    const next = longest.find((p) => !shown(p));
    if (!next) return false;
    this.remember();
    // a path the solution forces owns its cells: other paths are cut where they meet it
    const taken = new Set(next.path.map(([r, c]) => `${r},${c}`));
    for (const [label, cells] of Object.entries(this.paths)) {
      const i = cells.findIndex(([r, c]) => taken.has(`${r},${c}`));
      if (i >= 0) this.paths[label] = cells.slice(0, i);
    }
    this.paths[String(next.label)] = next.path;
    this.hinted = next.label;
    h.message = `the path of ${this.name(next.label)} is drawn (it is in every solution).`;
    return true;
  }
  problem() { return disagreeing(this.wrongCells().length); }
  wrongCells() {
    if (!this.answer) return [];
    const out = [];
    this.grid().forEach((row, r) => row.forEach((v, c) => {
      if (v && v !== this.answer[r][c]) out.push([r, c]);
    }));
    return out;
  }
  reveal(solution) {
    this.remember();
    this.paths = {};
    for (const [label, cells] of Object.entries(solution.paths || {})) this.paths[label] = cells;
  }

  // ---- drawing with the pointer ----
  cellAt(board, e) {
    const box = board.querySelector(".grid").getBoundingClientRect();
    const c = Math.floor((e.clientX - box.left) / (box.width / this.p.width));
    const r = Math.floor((e.clientY - box.top) / (box.height / this.p.height));
    if (r < 0 || c < 0 || r >= this.p.height || c >= this.p.width) return null;
    return [r, c];
  }
  owner(r, c) {
    for (const [label, cells] of Object.entries(this.paths)) {
      if (cells.some(([a, b]) => a === r && b === c)) return label;
    }
    return null;
  }
  down(board, e) {
    if (this.locked || e.button > 0) return;
    const at = this.cellAt(board, e);
    if (!at) return;
    const [r, c] = at;
    const end = this.p.grid[r][c];
    const before = this.snapshot();
    let label = null;
    if (end > 0) {
      label = String(end);
      this.paths[label] = [[r, c]]; // a number starts its path afresh
    } else {
      label = this.owner(r, c);
      if (!label) { this.startPan(board, e); return; }
      const cells = this.paths[label];
      const i = cells.findIndex(([a, b]) => a === r && b === c);
      this.paths[label] = cells.slice(0, i + 1); // continue from this cell
    }
    this.stroke = {label, before, moved: false};
    this.hinted = null;
    board.setPointerCapture(e.pointerId);
    this.host.render();
  }
  // A pointer may skip cells when it moves fast: the stroke walks the cells between, one
  // orthogonal step at a time along the straight line, as far as the rules let it.
  move(board, e) {
    if (this.pan) { this.panTo(e); return; }
    if (!this.stroke) return;
    const at = this.cellAt(board, e);
    if (!at) return;
    const cells = this.paths[this.stroke.label];
    const last = cells[cells.length - 1];
    let changed = false;
    for (const cell of between(last, at)) {
      if (!this.step(cell)) break;
      changed = true;
    }
    if (changed) { this.stroke.moved = true; this.host.render(); }
  }
  // One step of the stroke to the orthogonal neighbour [r, c] of its last cell: back over
  // its own cells, or on into a free cell or its own end, cutting another path it crosses.
  step([r, c]) {
    const label = this.stroke.label;
    const cells = this.paths[label];
    const [lr, lc] = cells[cells.length - 1];
    if (Math.abs(lr - r) + Math.abs(lc - c) !== 1) return false;
    const i = cells.findIndex(([a, b]) => a === r && b === c);
    if (i >= 0) { this.paths[label] = cells.slice(0, i + 1); return true; }
    if (this.joined(Number(label))) return false; // the path is complete
    const end = this.p.grid[r][c];
    if (end && String(end) !== label) return false; // another label's end, or a wall
    const other = this.owner(r, c);
    if (other && other !== label) { // cut the other path here
      const o = this.paths[other];
      this.paths[other] = o.slice(0, o.findIndex(([a, b]) => a === r && b === c));
    }
    cells.push([r, c]);
    return true;
  }
  // A tap (a press with no step) on a path clears that path; Undo brings it back.
  up() {
    this.pan = null;
    if (!this.stroke) return;
    const {label, before, moved} = this.stroke;
    if (!moved) delete this.paths[label];
    this.stroke = null;
    for (const [l, cells] of Object.entries(this.paths)) if (cells.length === 0) delete this.paths[l];
    if (this.snapshot() !== before) {
      this.remember(before);
      this.host.changed();
    } else {
      this.host.render();
    }
  }
  startPan(board, e) {
    const frame = board.parentNode;
    if (frame.scrollWidth <= frame.clientWidth && frame.scrollHeight <= frame.clientHeight) return;
    this.pan = {frame, x: e.clientX, y: e.clientY, left: frame.scrollLeft, top: frame.scrollTop};
    board.setPointerCapture(e.pointerId);
  }
  panTo(e) {
    const {frame, x, y, left, top} = this.pan;
    frame.scrollLeft = left - (e.clientX - x);
    frame.scrollTop = top - (e.clientY - y);
  }
  mount(board) {
    this.listen(board, "pointerdown", (e) => { e.preventDefault(); this.down(board, e); });
    this.listen(board, "pointermove", (e) => this.move(board, e));
    this.listen(board, "pointerup", () => this.up());
    this.listen(board, "pointercancel", () => this.up());
  }

  // ---- the view ----
  name(label) { return this.p.names ? this.p.names[label - 1] : label; }
  order(label) { return this.labels.indexOf(label); } // the drawings' colour order
  fill(label) { return paint(this.order(label)).fill; }
  ink(label) { return paint(this.order(label)).ink; }
  columns() { return this.p.width; }
  draw(board, s) {
    board.replaceChildren();
    const {width, height} = this.p;
    const grid = el("div", "grid");
    grid.style.gridTemplateColumns = `repeat(${width}, var(--cell))`;
    grid.setAttribute("role", "img");
    grid.setAttribute("aria-label", `${width} by ${height} board, ${this.labels.length} pairs, `
      + `${this.labels.filter((l) => this.joined(l)).length} joined`);
    const g = this.grid();
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < width; c++) {
        const cell = el("div", "cell");
        cell.dataset.r = r; cell.dataset.c = c;
        const end = this.p.grid[r][c];
        if (end > 0) {
          cell.classList.add("end");
          if (this.joined(end)) cell.classList.add("joined");
          const dot = el("span", "", this.name(end));
          dot.style.background = this.fill(end);
          dot.style.color = this.ink(end);
          cell.appendChild(dot);
        } else if (end < 0) {
          cell.classList.add("wall");
        } else if (g[r][c]) {
          cell.style.background = this.fill(g[r][c]) + "40";
        }
        grid.appendChild(cell);
      }
    }
    board.appendChild(grid);
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", "paths");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("width", width * s); svg.setAttribute("height", height * s);
    for (const [label, cells] of Object.entries(this.paths)) {
      if (cells.length < 2) continue;
      const line = document.createElementNS(SVG, "polyline");
      line.setAttribute("points", cells.map(([r, c]) => `${(c + 0.5) * s},${(r + 0.5) * s}`).join(" "));
      line.setAttribute("fill", "none"); line.setAttribute("stroke", this.fill(Number(label)));
      line.setAttribute("stroke-width", String(Math.max(4, Math.round(s * 0.3))));
      line.setAttribute("stroke-linecap", "round");
      line.setAttribute("stroke-linejoin", "round");
      if (String(this.hinted) === label) line.setAttribute("class", "hinted");
      svg.appendChild(line);
    }
    board.appendChild(svg);
  }
}
