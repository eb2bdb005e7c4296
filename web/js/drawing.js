// The engine's drawing of a variant's placed rules (docs/protocol.md "Drawing"): lines,
// circles, rounded boxes and text, in cell units, drawn into one SVG over the grid. No rule is
// known here: the engine says which shape goes where, in which palette colour (app.css turns
// the name "thermo" into var(--draw-thermo), light or dark).

const SVG = "http://www.w3.org/2000/svg";
const MARGIN = 1; // a cell of room for clues outside the grid, on each side that has one
const NAME = /^[a-z][a-z-]*$/; // a palette name, as the engine sends it

function svgEl(name, attrs) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

const num = (v) => (Number.isFinite(v) ? Math.round(v * 1000) / 1000 : 0);
const colour = (name) => (typeof name === "string" && NAME.test(name) ? `var(--draw-${name})` : "none");
// A point [row, col] -> SVG x, y: the viewBox puts cell (r, c)'s centre at (c, r).
const xy = (p) => [num(p[1]), num(p[0])];

function paint(shape) {
  return {
    fill: colour(shape.fill),
    stroke: colour(shape.stroke),
    "stroke-width": num(shape.width || 0),
  };
}

function arrowHead(points, width) {
  const [x1, y1] = xy(points[points.length - 2]);
  const [x2, y2] = xy(points[points.length - 1]);
  const angle = Math.atan2(y2 - y1, x2 - x1);
  const size = Math.max(0.12, width * 3.5);
  const wing = (turn) => [x2 - size * Math.cos(angle + turn), y2 - size * Math.sin(angle + turn)];
  return [wing(0.6), [x2, y2], wing(-0.6)].map((p) => p.map(num).join(",")).join(" ");
}

function drawLine(shape) {
  const points = Array.isArray(shape.points) ? shape.points : [];
  if (points.length < 2) return [];
  const width = num(shape.width || 0.05);
  const attrs = { points: points.map((p) => xy(p).join(",")).join(" "), fill: "none",
    stroke: colour(shape.stroke), "stroke-width": width };
  if (shape.dash) attrs["stroke-dasharray"] = `${num(width * 0.9)} ${num(width * 0.7)}`;
  const out = [svgEl("polyline", attrs)];
  if (shape.end === "arrow") {
    out.push(svgEl("polyline", { points: arrowHead(points, width), fill: "none",
      stroke: colour(shape.stroke), "stroke-width": width }));
  }
  return out;
}

function drawCircle(shape) {
  const [cx, cy] = xy(shape.at);
  return [svgEl("circle", { cx, cy, r: num(shape.radius), ...paint(shape) })];
}

function drawRect(shape) {
  const [x1, y1] = xy(shape.from);
  const [x2, y2] = xy(shape.to);
  const r = num(shape.radius || 0);
  return [svgEl("rect", { x: x1, y: y1, width: num(x2 - x1), height: num(y2 - y1), rx: r, ry: r,
    ...paint(shape) })];
}

function drawText(shape) {
  const [x, y] = xy(shape.at);
  const size = num(shape.size || 0.4);
  const out = [];
  if (shape.back) {
    const r = num(size * 0.55 * Math.max(1, String(shape.text).length * 0.8));
    out.push(svgEl("circle", { cx: x, cy: y, r, fill: colour(shape.back) }));
  }
  const text = svgEl("text", { x, y, "font-size": size, fill: colour(shape.fill || "ink"),
    "text-anchor": "middle", "dominant-baseline": "central" });
  text.textContent = String(shape.text);
  out.push(text);
  return out;
}

const DRAW = { line: drawLine, circle: drawCircle, rect: drawRect, text: drawText };

const isPoint = (p) => Array.isArray(p) && p.length === 2 && p.every(Number.isFinite);

function shapePoints(shape) {
  if (shape.shape === "line") return shape.points || [];
  if (shape.shape === "rect") return [shape.from, shape.to];
  return [shape.at];
}

// The room each side of the grid needs for clues outside it, in cells: {top, right, bottom,
// left}, each 0 or MARGIN (a shape beyond the grid's edge, which lies at -0.5 and n - 0.5).
export function margins(drawing, n) {
  const out = { top: 0, right: 0, bottom: 0, left: 0 };
  for (const item of drawing || []) {
    for (const shape of item.shapes || []) {
      for (const p of shapePoints(shape)) {
        if (!Array.isArray(p)) continue;
        if (p[0] < -0.5) out.top = MARGIN;
        if (p[0] > n - 0.5) out.bottom = MARGIN;
        if (p[1] < -0.5) out.left = MARGIN;
        if (p[1] > n - 0.5) out.right = MARGIN;
      }
    }
  }
  return out;
}

// The SVG of a drawing over an n x n grid (null when there is nothing to draw): one group per
// rule, `data-type` its type, in the engine's order (thermometers under dots, as listed).
export function drawingLayer(drawing, n) {
  if (!drawing || !drawing.length) return null;
  const svg = svgEl("svg", { class: "drawing", viewBox: `-0.5 -0.5 ${n} ${n}`, "aria-hidden": "true" });
  for (const item of drawing) {
    const group = svgEl("g", { "data-type": String(item.type || "") });
    for (const shape of item.shapes || []) {
      const draw = DRAW[shape.shape];
      if (draw && shapePoints(shape).every(isPoint)) group.append(...draw(shape));
    }
    svg.append(group);
  }
  return svg;
}

// Each cell's words for the rules through it (", thermometer, white dot"), from the drawing's
// labels: a Map cell -> text.
export function ruleLabels(drawing) {
  const names = new Map();
  for (const item of drawing || []) {
    for (const cell of item.cells || []) {
      if (!names.has(cell)) names.set(cell, []);
      const list = names.get(cell);
      if (item.label && !list.includes(item.label)) list.push(item.label);
    }
  }
  return new Map([...names].map(([cell, list]) => [cell, list.map((w) => `, ${w}`).join("")]));
}
