// The chart of a result: bars of P(= k) for the result shown, and a P(≥ k) line for it and for
// each pinned result, with axis titles. It is laid out once as shapes, then drawn as SVG on the
// page or on a canvas for the share image, so both show the same chart. Each series has a look
// (a colour, a dash pattern and a point marker) so the curves differ without colour too.

import { svg } from "./dom.js";
import { percent, ratio, rows } from "./numbers.js";

export const COLOURS = ["#1f5fbf", "#c2410c", "#15803d", "#7e22ce", "#b45309", "#0e7490", "#be123c"];
/** Each look's dash pattern: the result shown solid, each pin its own. */
const DASHES = [[], [8, 4], [2, 3], [10, 3, 2, 3], [5, 5], [14, 4], [2, 3, 2, 3, 8, 3]];
/** Each look's point marker. */
const MARKERS = ["circle", "square", "triangle", "diamond", "down", "plus", "cross"];
const INK = "#5a6370";
const GRID = "#d0d6de";

/** Look `i`: {colour, dash, marker}. */
export function look(i) {
  return { colour: COLOURS[i % COLOURS.length], dash: DASHES[i % DASHES.length], marker: MARKERS[i % MARKERS.length] };
}

/** The SVG path of a marker of `shape` centred on (x, y), `r` from centre to edge: one path for
 * SVG and for a canvas (Path2D), so both draw the same marker. */
function markerPath(shape, x, y, r) {
  const polygon = (pts) => `M${pts.map(([dx, dy]) => `${(x + dx * r).toFixed(2)} ${(y + dy * r).toFixed(2)}`).join("L")}Z`;
  const arm = 0.38;
  const plus = [[-arm, -1], [arm, -1], [arm, -arm], [1, -arm], [1, arm], [arm, arm], [arm, 1], [-arm, 1], [-arm, arm], [-1, arm], [-1, -arm], [-arm, -arm]];
  const turned = (pts) => pts.map(([a, b]) => [(a - b) * Math.SQRT1_2 * 1.2, (a + b) * Math.SQRT1_2 * 1.2]);
  const paths = {
    circle: () => `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`,
    square: () => polygon([[-0.85, -0.85], [0.85, -0.85], [0.85, 0.85], [-0.85, 0.85]]),
    triangle: () => polygon([[0, -1.15], [1.1, 0.85], [-1.1, 0.85]]),
    diamond: () => polygon([[0, -1.2], [1.2, 0], [0, 1.2], [-1.2, 0]]),
    down: () => polygon([[0, 1.15], [1.1, -0.85], [-1.1, -0.85]]),
    plus: () => polygon(plus.map(([a, b]) => [a * 1.15, b * 1.15])),
    cross: () => polygon(turned(plus)),
  };
  return paths[shape]();
}

/** The shapes of a chart `width` wide of `series` ([{dist, look, bars}]), its axes titled
 * `titles` ({x, y}). Also where each k is across (`columns`), for reading values at a point. */
export function layout(series, width, font = 12, titles = { x: "", y: "" }) {
  const all = series.map((s) => rows(s.dist));
  const ks = [...new Set(all.flat().map((r) => r[0]))].sort((a, b) => a - b);
  // Tall enough on a phone for the curves to part, below the axis' numbers and title.
  const [H, L, B, T, R] = [Math.round(Math.max(width * 0.45, font * 17)), font * 5.2, font * 4, font, font];
  const lo = ks[0];
  const span = Math.max(ks[ks.length - 1] - lo + 1, 1);
  const x = (k) => L + ((k - lo + 0.5) / span) * (width - L - R);
  const y = (v) => T + (1 - v) * (H - T - B);
  const shapes = [];
  for (const v of [0, 0.25, 0.5, 0.75, 1]) {
    shapes.push({ kind: "line", x1: L, x2: width - R, y1: y(v), y2: y(v), stroke: GRID });
    shapes.push({ kind: "text", x: L - font / 2, y: y(v) + font / 3, anchor: "end", text: `${v * 100}%`, size: font, fill: INK });
  }
  // As many k labels (and markers) as fit, about three characters' room each.
  const every = Math.max(1, Math.ceil(span / ((width - L - R) / (font * 2.4))));
  const labelled = (k) => (k - lo) % every === 0;
  for (const k of ks.filter(labelled)) {
    shapes.push({ kind: "text", x: x(k), y: y(0) + font * 1.3, anchor: "middle", text: String(k), size: font, fill: INK });
  }
  shapes.push({ kind: "text", x: (L + width - R) / 2, y: H - font * 0.5, anchor: "middle", text: titles.x, size: font, fill: INK });
  shapes.push({ kind: "text", x: font * 1.1, y: y(0.5), anchor: "middle", text: titles.y, size: font, fill: INK, rotate: -90 });
  const slot = ((width - L - R) / span) * 0.8;
  series.forEach((s, i) => {
    const { colour, dash, marker } = look(s.look);
    if (s.bars) {
      for (const [k, pk] of all[i]) {
        const v = ratio(pk);
        shapes.push({ kind: "rect", x: x(k) - slot / 2, y: y(v), w: slot, h: y(0) - y(v), fill: colour, look: s.look, opacity: 0.8, title: `${k}: ${percent(pk)}` });
      }
    }
    const points = all[i].map(([k, , ge]) => [k, x(k), y(ratio(ge))]);
    shapes.push({ kind: "polyline", points: points.map(([, px, py]) => [px, py]), stroke: colour, look: s.look, dash, width: 2.5 });
    for (const [, px, py] of points.filter(([k]) => labelled(k))) {
      shapes.push({ kind: "marker", d: markerPath(marker, px, py, font * 0.38), fill: colour, look: s.look });
    }
  });
  const columns = ks.map((k) => ({ k, x: x(k) }));
  return { width, height: H, shapes, columns, plot: { top: y(1), bottom: y(0) } };
}

