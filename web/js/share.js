// The share image: the result card as a PNG made in the browser (headline, chart, the query in
// words and the link), to download and post where a link alone would not show the numbers.

import { COLOURS, layout, paint, sample } from "./chart.js";

const W = 1200;
const H = 675;

/** Text cut with an ellipsis to fit `width` pixels in the context's font: the longest start
 * that fits, found by halving (a 16,000-character caption takes some 14 measures, not 16,000). */
function fit(ctx, text, width) {
  if (ctx.measureText(text).width <= width) return text;
  let [fits, over] = [0, text.length];
  while (over - fits > 1) {
    const mid = (fits + over) >> 1;
    if (ctx.measureText(`${text.slice(0, mid)}…`).width <= width) fits = mid;
    else over = mid;
  }
  return `${text.slice(0, Math.max(fits, 1))}…`;
}

/** The PNG of a result as a data: URL. `card`: {title, headline, subline, lines, series, link,
 * axes}; each line beside the chart is a series' (with its sample) when there are several. */
export function shareImage(card) {
  const canvas = document.createElement("canvas");
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, W, H);
  ctx.fillStyle = COLOURS[0];
  ctx.fillRect(0, 0, W, 8);
  ctx.textAlign = "left";
  ctx.fillStyle = "#1b1f24";
  ctx.font = "600 26px system-ui, sans-serif";
  ctx.fillText(fit(ctx, card.title, W - 96), 48, 58);
  ctx.font = "700 46px system-ui, sans-serif";
  ctx.fillText(fit(ctx, card.headline, W - 96), 48, 118);
  ctx.font = "24px system-ui, sans-serif";
  ctx.fillStyle = "#3d4550";
  ctx.fillText(fit(ctx, card.subline, W - 96), 48, 156);
  const chart = layout(card.series, 700, 18, card.axes);
  paint(ctx, chart, 36, 186);
  ctx.font = "20px system-ui, sans-serif";
  let y = 214;
  for (const [i, line] of card.lines.entries()) {
    if (card.series.length > 1 && card.series[i]) paint(ctx, sample(card.series[i].look, 32, 16, 5.5), 744, y - 14);
    ctx.fillStyle = "#1b1f24";
    y = wrap(ctx, line, 784, y, W - 784 - 40, 26, 4) + 12;
    if (y > H - 90) break;
  }
  ctx.fillStyle = "#5a6370";
  ctx.font = "18px system-ui, sans-serif";
  ctx.fillText("Exact odds, counted, never sampled: holodice", 48, H - 52);
  ctx.fillText(fit(ctx, card.link, W - 96), 48, H - 24);
  return canvas.toDataURL("image/png");
}

/** Draws `text` in lines of at most `width` pixels (at most `max` lines); the next line's y. */
function wrap(ctx, text, x, y, width, height, max) {
  const words = text.split(" ");
  let line = "";
  let drawn = 0;
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (ctx.measureText(next).width > width && line) {
      drawn += 1;
      if (drawn === max) {
        ctx.fillText(fit(ctx, `${line} ${word}`, width), x, y);
        return y + height;
      }
      ctx.fillText(line, x, y);
      y += height;
      line = word;
    } else {
      line = next;
    }
  }
  if (line) ctx.fillText(fit(ctx, line, width), x, y);
  return y + height;
}
