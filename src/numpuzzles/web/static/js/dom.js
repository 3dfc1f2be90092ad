// The few DOM helpers every module uses: find by id, make an element, say a sentence.

export const $ = (id) => document.getElementById(id);

export function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

// The status line under the board: one sentence, "good", "bad" or plain.
export function say(text, kind) {
  const status = $("status");
  status.textContent = text;
  status.className = kind || "";
}

export const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

// m:ss (or h:mm:ss) for a time in milliseconds, as a player reads a clock.
export function clock(ms) {
  const total = Math.floor(ms / 1000);
  const s = String(total % 60).padStart(2, "0");
  const m = Math.floor(total / 60) % 60;
  const h = Math.floor(total / 3600);
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}
