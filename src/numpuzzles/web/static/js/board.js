// The board's size on screen.  Cells follow the window: as large as 56 px, as small as the
// board needs to fit the screen's width (a 15x15 on a 390 px phone gets 24 px cells) and,
// on a wide screen, its height with the buttons below still in view; never under 16 px.  A board that then still does not fit (a 25x25 on a phone) scrolls inside
// its frame, never the page, and the zoom buttons make its cells larger or smaller.

import {$} from "./dom.js";

export const MAX_CELL = 56;
// what goes below the board and should stay in view with it: the status line and buttons
const BELOW = 140;
export const MIN_CELL = 16;
// The least cell size of a board whose cells take typed numbers (Survo, Fubuki, in play and
// in the editor): numbers up to 36, two digits at half the cell, stay readable and a
// finger-sized target; a wider table scrolls sideways under its row sums (style.css).
export const TYPED_CELL = 30;
const ZOOM_STEPS = [0.6, 0.75, 1, 1.5, 2, 2.5];

let zoom = ZOOM_STEPS.indexOf(1);

// The width the board may take: its frame's, less the board's 2 px border each side.
function room(wrap) {
  return Math.max(0, wrap.clientWidth - 4);
}

// The height the board may take: from its top on the page to the window's bottom, less
// the status line and buttons.  A phone's width decides first, so this only bites on wide
// screens, where it keeps a big board and its buttons on one screen.
function height(wrap, below) {
  const top = wrap.getBoundingClientRect().top + window.scrollY;
  return Math.max(0, window.innerHeight - top - below);
}

// The cell size for ``columns`` columns, set as --cell on the board, for the editor's
// board (its own frame, no zoom): ``below`` is what should stay in view under it.
export function fitCells(board, columns, rows, wrap, below, least = MIN_CELL) {
  const size = Math.max(least, Math.min(MAX_CELL, Math.floor(room(wrap) / columns),
    Math.floor(height(wrap, below) / rows)));
  board.style.setProperty("--cell", `${size}px`);
  return size;
}

// The cell size for ``columns`` columns (with the zoom applied), set as --cell on the board;
// never under ``least`` (a game whose cells take typed numbers asks for more than
// MIN_CELL: a 2x18 Survo table on a phone then scrolls sideways instead of shrinking its
// cells past what a finger can tap and two digits can be read in).
export function sizeCells(board, columns, least = MIN_CELL) {
  const wrap = $("board-wrap");
  const fit = Math.max(least, Math.min(MAX_CELL, Math.floor(room(wrap) / columns),
    Math.floor(height(wrap, BELOW) / columns)));
  const size = Math.max(12, Math.round(fit * ZOOM_STEPS[zoom]));
  board.style.setProperty("--cell", `${size}px`);
  // zooming is offered where it helps: small cells, or a board already zoomed
  $("zoom").hidden = fit >= 28 && ZOOM_STEPS[zoom] === 1;
  return size;
}

// Shades the frame's edges where the board goes on past them (a 2x18 Survo on a phone, a
// zoomed 25x25): without them nothing but a cut cell says the sums are off to the right.
export function markOverflow() {
  const wrap = $("board-wrap");
  const frame = $("board-frame");
  if (!wrap || !frame) return;
  frame.classList.toggle("more-left", wrap.scrollLeft > 1);
  frame.classList.toggle("more-right", wrap.scrollLeft + wrap.clientWidth < wrap.scrollWidth - 1);
}

export function zoomBy(step) {
  zoom = Math.max(0, Math.min(ZOOM_STEPS.length - 1, zoom + step));
}

export function resetZoom() { zoom = ZOOM_STEPS.indexOf(1); }

// Cells the game calls wrong get the "wrong" mark; the marks of the last draw go first.
export function markWrong(board, cells) {
  for (const node of board.querySelectorAll(".cell.wrong")) node.classList.remove("wrong");
  for (const [r, c] of cells) {
    const cell = board.querySelector(`.cell[data-r="${r}"][data-c="${c}"]`);
    if (cell) cell.classList.add("wrong");
  }
}
