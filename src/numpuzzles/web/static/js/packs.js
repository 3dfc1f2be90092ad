// Level packs and the daily puzzle (GET /api/packs).  Packs are lists of fixed puzzle IDs,
// the same for everyone; which levels a player has solved, and their best times, are kept
// in this browser (storage.js), so the list needs no account and no database.

import {clock, el} from "./dom.js";
import {progress, puzzleKey} from "./storage.js";

export class Packs {
  constructor(data) {
    this.packs = (data && data.packs) || [];
    this.daily = (data && data.daily) || {};
  }
  of(family) { return this.packs.filter((p) => p.family === family); }
  named(name) { return this.packs.find((p) => p.name === name) || null; }
  key(pack, index) {
    const level = pack.levels[index];
    return puzzleKey(pack.family, level.id || null, level.puzzle || null);
  }
  solved(pack, index) {
    const saved = progress(this.key(pack, index));
    return Boolean(saved && saved.solved);
  }
  // Where a level with this ID sits: {pack, index}, preferring the named pack.
  find(id, name) {
    const order = [this.named(name), ...this.packs].filter(Boolean);
    for (const pack of order) {
      const index = pack.levels.findIndex((level) => level.id === id);
      if (index >= 0) return {pack, index};
    }
    return null;
  }
  // The first level of the family's packs not solved yet, from ``start`` on.
  nextUnplayed(family, start = null) {
    const packs = this.of(family);
    let begin = 0;
    if (start) begin = Math.max(0, packs.indexOf(start.pack));
    for (let p = begin; p < packs.length; p++) {
      const from = start && p === begin ? start.index + 1 : 0;
      for (let i = from; i < packs[p].levels.length; i++) {
        if (!this.solved(packs[p], i)) return {pack: packs[p], index: i};
      }
    }
    return null;
  }
  // The level after this one: the next unsolved one in this pack or the packs after it,
  // else simply the next one.
  after(at) {
    const next = this.nextUnplayed(at.pack.family, at);
    if (next) return next;
    if (at.index + 1 < at.pack.levels.length) return {pack: at.pack, index: at.index + 1};
    return null;
  }
}

// The family's packs as tabs and the chosen pack's levels as buttons, each marked solved
// (with its best time) from local storage; ``pick({pack, index})`` opens a level.
export function drawLevels(tabs, list, packs, family, chosen, playing, pick, choose) {
  tabs.replaceChildren();
  list.replaceChildren();
  const mine = packs.of(family);
  tabs.parentNode.hidden = false;
  if (!mine.length) return;
  const pack = mine.includes(chosen) ? chosen : mine[0];
  for (const p of mine) {
    const tab = el("button", "tab", p.title);
    tab.type = "button";
    tab.setAttribute("aria-pressed", String(p === pack));
    tab.onclick = () => choose(p);
    tabs.appendChild(tab);
  }
  pack.levels.forEach((level, index) => {
    const item = el("li");
    const button = el("button", "level");
    button.type = "button";
    const saved = progress(packs.key(pack, index));
    button.appendChild(el("span", "number", index + 1));
    if (saved && saved.solved) {
      button.classList.add("solved");
      button.appendChild(el("span", "best", saved.best ? clock(saved.best) : "✓"));
    }
    const here = playing && playing.pack === pack && playing.index === index;
    if (here) button.setAttribute("aria-current", "true");
    button.setAttribute("aria-label", `level ${index + 1}`
      + (saved && saved.solved ? `, solved${saved.best ? ` in ${clock(saved.best)}` : ""}` : ""));
    button.onclick = () => pick({pack, index});
    item.appendChild(button);
    list.appendChild(item);
  });
}
