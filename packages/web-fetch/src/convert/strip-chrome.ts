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

/** What the parse does with an element: remove it whatever it holds (`never`), or when its text is short (`token`). */
export type ChromeRule = "never" | "token" | undefined;

const OVERLAY_ROLES = new Set(["dialog", "alertdialog"]);
const NEVER_TAGS = new Set([
  "dialog",
  "script",
  "style",
  "template",
  "iframe",
  "object",
  "embed",
  "nav",
  "button",
  "select",
]);

/**
 * `stripChrome`'s rules for one element, decided from its tag and attributes
 * (as htmlparser2 gives them: names lowercased) while the page is parsed:
 * `never` for what the selectors remove whole, `token` for an element that
 * is removed when its text (without the `never` elements inside) is at most
 * `MAX_CHROME_CHARS`, so that the parse can strip the page without the
 * selector walks afterwards. Same answers as `stripChrome`.
 */
export function chromeRule(
  name: string,
  attributes: Readonly<Record<string, string>>,
  all: boolean,
): ChromeRule {
  const role = attributes.role;
  if (
    name === "dialog" ||
    (role !== undefined && OVERLAY_ROLES.has(role)) ||
    attributes["aria-modal"] === "true" ||
    attributes.hidden !== undefined
  )
    return "never";
  if (all) {
    if (name === "script") {
      if (attributes.type !== "application/ld+json") return "never";
    } else if (NEVER_TAGS.has(name) || role === "navigation") return "never";
  }
  const id = attributes.id;
  const className = attributes.class;
  if (id === undefined && className === undefined) return undefined;
  if (KEPT.has(name.toUpperCase())) return undefined;
  return (all ? CHROME_TOKEN : CONSENT_TOKEN).test(`${id ?? ""} ${className ?? ""}`) ? "token" : undefined;
}

/** Whether an element with the `token` rule and this much text is removed. */
export function shortEnoughToStrip(textLength: number): boolean {
  return textLength <= MAX_CHROME_CHARS;
}

/** The URL links are read against: the page's first `<base href>` resolved against `url`, else `url`. */
export function baseUrlOf(href: string | undefined, url: string): string {
  if (href === undefined) return url;
  try {
    return new URL(href, url).href;
  } catch {
    return url;
  }
}
