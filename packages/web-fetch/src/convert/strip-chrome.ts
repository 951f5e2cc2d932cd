/** Elements that are never content, whatever the page: dialogs and what the page hides. */
const OVERLAYS = "dialog, [role=dialog], [role=alertdialog], [aria-modal=true], [hidden]";

/**
 * Elements that are not content on a page Readability found no article in
 * (Readability weighs navigation and forms itself; removing them first can
 * change its choice of the main content).
 */
const NEVER_CONTENT = `script:not([type='application/ld+json']), style, template, iframe, object, embed, nav, button, select, [role=navigation], ${OVERLAYS}`;

/** id or class tokens of consent banners (`cookie-banner`, `gdpr_notice`, `cmp-container`, ...): removed before Readability. */
const CONSENT_TOKEN = /(^|[\s_-])(cookies?|consent|gdpr|cmp|onetrust|cookiebot)($|[\s_-])/i;

/**
 * id or class tokens of ads, overlays and sign-up boxes too: removed only
 * when Readability found no article (it weighs these itself, and removing
 * them first can change its choice of the main content).
 */
const CHROME_TOKEN =
  /(^|[\s_-])(cookies?|consent|gdpr|cmp|onetrust|cookiebot|newsletter|paywall|subscribe|popup|modal|overlay|advert|advertisement|ads?|sponsored|promo)($|[\s_-])/i;

/** Banners are short; an element with more text than this is kept whatever its class says. */
const MAX_CHROME_CHARS = 3000;

/** Elements a class name never removes: text-level markup (a link with `class="popup"` is part of its sentence), and the page's frame. */
const KEPT = new Set(
  "A ABBR B BDI BDO CITE CODE EM I IMG KBD LABEL MARK Q S SMALL SPAN STRONG SUB SUP TIME U BODY HTML MAIN ARTICLE".split(
    " ",
  ),
);

/**
 * Removes what is never the page's content before extraction: dialogs,
 * hidden elements and short block elements whose id or class names a
 * consent banner; with `all` (for a page Readability found no article in),
 * also scripts, styles, navigation, forms' buttons, and short block elements
 * naming an ad, an overlay or a sign-up box. Works on any DOM.
 */
export function stripChrome(root: ParentNode, { all = false }: { all?: boolean } = {}): void {
  for (const el of Array.from(root.querySelectorAll(all ? NEVER_CONTENT : OVERLAYS))) el.remove();
  const token = all ? CHROME_TOKEN : CONSENT_TOKEN;
  for (const el of Array.from(root.querySelectorAll("[id], [class]"))) {
    if (KEPT.has(el.tagName)) continue;
    const names = `${el.getAttribute("id") ?? ""} ${el.getAttribute("class") ?? ""}`;
    if (!token.test(names)) continue;
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