/** A legend's sample of look `i`: a short stretch of its line with its marker, `w` wide. */
export function sample(i, w = 36, h = 14, r = 4.5) {
  const { colour, dash, marker } = look(i);
  return {
    width: w,
    height: h,
    shapes: [
      { kind: "polyline", points: [[1, h / 2], [w - 1, h / 2]], stroke: colour, look: i, dash, width: 2.5 },
      { kind: "marker", d: markerPath(marker, w / 2, h / 2, r), fill: colour, look: i },
    ],
  };
}

/** The chart as an SVG element labelled `label`, described by the element `table` (its id): the
 * same numbers as text. */
export function toSvg(chart, label, table) {
  const root = svg("svg", { viewBox: `0 0 ${chart.width} ${chart.height}`, role: "img", "aria-label": label, "aria-describedby": table });
  for (const s of chart.shapes) root.append(svgShape(s));
  return root;
}

/** The sample of look `i` as an SVG element, hidden from screen readers: the words beside it
 * name the series. */
export function sampleSvg(i) {
  const s = sample(i);
  const root = svg("svg", { viewBox: `0 0 ${s.width} ${s.height}`, width: s.width, height: s.height, "aria-hidden": "true", class: "sample" });
  for (const shape of s.shapes) root.append(svgShape(shape));
  return root;
}

/** One shape as an SVG element; a series' shapes carry their look as a class (`look-N`), by
 * which the dark theme gives them its own colours (app.css). */
function svgShape(s) {
  const e = svgElement(s);
  if (s.look !== undefined) e.classList.add(`look-${s.look % COLOURS.length}`);
  return e;
}

function svgElement(s) {
  if (s.kind === "line") return svg("line", { x1: s.x1, x2: s.x2, y1: s.y1, y2: s.y2, stroke: s.stroke });
  if (s.kind === "text") {
    const t = svg("text", { x: s.x, y: s.y, "text-anchor": s.anchor, "font-size": s.size, fill: s.fill }, s.text);
    if (s.rotate) t.setAttribute("transform", `rotate(${s.rotate} ${s.x} ${s.y})`);
    return t;
  }
  if (s.kind === "rect") {
    const r = svg("rect", { x: s.x, y: s.y, width: Math.max(s.w, 1), height: s.h, fill: s.fill, "fill-opacity": s.opacity });
    r.append(svg("title", {}, s.title));
    return r;
  }
  if (s.kind === "marker") return svg("path", { d: s.d, fill: s.fill, stroke: "#ffffff", "stroke-width": 1, class: "marker" });
  return svg("polyline", {
    points: s.points.map((p) => p.join(",")).join(" "), fill: "none", stroke: s.stroke,
    "stroke-width": s.width, "stroke-dasharray": s.dash.join(" "),
  });
}

/** Draws the chart on a canvas context with its top left corner at (x0, y0). */
export function paint(ctx, chart, x0, y0) {
  ctx.save();
  ctx.translate(x0, y0);
  for (const s of chart.shapes) {
    if (s.kind === "line") {
      ctx.strokeStyle = s.stroke;
      ctx.lineWidth = 1;
      ctx.setLineDash([]);
      ctx.beginPath();
      ctx.moveTo(s.x1, s.y1);
      ctx.lineTo(s.x2, s.y2);
      ctx.stroke();
    }
    if (s.kind === "text") {
      ctx.save();
      ctx.translate(s.x, s.y);
      if (s.rotate) ctx.rotate((s.rotate * Math.PI) / 180);
      ctx.fillStyle = s.fill;
      ctx.font = `${s.size}px system-ui, sans-serif`;
      ctx.textAlign = { end: "right", middle: "center" }[s.anchor] || "left";
      ctx.fillText(s.text, 0, 0);
      ctx.restore();
    }
    if (s.kind === "rect") {
      ctx.globalAlpha = s.opacity;
      ctx.fillStyle = s.fill;
      ctx.fillRect(s.x, s.y, Math.max(s.w, 1), s.h);
      ctx.globalAlpha = 1;
    }
    if (s.kind === "polyline") {
      ctx.strokeStyle = s.stroke;
      ctx.lineWidth = s.width;
      ctx.setLineDash(s.dash);
      ctx.beginPath();
      s.points.forEach(([px, py], i) => (i ? ctx.lineTo(px, py) : ctx.moveTo(px, py)));
      ctx.stroke();
    }
    if (s.kind === "marker") {
      const path = new Path2D(s.d);
      ctx.fillStyle = s.fill;
      ctx.fill(path);
      ctx.strokeStyle = "#ffffff";
      ctx.lineWidth = 1;
      ctx.setLineDash([]);
      ctx.stroke(path);
    }
  }
  ctx.restore();
}
