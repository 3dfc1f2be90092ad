// The JSON API client: every request to /api/... goes through api(), so that any failure
// reaches the player as the server's one sentence (or one of ours), never a stack trace.

export async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body)};
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
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

// The drawings' label colours with their ink (GET /api/palette), the i-th for the i-th
// label in increasing order, as the drawings number them.
let PALETTE = [{fill: "#444444", ink: "#ffffff"}];
export async function loadPalette() { PALETTE = (await api("/api/palette")).colours; }
export const paint = (index) => PALETTE[index % PALETTE.length];
