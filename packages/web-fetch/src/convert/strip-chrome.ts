/** Elements that are never content. */
const NEVER_CONTENT =
  "script:not([type='application/ld+json']), style, noscript, template, iframe, object, embed, nav, dialog, button, select, [role=navigation], [role=dialog], [role=alertdialog], [aria-modal=true], [hidden]";

/** id or class tokens of consent banners and overlays (`cookie-banner`, `gdpr_notice`, `cmp-container`, ...). */
const CHROME_TOKEN =
  /(^|[\s_-])(cookies?|consent|gdpr|cmp|onetrust|cookiebot|newsletter|paywall|subscribe|popup|modal|overlay|advert|advertisement|ads?|sponsored|promo)($|[\s_-])/i;

/** Banners are short; an element with more text than this is kept whatever its class says. */
const MAX_CHROME_CHARS = 3000;

/**
 * Removes what is never the page's content before extraction: scripts,
 * styles, navigation, dialogs, and short elements whose id or class
 * names a cookie/consent banner, an ad or an overlay. Works on any DOM.
 */
export function stripChrome(root: ParentNode): void {
  for (const el of Array.from(root.querySelectorAll(NEVER_CONTENT))) el.remove();
  for (const el of Array.from(root.querySelectorAll("[id], [class]"))) {
    if (el.tagName === "BODY" || el.tagName === "HTML" || el.tagName === "MAIN" || el.tagName === "ARTICLE")
      continue;
    const names = `${el.getAttribute("id") ?? ""} ${el.getAttribute("class") ?? ""}`;
    if (!CHROME_TOKEN.test(names)) continue;
    if ((el.textContent ?? "").length <= MAX_CHROME_CHARS) el.remove();
  }
}

/** The URL links are read against: the page's first `<base href>` resolved against `url`, else `url`. */
export function baseUrlOf(document: Document, url: string): string {
  const href = document.querySelector("base[href]")?.getAttribute("href");
  if (href === null || href === undefined) return url;
  try {
    return new URL(href, url).href;
  } catch {
    return url;
  }
}
