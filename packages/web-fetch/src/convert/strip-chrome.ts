/** Elements that are never content. */
const NEVER_CONTENT =
  "script, style, noscript, template, iframe, object, embed, link, meta, nav, dialog, button, select, [role=navigation], [role=dialog], [role=alertdialog], [aria-modal=true], [hidden]";

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

/** Rewrites relative `href` and `src` to absolute URLs against `base`, so links in the Markdown work. */
export function absolutizeLinks(root: ParentNode, base: string): void {
  for (const el of Array.from(root.querySelectorAll("a[href], img[src]"))) {
    const attr = el.tagName === "A" ? "href" : "src";
    const value = el.getAttribute(attr) ?? "";
    if (value.startsWith("#")) continue;
    try {
      el.setAttribute(attr, new URL(value, base).href);
    } catch {
      // An unparsable link stays as written.
    }
  }
}
