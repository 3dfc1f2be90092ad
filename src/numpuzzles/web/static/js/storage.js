// What the browser keeps between visits (localStorage): each puzzle's progress (the game's
// state, the time spent, solved or not, the best time), the puzzle played last, which
// families' rules the player has seen, and the puzzle being made in each family.  Nothing
// here is needed to play: where storage is off or full, the page plays on without it.

const PREFIX = "numpuzzles:v1:";

function read(key) {
  try {
    const text = localStorage.getItem(PREFIX + key);
    return text === null ? null : JSON.parse(text);
  } catch (err) { return null; }
}

function write(key, value) {
  try { localStorage.setItem(PREFIX + key, JSON.stringify(value)); } catch (err) { /* full or off */ }
}

// A short stable name for a puzzle without an ID (a pasted one): its family and a hash of
// its JSON form (FNV-1a, 32 bits; a clash only mixes up two pasted puzzles' progress).
function hashText(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

export function puzzleKey(family, id, puzzle) {
  return id ? `id:${id}` : `puzzle:${family}:${hashText(JSON.stringify(puzzle))}`;
}

// {state, elapsed, solved, revealed, best} for a puzzle, or null when never played.
export const progress = (key) => read(`game:${key}`);
export function saveProgress(key, value) { write(`game:${key}`, value); }

// The puzzle played last: {family, id, puzzle, pack} (puzzle only when it has no ID).
export const lastPlayed = () => read("last");
export function setLastPlayed(value) { write("last", value); }

// The last puzzle of each family, so that switching back resumes it.
export const lastOf = (family) => read(`last:${family}`);
export function setLastOf(family, value) { write(`last:${family}`, value); }

export const seen = (what) => Boolean(read(`seen:${what}`));
export function markSeen(what) { write(`seen:${what}`, true); }

// The puzzle being made in the editor, one a family: {state} in the family's JSON form.
export const draft = (family) => read(`draft:${family}`);
export function saveDraft(family, value) { write(`draft:${family}`, value); }

// Play or make: the mode the page was left in.
export const mode = () => read("mode");
export function setMode(value) { write("mode", value); }
