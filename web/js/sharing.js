// Sharing a result beyond its link, as on a phone: the system's share sheet (the Web Share API)
// with the share image and a text summary, the image copied, and the summary as text. The page
// offers only what the browser can do.

/** Whether the browser has a share sheet. */
export const canShare = () => typeof navigator.share === "function";

/** Whether the browser can put an image on the clipboard. */
export const canCopyImage = () => !!(navigator.clipboard && navigator.clipboard.write && window.ClipboardItem);

/** A result as text: its title, the headline and the line under it, the query in words, the
 * results compared with it (`pins`: lines of their own), then the link when given. */
export function summary({ title, headline, subline, query, pins }, link) {
  const lines = [title, headline, subline, query];
  if (pins.length) lines.push("Compared with:", ...pins.map((p) => `- ${p}`));
  if (link) lines.push(link);
  return lines.filter(Boolean).join("\n");
}

/** The PNG of a data: URL as a Blob (no fetch: the page's CSP allows it no data: URLs). */
function pngBlob(dataUrl) {
  const bytes = atob(dataUrl.slice(dataUrl.indexOf(",") + 1));
  return new Blob([Uint8Array.from(bytes, (c) => c.charCodeAt(0))], { type: "image/png" });
}

/** Opens the share sheet with the image (when files can be shared), the text and the link; says
 * in `status` how it went (nothing when the player closed the sheet). */
export async function shareSheet(dataUrl, { title, text, url }, status) {
  const file = new File([pngBlob(dataUrl)], "holodice.png", { type: "image/png" });
  const withFile = navigator.canShare && navigator.canShare({ files: [file] });
  try {
    await navigator.share(withFile ? { title, text, url, files: [file] } : { title, text, url });
    status.textContent = withFile ? "Shared." : "Shared the text and link (this browser shares no images).";
  } catch (e) {
    status.textContent = e.name === "AbortError" ? "" : "This browser would not share it: copy the link or the text instead.";
  }
}

/** Puts the image on the clipboard, or says the browser refused. */
export async function copyImage(dataUrl, status) {
  try {
    await navigator.clipboard.write([new ClipboardItem({ "image/png": pngBlob(dataUrl) })]);
    status.textContent = "Image copied.";
  } catch (_) {
    status.textContent = "This browser would not copy the image: use Download image instead.";
  }
}
