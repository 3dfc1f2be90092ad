// numpuzzles in the browser: plain JS over the JSON API (/api/...), nothing fetched from
// elsewhere. One "game" object per family kind (paths, digits, pairs) holds the state,
// draws the board, and turns the state into the family's solution JSON for /check.
// A move is "wrong" when it disagrees with the known solution (generated puzzles carry
// theirs; a pasted one is solved on load), and it is flagged until undone.
"use strict";

const $ = (id) => document.getElementById(id);
// The drawings' label colours with their ink (GET /api/palette), the i-th for the i-th
// label in increasing order, as the drawings number them.
let PALETTE = [{fill: "#444444", ink: "#ffffff"}];
const paint = (index) => PALETTE[index % PALETTE.length];
let FAMILIES = {};
let current = null; // {family, id, puzzle, solution, game}

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body)};
  const response = await fetch(path, init);
  let data = null;
  try { data = await response.json(); } catch (err) { data = null; }
  if (!response.ok || data === null) {
    throw new Error((data && data.error) || `The server could not answer (${response.status}).`);
  }
  return data;
}

function say(text, kind) {
  const status = $("status");
  status.textContent = text;
  status.className = kind || "";
}

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = String(text);
  return node;
}

function disagreeing(count) {
  return count ? `${count} cell(s) disagree with the solution: undo` : null;
}

