// The puzzles shipped with the build (scripts/build_site.py writes puzzles.json: generated with
// fixed seeds and rated by the engine), so a first visit plays at once, engine or not.
// [{box: [3, 3], level: "Easy", score: 12, values: [0, 5, ...]}]

let shipped = null;

export async function loadShipped() {
  if (shipped) return shipped;
  try {
    const response = await fetch(new URL("../puzzles.json", import.meta.url));
    shipped = response.ok ? await response.json() : [];
  } catch {
    shipped = []; // offline before the cache was filled: the engine generates instead
  }
  if (!Array.isArray(shipped)) shipped = [];
  return shipped;
}

// A shipped puzzle of a size and level (case-insensitive), not `avoid` (givens), or null.
export function pickShipped(n, level, avoid = null) {
  const fits = (shipped || []).filter((p) => p.box[0] * p.box[1] === n &&
    p.level.toLowerCase() === level.toLowerCase() &&
    !(avoid && p.values.join(",") === avoid.join(",")));
  return fits.length ? fits[Math.floor(Math.random() * fits.length)] : null;
}
