// The clock of the game in play: it runs while the page is shown and the puzzle is not
// finished, and stands still in a hidden tab, so the time is the time spent playing.

import {clock} from "./dom.js";

export class Timer {
  constructor(node) {
    this.node = node;
    this.base = 0; // milliseconds counted before the current run
    this.since = null; // when the current run began (performance.now()), null when stopped
    this.ticker = null;
    document.addEventListener("visibilitychange", () => {
      if (document.hidden) this.hold(); else if (this.wanted) this.run();
    });
  }
  get elapsed() {
    return this.base + (this.since === null ? 0 : performance.now() - this.since);
  }
  // Start counting from ``ms`` (a resumed game's time so far).
  start(ms) {
    this.stop();
    this.base = ms || 0;
    this.wanted = true;
    if (!document.hidden) this.run();
    this.show();
  }
  run() {
    if (this.since !== null) return;
    this.since = performance.now();
    this.ticker = setInterval(() => this.show(), 1000);
  }
  hold() {
    if (this.since === null) return;
    this.base = this.elapsed;
    this.since = null;
    clearInterval(this.ticker);
    this.show();
  }
  // Stop for good (solved, revealed, or another puzzle); the time so far.
  stop() {
    this.wanted = false;
    this.hold();
    return this.base;
  }
  show() { this.node.textContent = clock(this.elapsed); }
}