// The cells from ``from`` (left out) to ``to`` (included) in orthogonal steps along the
// straight line between them: each step goes along the axis that lags behind the line.
function between([r0, c0], [r1, c1]) {
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

// ---- what every game shares: it owns its listeners on the board ----
// A game adds its listeners in mount() through listen(), and stop() removes them all when
// the next game starts: one game's pointer handlers (with preventDefault) once stayed on
// the board and broke the games played after it.
class Game {
  constructor() { this.listeners = new AbortController(); }
  listen(target, type, handler) {
    target.addEventListener(type, handler, {signal: this.listeners.signal});
  }
  mount(board) {}
  stop() { this.listeners.abort(); }
}

// ---- Numberlink and Arukone: drag paths (Pointer Events, mouse or touch) ----
class PathGame extends Game {
  constructor(puzzle, solution) {
    super();
    this.p = puzzle;
    this.answer = solution ? solution.grid : null;
    this.paths = {}; // label -> [[r, c], ...]
    this.history = [];
    this.stroke = null;
  }
  snapshot() { return JSON.stringify(this.paths); }
  undo() {
    if (!this.history.length) return false;
    this.paths = JSON.parse(this.history.pop());
    return true;
  }
  grid() {
    const g = this.p.grid.map((row) => row.slice());
    for (const [label, cells] of Object.entries(this.paths)) {
      for (const [r, c] of cells) g[r][c] = Number(label);
    }
    return g;
  }
  solutionJson() { return {grid: this.grid()}; }
  hintPuzzle() { return this.p; }
  // The server lists the paths every solution it found shares: draw the longest one the
  // board does not show yet (a short path between neighbouring ends helps least).
  applyHint(record) {
    const h = record.hint || {};
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b) ||
      JSON.stringify(a) === JSON.stringify((b || []).slice().reverse());
    const longest = (h.paths || []).slice().sort((a, b) => b.path.length - a.path.length);
    const next = longest.find((p) => !same(p.path, this.paths[String(p.label)]));
    if (!next) return false;
    this.history.push(this.snapshot());
    // a path the solution forces owns its cells: other paths are cut where they meet it
    const taken = new Set(next.path.map(([r, c]) => `${r},${c}`));
    for (const [label, cells] of Object.entries(this.paths)) {
      const i = cells.findIndex(([r, c]) => taken.has(`${r},${c}`));
      if (i >= 0) this.paths[label] = cells.slice(0, i);
    }
    this.paths[String(next.label)] = next.path;
    h.message = `path ${next.label} drawn`;
    return true;
  }
  problem() { return disagreeing(this.wrongCells().length); }
  wrongCells() {
    if (!this.answer) return [];
    const g = this.grid();
    const out = [];
    g.forEach((row, r) => row.forEach((v, c) => {
      if (v && v !== this.answer[r][c]) out.push([r, c]);
    }));
    return out;
  }
  reveal(solution) {
    this.history.push(this.snapshot());
    this.paths = {};
    for (const [label, cells] of Object.entries(solution.paths || {})) this.paths[label] = cells;
  }
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
    const at = this.cellAt(board, e);
    if (!at) return;
    const [r, c] = at;
    const end = this.p.grid[r][c];
    const before = this.snapshot();
    let label = null;
    if (end) {
      label = String(end);
      this.paths[label] = [[r, c]]; // start afresh from an end
    } else {
      label = this.owner(r, c);
      if (!label) return;
      const cells = this.paths[label];
      const i = cells.findIndex(([a, b]) => a === r && b === c);
      this.paths[label] = cells.slice(0, i + 1); // continue from this cell
    }
    this.stroke = {label, before, moved: false};
    board.setPointerCapture(e.pointerId);
    render();
  }
  // A pointer may skip cells when it moves fast: the stroke walks the cells between, one
  // orthogonal step at a time along the straight line, as far as the rules let it.
  move(board, e) {
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
    if (changed) { this.stroke.moved = true; render(); }
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
    const first = cells[0];
    const firstEnd = this.p.grid[first[0]][first[1]];
    if (cells.length > 1 && this.p.grid[lr][lc] === firstEnd) return false; // path complete
    const end = this.p.grid[r][c];
    if (end && String(end) !== label) return false; // another label's end: blocked
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
    if (!this.stroke) return;
    if (!this.stroke.moved) delete this.paths[this.stroke.label];
    if (this.snapshot() !== this.stroke.before) this.history.push(this.stroke.before);
    this.stroke = null;
    render();
  }
  draw(board, s) {
    const {width, height} = this.p;
    const grid = el("div", "grid");
    grid.style.gridTemplateColumns = `repeat(${width}, var(--cell))`;
    const g = this.grid();
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < width; c++) {
        const cell = el("div", "cell");
        cell.dataset.r = r; cell.dataset.c = c;
        const end = this.p.grid[r][c];
        if (end) {
          cell.classList.add("end");
          const dot = el("span", "", this.p.names ? this.p.names[end - 1] : end);
          dot.style.background = this.fill(end);
          dot.style.color = this.ink(end);
          cell.appendChild(dot);
        } else if (g[r][c]) {
          cell.style.background = this.fill(g[r][c]) + "40";
        }
        grid.appendChild(cell);
      }
    }
    board.appendChild(grid);
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("class", "paths");
    svg.setAttribute("width", width * s); svg.setAttribute("height", height * s);
    for (const [label, cells] of Object.entries(this.paths)) {
      if (cells.length < 2) continue;
      const line = document.createElementNS(ns, "polyline");
      line.setAttribute("points", cells.map(([r, c]) => `${(c + 0.5) * s},${(r + 0.5) * s}`).join(" "));
      line.setAttribute("fill", "none"); line.setAttribute("stroke", this.fill(Number(label)));
      line.setAttribute("stroke-width", String(Math.max(4, Math.round(s * 0.3)))); line.setAttribute("stroke-linecap", "round");
      line.setAttribute("stroke-linejoin", "round");
      svg.appendChild(line);
    }
    board.appendChild(svg);
  }
  columns() { return this.p.width; }
  // each label's colour: its place among the puzzle's labels, as in the drawings
  order(label) {
    if (!this.labels) {
      this.labels = [...new Set(this.p.grid.flat().filter((v) => v > 0))].sort((a, b) => a - b);
    }
    return this.labels.indexOf(label);
  }
  fill(label) { return paint(this.order(label)).fill; }
  ink(label) { return paint(this.order(label)).ink; }
  mount(board) {
    this.listen(board, "pointerdown", (e) => { e.preventDefault(); this.down(board, e); });
    this.listen(board, "pointermove", (e) => this.move(board, e));
    this.listen(board, "pointerup", () => this.up());
    this.listen(board, "pointercancel", () => this.up());
  }
}

