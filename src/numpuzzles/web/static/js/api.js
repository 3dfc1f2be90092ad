// The JSON API client: every request to /api/... goes through api(), so that any failure
// reaches the player as the server's one sentence (or one of ours), never a stack trace.

// ``signal`` (an AbortController's) cancels the request: the editor drops an answer that
// an edit has made stale; the AbortError then reaches the caller as it is.
export async function api(path, body, signal) {
  const init = body === undefined ? {signal} : {
    method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body),
    signal};
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    if (err.name === "AbortError") throw err;
    throw new Error("The server cannot be reached: is numpuzzles serve still running?");
  }
  let data = null;
  try { data = await response.json(); } catch (err) { data = null; }
  if (!response.ok || data === null) {
    throw new Error((data && data.error) || `The server could not answer (${response.status}).`);
  }
  return data;
}

// A family's puzzle generated from its ID (the server caches these: an ID names one
// puzzle forever), or from parameters and a seed.
export const generate = (family, body) => api(`/api/${family}/generate`, body);
export const check = (family, puzzle, solution) =>
  api(`/api/${family}/check`, {puzzle, solution});
export const solve = (family, body) => api(`/api/${family}/solve`, body);
export const hint = (family, puzzle) => api(`/api/${family}/hint`, {puzzle});
export const analyse = (family, puzzle, timeout, signal) =>
  api(`/api/${family}/analyse`, {puzzle, timeout}, signal);

// The puzzle as a file (POST /api/{family}/export): a Blob with the server's file name.
export async function exportFile(family, puzzle, to) {
  let response;
  try {
    response = await fetch(`/api/${family}/export`, {
      method: "POST", headers: {"content-type": "application/json"},
      body: JSON.stringify({puzzle, to})});
  } catch (err) {
    throw new Error("The server cannot be reached: is numpuzzles serve still running?");
  }
  if (!response.ok) {
    let data = null;
    try { data = await response.json(); } catch (err) { data = null; }
    throw new Error((data && data.error) || `The server could not answer (${response.status}).`);
  }
  const named = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") || "");
  return {blob: await response.blob(), name: named ? named[1] : `${family}-puzzle.${to}`};
}

// The drawings' label colours with their ink (GET /api/palette), the i-th for the i-th
// label in increasing order, as the drawings number them.
let PALETTE = [{fill: "#444444", ink: "#ffffff"}];
export async function loadPalette() { PALETTE = (await api("/api/palette")).colours; }
export const paint = (index) => PALETTE[index % PALETTE.length];
