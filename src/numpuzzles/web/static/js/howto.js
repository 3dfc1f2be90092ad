// "How to play": the family's rules for the puzzle's rule set, as the server words them
// from the rules its checker enforces (GET /api/families: how_to_play, play), then how the
// board is used: ``use`` (the editor's words while making), else the server's for play.

import {el} from "./dom.js";

export function drawHowTo(node, family, rulesKey, use = family.play) {
  node.replaceChildren();
  const texts = family.how_to_play || {};
  const keys = Object.keys(texts);
  const key = rulesKey in texts ? rulesKey : keys[0];
  const sentences = key === undefined ? [] : texts[key];
  if (key !== undefined && keys.length > 1) {
    node.appendChild(el("p", "rules-name", `Rules: ${key}`));
  }
  const list = el("ul");
  for (const sentence of sentences) list.appendChild(el("li", "", sentence));
  node.appendChild(list);
  if (use) node.appendChild(el("p", "", use));
}