// ---- Fubuki: type digits ----
class DigitGame extends Game {
  constructor(puzzle, solution) {
    super();
    this.p = puzzle;
    this.answer = solution;
    this.values = puzzle.givens.map((row) => row.slice());
    this.history = [];
  }
  undo() {
    if (!this.history.length) return false;
    const [r, c, old] = this.history.pop();
    this.values[r][c] = old;
    return true;
  }
  set(r, c, v) {
    this.hinted = null;
    if (this.values[r][c] === v) return;
    this.history.push([r, c, this.values[r][c]]);
    this.values[r][c] = v;
  }
  solutionJson() { return this.values; }
  // Check asks the server only about a full grid: an empty cell is not a broken rule.
  unfinished() {
    const empty = this.values.flat().filter((v) => !v).length;
    if (!empty) return null;
    return `Not solved yet: ${empty === 1 ? "1 cell is" : `${empty} cells are`} empty.`;
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
    solution.forEach((row, r) => row.forEach((v, c) => this.set(r, c, v)));
  }
  // A hint for the board as it stands: the digits typed so far become givens.
  hintPuzzle() { return {...this.p, givens: this.values}; }
  applyHint(record) {
    const h = record.hint || {};
    if (!h.row || !h.col || !h.value) return false;
    this.set(h.row - 1, h.col - 1, h.value);
    this.hinted = [h.row - 1, h.col - 1];
    // in the player's terms: the cell is highlighted on the board, never numbered
    const reason = String(h.reason || "").replace(/cell \d+ \(row \d+, column \d+\)/g, "it");
    h.message = `the highlighted cell is ${h.value}` + (reason ? `: ${reason}` : "");
    return true;
  }
  // The server reads the typed digits as fixed: no solution through them means one is wrong.
  hintWords(record) {
    if (record.status !== "unsolvable") return null;
    return "no solution goes through the digits typed so far: one of them is wrong (Undo).";
  }
  columns() { return this.p.size + 1; }
  total(text, what, arrow = "") {
    const cell = el("div", "cell total", text === null ? "?" : arrow + text);
    cell.title = text === null ? `${what}: hidden` : what;
    if (String(cell.textContent).length > 3) cell.classList.add("long");
    return cell;
  }
  draw(board) {
    const n = this.p.size;
    const grid = el("div", "grid");
    grid.style.gridTemplateColumns = `repeat(${n + 1}, var(--cell))`;
    const op = this.p.product ? "×" : "";
    const shown = (v) => (v === null ? null : op + v);
    const diagonals = this.p.diagonals; // [main (top left to bottom right), anti]
    if (diagonals) { // a row above: the anti-diagonal's total where that diagonal starts
      for (let c = 0; c < n; c++) grid.appendChild(el("div", "cell spacer"));
      grid.appendChild(this.total(shown(diagonals[1]),
        "total of the diagonal from top right to bottom left", "↙"));
    }
    for (let r = 0; r <= n; r++) {
      for (let c = 0; c <= n; c++) {
        let cell;
        if (r < n && c < n) {
          cell = el("div", "cell");
          cell.dataset.r = r; cell.dataset.c = c;
          if (this.p.givens[r][c]) {
            cell.classList.add("given");
            cell.textContent = this.p.givens[r][c];
          } else {
            const input = el("input");
            input.inputMode = "numeric";
            input.maxLength = String(n * n).length;
            input.value = this.values[r][c] || "";
            input.setAttribute("aria-label", `row ${r + 1}, column ${c + 1}`);
            input.onchange = () => {
              const text = input.value.trim();
              const v = /^\d+$/.test(text) ? parseInt(text, 10) : 0;
              if (text && !(v >= 1 && v <= n * n)) {
                input.value = this.values[r][c] || "";
                say(`Only the digits 1 to ${n * n} go in a cell.`, "bad");
                return;
              }
              this.set(r, c, v);
              render();
            };
            cell.appendChild(input);
          }
          if (this.hinted && this.hinted[0] === r && this.hinted[1] === c) {
            cell.classList.add("hinted");
          }
        } else if (r < n) {
          cell = this.total(shown(this.p.rows[r]), `total of row ${r + 1}`);
        } else if (c < n) {
          cell = this.total(shown(this.p.cols[c]), `total of column ${c + 1}`);
        } else if (diagonals) { // the main diagonal's total where that diagonal ends
          cell = this.total(shown(diagonals[0]),
            "total of the diagonal from top left to bottom right", "↘");
        } else {
          cell = el("div", "cell spacer");
        }
        grid.appendChild(cell);
      }
    }
    board.appendChild(grid);
  }
}

