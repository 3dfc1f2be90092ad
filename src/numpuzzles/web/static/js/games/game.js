// What every game shares.  A game owns its listeners (added through listen() in mount(),
// all removed by stop() when the next game starts: one game's pointer handlers, with
// preventDefault, once stayed on the board and broke the games played after it), and its
// history: snapshot() and restore() are each game's, undo and redo are written once here.
//
// The page (the "host") gives each game: family, changed() after every move (redraw, save,
// and judge the board when the game says it is ready()), render() to redraw only, and
// say(text, kind) for the status line.

import {MIN_CELL} from "../board.js";

export class Game {
  constructor(puzzle, answer, host) {
    this.p = puzzle;
    this.answer = answer; // the one solution when it is known, else null: moves not judged
    this.host = host;
    this.listeners = new AbortController();
    this.past = [];
    this.future = [];
    this.locked = false; // solved or revealed: the board takes no more moves
  }
  listen(target, type, handler, options = {}) {
    target.addEventListener(type, handler, {...options, signal: this.listeners.signal});
  }
  mount(board) {}
  stop() { this.listeners.abort(); }
  // the least cell size in px the board may shrink to before it scrolls instead
  leastCell() { return MIN_CELL; }

  // ---- history: a move calls remember() with the state before it ----
  snapshot() { throw new Error("a game must say what its state is"); }
  restore(state) { throw new Error("a game must say how to restore its state"); }
  remember(before) {
    this.past.push(before === undefined ? this.snapshot() : before);
    this.future = [];
  }
  busy() { return false; } // waiting for the server: no undo, no moves
  canUndo() { return !this.locked && !this.busy() && this.past.length > 0; }
  canRedo() { return !this.locked && !this.busy() && this.future.length > 0; }
  undo() {
    if (!this.canUndo()) return false;
    this.future.push(this.snapshot());
    this.restore(this.past.pop());
    return true;
  }
  redo() {
    if (!this.canRedo()) return false;
    this.past.push(this.snapshot());
    this.restore(this.future.pop());
    return true;
  }

  // ---- judging ----
  wrongCells() { return []; } // cells that disagree with the known solution
  problem() { return null; } // a sentence about them, or null
  ready() { return false; } // the board is complete enough to ask the server
  unfinished() { return null; } // why Check need not ask the server yet, or null
  judged(record) {} // the server's /check of solutionJson(), when ready()
  hintWords(record) { return null; }
  rulesKey() { return this.p.rules || null; } // which "How to play" applies
  drawControls(node) { node.hidden = true; } // controls of the game's own (a keypad)
}

export function disagreeing(count) {
  if (!count) return null;
  return `${count === 1 ? "1 cell disagrees" : `${count} cells disagree`} with the solution: undo.`;
}
