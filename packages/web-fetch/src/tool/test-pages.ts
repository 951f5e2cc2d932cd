/** A news-style article page with the chrome real sites carry: nav, ads, a cookie banner, a sidebar, a footer. */
export function articlePage(): string {
  const paragraph = (n: number) =>
    `<p>Paragraph ${n} of the article explains how the harbour bridge was rebuilt after the storm, which crews worked through the winter, and why the new deck is expected to last a century. Engineers compared three designs before choosing the cable-stayed one.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Rebuilding the Harbour Bridge | Daily Planet</title>
<style>.cookie-banner{position:fixed}</style><script>window.tracker = "TRACKING-SCRIPT";</script></head>
<body>
<div id="cookie-banner" class="cookie-banner"><p>We use cookies to improve your experience. COOKIE-NOTICE</p><button>Accept all</button></div>
<header class="site-header"><a href="/">Daily Planet</a>
<nav class="main-nav"><ul><li><a href="/world">World NAV-LINK</a></li><li><a href="/sport">Sport</a></li><li><a href="/weather">Weather</a></li></ul></nav></header>
<div class="ad ad-leaderboard">ADVERT-TOP Buy the new phone now!</div>
<main>
<article>
<h1>Rebuilding the Harbour Bridge</h1>
<p class="byline">By Lois Lane</p>
${paragraph(1)}${paragraph(2)}
<h2>The design</h2>
${paragraph(3)}
<p>Read the <a href="/reports/bridge-2024.pdf">engineering report</a> and the <a href="https://city.example/council/minutes">council minutes</a>.</p>
<table><thead><tr><th>Design</th><th>Cost (M€)</th><th>Life (years)</th></tr></thead>
<tbody><tr><td>Cable-stayed</td><td>120</td><td>100</td></tr><tr><td>Suspension</td><td>150</td><td>90</td></tr><tr><td>Arch</td><td>135</td><td>80</td></tr></tbody></table>
<h2>The works</h2>
${paragraph(4)}${paragraph(5)}
<div class="advertisement sponsored">ADVERT-INLINE Sponsored: holidays by the sea</div>
<h3>What comes next</h3>
${paragraph(6)}
</article>
<aside class="sidebar"><h2>Most read</h2><ul><li><a href="/other">SIDEBAR-LINK Other story</a></li></ul></aside>
</main>
<footer class="site-footer"><p>FOOTER-TEXT © Daily Planet</p><a href="/privacy">Privacy</a></footer>
</body></html>`;
}

/** A long article page of about `bytes` bytes: numbered sections of prose with an astral character here and there. */
export function longPage(bytes: number): string {
  const sections: string[] = [];
  let size = 0;
  for (let i = 1; size < bytes; i++) {
    const section = `<h2>Section ${i}</h2><p>Section ${i} begins 🙂 here and goes on about subject ${i % 97} with words that are plain. ${`Filler sentence number ${i} carries on. `.repeat(8)}</p>`;
    sections.push(section);
    size += section.length;
  }
  return `<!doctype html><html><head><title>Long page</title></head><body><article><h1>Long page</h1>${sections.join("\n")}</article></body></html>`;
}

/** A minimal valid one-page PDF whose page shows `text` in Helvetica, with a document title. */
export function minimalPdf(text: string, title: string): Buffer {
  return pagedPdf([text], title);
}

/** A valid PDF of one page per entry of `texts`, each showing its text in Helvetica, with a document title. */
export function pagedPdf(texts: readonly string[], title: string): Buffer {
  const first = 6;
  const kids = texts.map((_, i) => `${first + 2 * i} 0 R`).join(" ");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${kids}] /Count ${texts.length} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Title (${title}) >>`,
    "<< >>",
  ];
  texts.forEach((text, i) => {
    const content = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${first + 2 * i + 1} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    );
  });
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

/** The smallest PNG: one transparent pixel. */
export const ONE_PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
