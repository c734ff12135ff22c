// The chart of a result: bars of P(= k) for the result shown, and a P(≥ k) line for it and for
// each pinned result. It is laid out once as shapes, then drawn as SVG on the page or on a
// canvas for the share image, so both show the same chart.

import { svg } from "./dom.js";
import { percent, ratio, rows } from "./numbers.js";

export const COLOURS = ["#1f5fbf", "#c2410c", "#15803d", "#7e22ce", "#b45309", "#0e7490", "#be123c"];
const INK = "#5a6370";
const GRID = "#d0d6de";

/** The shapes of a chart `width` wide of `series` ([{dist, colour, bars, dashed}]). */
export function layout(series, width, font = 12) {
  const all = series.map((s) => rows(s.dist));
  const ks = [...new Set(all.flat().map((r) => r[0]))].sort((a, b) => a - b);
  const [H, L, B, T, R] = [Math.round(width * 0.45), font * 4, font * 2.6, font, font];
  const lo = ks[0];
  const span = Math.max(ks[ks.length - 1] - lo + 1, 1);
  const x = (k) => L + ((k - lo + 0.5) / span) * (width - L - R);
  const y = (v) => T + (1 - v) * (H - T - B);
  const shapes = [];
  for (const v of [0, 0.25, 0.5, 0.75, 1]) {
    shapes.push({ kind: "line", x1: L, x2: width - R, y1: y(v), y2: y(v), stroke: GRID });
    shapes.push({ kind: "text", x: L - font / 2, y: y(v) + font / 3, anchor: "end", text: `${v * 100}%`, size: font, fill: INK });
  }
  // As many k labels as fit, about three characters' room each.
  const every = Math.max(1, Math.ceil(span / ((width - L - R) / (font * 2.4))));
  for (const k of ks.filter((k) => (k - lo) % every === 0)) {
    shapes.push({ kind: "text", x: x(k), y: H - font * 0.9, anchor: "middle", text: String(k), size: font, fill: INK });
  }
  const slot = ((width - L - R) / span) * 0.8;
  series.forEach((s, i) => {
    if (s.bars) {
      for (const [k, pk] of all[i]) {
        const v = ratio(pk);
        shapes.push({ kind: "rect", x: x(k) - slot / 2, y: y(v), w: slot, h: y(0) - y(v), fill: s.colour, opacity: 0.8, title: `${k}: ${percent(pk)}` });
      }
    }
    const points = all[i].map(([k, , ge]) => [x(k), y(ratio(ge))]);
    shapes.push({ kind: "polyline", points, stroke: s.colour, dashed: !!s.dashed, width: 2.5 });
  });
  return { width, height: H, shapes };
}

/** The chart as an SVG element labelled `label`, described by the element `table` (its id): the
 * same numbers as text. */
export function toSvg(chart, label, table) {
  const root = svg("svg", { viewBox: `0 0 ${chart.width} ${chart.height}`, role: "img", "aria-label": label, "aria-describedby": table });
  for (const s of chart.shapes) {
    if (s.kind === "line") root.append(svg("line", { x1: s.x1, x2: s.x2, y1: s.y1, y2: s.y2, stroke: s.stroke }));
    if (s.kind === "text") root.append(svg("text", { x: s.x, y: s.y, "text-anchor": s.anchor, "font-size": s.size, fill: s.fill }, s.text));
    if (s.kind === "rect") {
      const r = svg("rect", { x: s.x, y: s.y, width: Math.max(s.w, 1), height: s.h, fill: s.fill, "fill-opacity": s.opacity });
      r.append(svg("title", {}, s.title));
      root.append(r);
    }
    if (s.kind === "polyline") {
      root.append(svg("polyline", {
        points: s.points.map((p) => p.join(",")).join(" "), fill: "none", stroke: s.stroke,
        "stroke-width": s.width, "stroke-dasharray": s.dashed ? "6 4" : "",
      }));
    }
  }
  return root;
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
      ctx.fillStyle = s.fill;
      ctx.font = `${s.size}px system-ui, sans-serif`;
      ctx.textAlign = { end: "right", middle: "center" }[s.anchor] || "left";
      ctx.fillText(s.text, s.x, s.y);
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
      ctx.setLineDash(s.dashed ? [6, 4] : []);
      ctx.beginPath();
      s.points.forEach(([px, py], i) => (i ? ctx.lineTo(px, py) : ctx.moveTo(px, py)));
      ctx.stroke();
    }
  }
  ctx.restore();
}