// ---- Number Match: click two cells to take a pair; "add" where the rules allow ----
// The board is replayed from the moves (cleared rows drop out and additions append under
// classic/easybrain, as in nummatch/sequence.py); whether a move is legal is the server's
// /check of the moves so far: any broken rule but "not cleared yet" marks the last move.
const SEQUENCE_RULES = ["classic", "easybrain"];

function withoutEmptyRows(cells, width) {
  const out = [];
  for (let i = 0; i < cells.length; i += width) {
    const row = cells.slice(i, i + width);
    if (row.some((v) => v)) out.push(...row);
  }
  return out;
}

class PairGame extends Game {
  constructor(puzzle, solution) {
    super();
    this.p = puzzle;
    this.moves = [];
    this.wrong = null; // the server's words about the last move, when it broke a rule
    this.picked = null;
    this.pending = false;
    this.sequence = SEQUENCE_RULES.includes(puzzle.rules);
  }
  cells() {
    const w = this.p.width;
    let cells = this.p.grid.flat();
    if (this.sequence) cells = withoutEmptyRows(cells, w);
    const accepted = this.wrong ? this.moves.slice(0, -1) : this.moves;
    for (const m of accepted) {
      if (m === "add") { cells = cells.concat(cells.filter((v) => v)); continue; }
      cells = cells.slice();
      cells[m[1] * w + m[0]] = 0;
      cells[m[3] * w + m[2]] = 0;
      if (this.sequence) cells = withoutEmptyRows(cells, w);
    }
    return cells;
  }
  rows() {
    const cells = this.cells();
    const out = [];
    for (let i = 0; i < cells.length; i += this.p.width) out.push(cells.slice(i, i + this.p.width));
    return out;
  }
  undo() {
    if (!this.moves.length || this.pending) return false;
    this.moves.pop();
    this.wrong = null;
    this.picked = null;
    this.hinted = null;
    return true;
  }
  solutionJson() { return this.moves; }
  wrongCells() {
    const last = this.moves[this.moves.length - 1];
    if (!this.wrong || !Array.isArray(last)) return [];
    return [[last[1], last[0]], [last[3], last[2]]];
  }
  problem() { return this.wrong ? `Not a legal move: ${this.wrong} (undo it)` : null; }
  async play(move) {
    this.moves.push(move);
    this.pending = true;
    let solved = false;
    try {
      const record = await api(`/api/${current.family}/check`,
        {puzzle: this.p, solution: this.moves});
      const broken = record.valid ? [] : record.violations.filter((v) => v.rule !== "not-cleared");
      this.wrong = broken.length ? broken[0].message : null;
      solved = record.valid;
    } catch (err) {
      this.wrong = err.message;
    }
    this.pending = false;
    render();
    if (solved) say("Solved!", "good");
  }
  reveal(solution) {
    this.moves = solution.slice();
    this.wrong = null;
    this.picked = null;
  }
  hintPuzzle() {
    const rows = this.rows();
    return {width: this.p.width, height: rows.length, grid: rows, rules: this.p.rules};
  }
  // The hint's move is taken and its two cells stay highlighted until the next move; the
  // words name the digits, never coordinates.
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
    h.message = `took ${a} and ${b}, ${a === b ? "equal" : "summing to ten"} (highlighted).`;
    this.hinted = {cells: [[y1, x1, a], [y2, x2, b]], rows: rows.length};
    this.play(h.move);
    return true;
  }
  click(e) {
    const cell = e.target.closest(".cell");
    if (!cell || this.pending) return;
    if (this.wrong) { say(this.problem(), "bad"); return; }
    this.hinted = null;
    const r = Number(cell.dataset.r);
    const c = Number(cell.dataset.c);
    if (cell.classList.contains("removed")) return;
    if (!this.picked) { this.picked = [r, c]; render(); return; }
    const [pr, pc] = this.picked;
    this.picked = null;
    if (pr === r && pc === c) { render(); return; }
    this.play([pc, pr, c, r]);
  }
  draw(board) {
    const grid = el("div", "grid");
    grid.style.gridTemplateColumns = `repeat(${this.p.width}, var(--cell))`;
    const rows = this.rows();
    // where a cleared row moved the cells up, the hinted places no longer hold the pair
    const hinted = this.hinted && this.hinted.rows === rows.length ? this.hinted.cells : [];
    rows.forEach((row, r) => row.forEach((v, c) => {
      const cell = el("div", "cell", v || "");
      cell.dataset.r = r; cell.dataset.c = c;
      if (!v) cell.classList.add("removed");
      if (this.picked && this.picked[0] === r && this.picked[1] === c) cell.classList.add("picked");
      const taken = hinted.find(([hr, hc]) => hr === r && hc === c);
      if (taken) { cell.classList.add("hinted"); cell.textContent = taken[2]; }
      grid.appendChild(cell);
    }));
    board.appendChild(grid);
    $("add").hidden = !this.sequence;
  }
  columns() { return this.p.width; }
  mount(board) { this.listen(board, "click", (e) => this.click(e)); }
}

