// Generated real-world-sized article pages for the web-fetch benchmark: the markup mix of
// a news or docs page (head scripts and styles, cookie banner, mega-menu, ads, the article
// with figures, lists, tables and code, related cards, comments, footer, a data blob).

/** A generated page and what its main text is. */
export interface GeneratedPage {
  readonly html: string;
  /** A token carried by each article paragraph, list item and table row: the main text. */
  readonly mainTokens: readonly string[];
  /** Tokens carried only by chrome (banner, menu, ads, sidebar, comments, footer). */
  readonly chromeTokens: readonly string[];
}

/** A small deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  "the of harbour bridge engineers council design steel cable deck storm winter crews report budget river traffic city load test span tower concrete inspection schedule contract safety wind survey model".split(
    " ",
  );

export function generatePage(index: number, targetBytes: number): GeneratedPage {
  const random = rng(index * 7919 + 17);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const words = (n: number): string => Array.from({ length: n }, () => pick(WORDS)).join(" ");
  const mainTokens: string[] = [];
  const chromeTokens: string[] = [];
  const main = (): string => {
    const token = `main${index}x${mainTokens.length}`;
    mainTokens.push(token);
    return token;
  };
  const chrome = (): string => {
    const token = `chrome${index}x${chromeTokens.length}`;
    chromeTokens.push(token);
    return token;
  };
  const cls = (base: string) => `${base} ${base}--${Math.floor(random() * 9)} u-flex u-gap-2 md:u-grid`;

  // Budget: about a third article, a third chrome, a third scripts and styles.
  const third = targetBytes / 3;
  const head = [
    `<meta charset="utf-8"><title>${words(6)} | The Daily Planet</title>`,
    ...Array.from({ length: 20 }, (_, i) => `<meta property="og:tag${i}" content="${words(8)}">`),
    `<style>${Array.from({ length: Math.ceil(third / 4 / 60) }, (_, i) => `.c${i}{margin:${i % 7}px;color:#${(i * 99991).toString(16).slice(0, 6)}}`).join("")}</style>`,
    `<script type="application/ld+json">{"@context":"https://schema.org","headline":"${words(8)}"}</script>`,
  ].join("\n");

  const menu = (n: number) =>
    `<nav class="${cls("mega-menu")}"><ul>${Array.from({ length: n }, () => `<li class="${cls("menu-item")}"><a href="/section/${Math.floor(random() * 1000)}"><span class="icon"><svg viewBox="0 0 24 24"><path d="M1 1h22v22H1z"/></svg></span><span>${chrome()} ${words(2)}</span></a></li>`).join("")}</ul></nav>`;

  const paragraph = () =>
    `<p>${main()} ${words(30)} <a href="/story/${Math.floor(random() * 1e6)}">${words(3)}</a> ${words(20)} <em>${words(3)}</em>, <strong>${words(2)}</strong> and <code>span_${Math.floor(random() * 99)}</code> ${words(25)}.</p>`;
  const section = (n: number) => {
    const parts = [`<h2>${words(5)}</h2>`, paragraph(), paragraph()];
    if (n % 3 === 0)
      parts.push(
        `<figure><img src="/img/${n}.jpg" alt="${words(4)}" width="800" height="450"><figcaption>${words(10)}</figcaption></figure>`,
      );
    if (n % 4 === 1)
      parts.push(`<ul>${Array.from({ length: 4 }, () => `<li>${main()} ${words(10)}</li>`).join("")}</ul>`);
    if (n % 5 === 2)
      parts.push(
        `<table><thead><tr><th>Item</th><th>Cost</th><th>Note</th></tr></thead><tbody>${Array.from({ length: 5 }, () => `<tr><td>${main()} ${words(2)}</td><td>${Math.floor(random() * 1000)}</td><td>${words(4)}</td></tr>`).join("")}</tbody></table>`,
      );
    if (n % 6 === 3) parts.push(`<blockquote><p>${main()} ${words(25)}</p></blockquote>`);
    if (n % 7 === 4)
      parts.push(
        `<pre><code>const span = ${Math.floor(random() * 100)};\nload(span, "${words(2)}");</code></pre>`,
      );
    parts.push(paragraph());
    if (n % 4 === 2)
      parts.push(
        `<div class="${cls("ad-slot")} advertisement"><span>${chrome()} Sponsored ${words(6)}</span></div>`,
      );
    return `<section class="${cls("article-section")}">${parts.join("\n")}</section>`;
  };
  const articleParts: string[] = [];
  let articleBytes = 0;
  for (let n = 0; articleBytes < third; n++) {
    const s = section(n);
    articleParts.push(s);
    articleBytes += s.length;
  }

  const card = () =>
    `<div class="${cls("card")}"><a href="/story/${Math.floor(random() * 1e6)}"><img src="/thumb/${Math.floor(random() * 1e4)}.jpg" alt=""><h3>${chrome()} ${words(6)}</h3></a><p class="teaser">${words(12)}</p></div>`;
  const comment = () =>
    `<div class="${cls("comment")}"><div class="comment-meta"><span class="author">${chrome()} user${Math.floor(random() * 1e4)}</span><time>2 hours ago</time></div><div class="comment-body"><p>${words(18)}</p></div><div class="comment-actions"><button>Reply</button><button>Like</button></div></div>`;
  const chromeParts: string[] = [];
  let chromeBytes = 0;
  for (let n = 0; chromeBytes < third * 0.6; n++) {
    const c = n % 3 === 0 ? card() : comment();
    chromeParts.push(c);
    chromeBytes += c.length;
  }
  const cards = chromeParts.filter((p) => p.includes("card"));
  const comments = chromeParts.filter((p) => !p.includes("card"));

  const blob = JSON.stringify({
    props: {
      pageProps: {
        items: Array.from({ length: Math.ceil(third / 2 / 80) }, (_, i) => ({ id: i, t: words(6) })),
      },
    },
  });

  const body = [
    `<div id="onetrust-banner-sdk" class="cookie-consent"><p>${chrome()} We and our partners use cookies to personalise content.</p><button>Accept all</button><button>Manage</button></div>`,
    `<header class="${cls("site-header")}"><a class="logo" href="/">The Daily Planet</a>${menu(Math.min(200, Math.ceil(targetBytes / 20000)))}</header>`,
    `<div class="${cls("ad-slot")} ad-leaderboard"><span>${chrome()} Advertisement</span></div>`,
    `<div class="${cls("layout")}"><main class="${cls("main")}"><article class="${cls("article")}"><h1>${words(8)}</h1><p class="byline">By Lois Lane</p>${articleParts.join("\n")}</article>`,
    `<section class="related"><h2>Related</h2>${cards.join("")}</section><section id="comments" class="comments"><h2>Comments</h2>${comments.join("")}</section></main>`,
    `<aside class="${cls("sidebar")}"><h2>Most read</h2><ol>${Array.from({ length: 10 }, () => `<li><a href="/x">${chrome()} ${words(5)}</a></li>`).join("")}</ol></aside></div>`,
    `<footer class="${cls("site-footer")}">${menu(40)}<p>${chrome()} © The Daily Planet</p></footer>`,
    `<script id="__NEXT_DATA__" type="application/json">${blob}</script>`,
    `<script>${"window.dataLayer=window.dataLayer||[];".repeat(Math.ceil(third / 2 / 40))}</script>`,
  ].join("\n");
  return {
    html: `<!doctype html><html lang="en"><head>${head}</head><body>${body}</body></html>`,
    mainTokens,
    chromeTokens,
  };
}