const GAMES = {numberlink: PathGame, arukone: PathGame, fubuki: DigitGame, nummatch: PairGame};

// ---- the page ----
// Cells follow the window: as large as 40 px, as small as the board's width needs to fit
// the screen (a 15x15 on a 390 px phone gets 23 px cells), never under 16 px.
const MAX_CELL = 40;
const MIN_CELL = 16;

function sizeCells(board, columns) {
  const page = document.documentElement.clientWidth;
  const margins = 2 * parseFloat(getComputedStyle(document.body).marginLeft || "0") + 4;
  const size = Math.max(MIN_CELL, Math.min(MAX_CELL, Math.floor((page - margins) / columns)));
  board.style.setProperty("--cell", `${size}px`);
  return size;
}

function render() {
  const board = $("board");
  board.replaceChildren();
  if (!current) return;
  current.game.draw(board, sizeCells(board, current.game.columns()));
  for (const [r, c] of current.game.wrongCells()) {
    const cell = board.querySelector(`.cell[data-r="${r}"][data-c="${c}"]`);
    if (cell) cell.classList.add("wrong");
  }
  $("hint").disabled = !FAMILIES[current.family].verbs.includes("hint") || !current.game.hintPuzzle;
  const problem = current.game.problem();
  if (problem) say(problem, "bad");
  else if ($("status").className === "bad") say("");
}

function shareUrl(id) {
  return `${location.origin}${location.pathname}?id=${encodeURIComponent(id)}`;
}

function start(family, record) {
  const Kind = GAMES[family];
  $("add").hidden = true;
  if (!Kind) { say(`${family} cannot be played in the page yet`, "bad"); return; }
  const solution = record.solution || null;
  // Moves are judged against the solution only when it is the only one: not for
  // Numberlink's 'unionfind' method, nor Arukone made without 'unique'.
  const params = record.params || {};
  const judged = record.judged !== false && params.unique !== false
    && params.method !== "unionfind";
  if (current) current.game.stop();
  current = {family, id: record.id || null, puzzle: record.puzzle, solution,
    game: new Kind(record.puzzle, judged ? solution : null)};
  const board = $("board");
  board.classList.toggle("drawing", Kind === PathGame); // no panning only while drawing
  current.game.mount(board);
  $("puzzle-id").textContent = current.id ? `ID: ${current.id}` : "a pasted puzzle";
  // A generated puzzle is shared by its ID; a pasted one by its JSON form in the URL.
  const share = $("share");
  share.href = current.id ? shareUrl(current.id) : `${location.origin}${location.pathname}`
    + `?family=${family}&puzzle=${encodeURIComponent(JSON.stringify(record.puzzle))}`;
  history.replaceState(null, "", share.href);
  say("");
  render();
  document.body.dataset.puzzles = String(Number(document.body.dataset.puzzles || 0) + 1);
}

function paramFields(family) {
  const box = $("params");
  box.replaceChildren();
  for (const p of FAMILIES[family].generate_params) {
    const label = el("label", "", p.name + " ");
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

async function generate(body) {
  const family = $("family").value;
  say("generating…");
  try {
    const record = await api(`/api/${family}/generate`, body);
    start(family, record);
    if (record.params) fillForm(record.params, record.seed);
  } catch (err) { say(err.message, "bad"); }
}

async function load(pasted) {
  const family = $("family").value;
  say("reading…");
  try {
    const puzzle = typeof pasted === "object" && pasted !== null ? pasted : $("paste").value;
    const record = await api(`/api/${family}/solve`, {puzzle, unique: true});
    const solution = record.status === "solved" && record.unique ? record.solution : null;
    start(family, {puzzle: record.puzzle, solution, judged: Boolean(solution)});
    if (!solution) say(`solver: ${record.status}; moves are not judged`, "");
  } catch (err) { say(err.message, "bad"); }
}

async function check() {
  if (!current) return;
  const unfinished = current.game.unfinished && current.game.unfinished();
  if (unfinished) { say(unfinished, "bad"); return; }
  try {
    const record = await api(`/api/${current.family}/check`,
      {puzzle: current.puzzle, solution: current.game.solutionJson()});
    if (record.valid) say("Solved!", "good");
    else {
      const words = record.violations.map((v) => v.message || JSON.stringify(v));
      const more = words.length > 1 ? ` (and ${words.length - 1} more)` : "";
      say(`Not solved: ${words[0]}${more}`, "bad");
    }
  } catch (err) { say("Not solved: " + err.message, "bad"); }
}

async function reveal() {
  if (!current) return;
  try {
    if (!current.solution) {
      const record = await api(`/api/${current.family}/solve`, {puzzle: current.puzzle});
      if (record.status !== "solved") { say(`solver: ${record.status}`, "bad"); return; }
      current.solution = record.solution;
    }
    current.game.reveal(current.solution);
    render();
    say("The solution.", "");
  } catch (err) { say(err.message, "bad"); }
}

async function hint() {
  if (!current || !current.game.hintPuzzle) return;
  try {
    const record = await api(`/api/${current.family}/hint`, {puzzle: current.game.hintPuzzle()});
    if (current.game.applyHint(record)) render();
    const words = (current.game.hintWords && current.game.hintWords(record))
      || (record.hint && record.hint.message);
    say("Hint: " + (words || JSON.stringify(record.hint)), record.status === "solved" ? "" : "bad");
  } catch (err) { say(err.message, "bad"); }
}

async function main() {
  const list = await api("/api/families");
  PALETTE = (await api("/api/palette")).colours;
  for (const f of list) {
    FAMILIES[f.name] = f;
    $("family").appendChild(new Option(f.title.split(":")[0], f.name));
  }
  $("family").onchange = () => paramFields($("family").value);
  $("generate-form").onsubmit = (e) => {
    e.preventDefault();
    generate({params: readParams(), seed: parseInt($("seed").value, 10) || 0});
  };
  $("load").onclick = () => load();
  $("upload").onchange = async () => { // a file's text goes into the box, then is loaded
    const file = $("upload").files[0];
    if (!file) return;
    $("paste").value = await file.text();
    await load();
  };
  $("undo").onclick = () => {
    if (current && current.game.undo()) { say(""); render(); }
  };
  $("check").onclick = check;
  $("reveal").onclick = reveal;
  $("hint").onclick = hint;
  $("add").onclick = () => {
    if (current && current.game.play && !current.game.pending && !current.game.wrong) {
      current.game.play("add");
    }
  };
  window.addEventListener("resize", () => { if (current) render(); });
  const query = new URLSearchParams(location.search);
  const id = query.get("id");
  const family = id ? id.split(":")[0] : query.get("family") || list[0].name;
  $("family").value = FAMILIES[family] ? family : list[0].name;
  paramFields($("family").value);
  if (!FAMILIES[family]) {
    say(`This link names no puzzle family the page knows ("${family}").`, "bad");
  } else if (id) {
    await generate({id});
  } else if (query.get("puzzle")) {
    let pasted = null;
    try { pasted = JSON.parse(query.get("puzzle")); } catch (err) { pasted = null; }
    if (pasted !== null) await load(pasted);
    else say("This link's puzzle could not be read: it is not a puzzle in JSON form.", "bad");
  }
  document.body.dataset.ready = "1";
}

main().catch((err) => say(`The page could not start: ${err.message}`, "bad"));
