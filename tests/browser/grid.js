// grid.js: the charts of a many-provider grid in a real browser
// (tests/e2e/grid_charts.sh).
//
//   node grid.js OUT LABELS
//
// Opens OUT/index.html from disk in headless Chromium (Debian's
// /usr/bin/chromium, through playwright-core), then each SVG chart the
// page shows. A chart of many providers may be drawn in parts (NAME.svg,
// NAME-part2.svg, ...): the page must show them in order, each with its
// alt text saying "Part k of n". In each picture every provider drawn
// (an element of class p<N>: bars, lines, legend swatches) must be named
// in a text there (a bar's tooltip is not enough; a label cut short counts
// by the full label in its <title>) (LABELS: one label per line, provider
// N on line N + 1, read from the study's tpsreport.ini by the caller); over
// the parts of a chart every label must be named and drawn; and the
// marks of any two providers of a picture must differ in colour or style
// (fill, stroke, dash) as the browser computes them. Exits 1 with one
// line per problem.
"use strict";

const { chromium } = require("playwright-core");
const fs = require("fs");
const path = require("path");

const out = path.resolve(process.argv[2]);
const labels = fs.readFileSync(process.argv[3], "utf8").split("\n").filter((l) => l);
const problems = [];

(async () => {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium",
                                          args: ["--no-sandbox"] });
  const page = await browser.newPage();
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console: ${m.text()}`); });
  await page.goto("file://" + path.join(out, "index.html"));
  const imgs = await page.$$eval("img", (imgs) =>
    imgs.map((i) => [i.getAttribute("src"), i.getAttribute("alt") || ""])
        .filter((s) => s[0] && s[0].endsWith(".svg") && !s[0].endsWith(".narrow.svg")));
  const charts = imgs.map((i) => i[0]);
  if (charts.length === 0)
    problems.push("index.html shows no SVG chart");
  // the parts of each chart, in the page's order
  const groups = new Map();
  for (const [src, alt] of imgs) {
    const m = /^(.*?)(?:-part(\d+))?\.svg$/.exec(src);
    const k = m[2] ? Number(m[2]) : 1;
    if (!groups.has(m[1])) groups.set(m[1], []);
    const g = groups.get(m[1]);
    if (!g.some((p) => p.src === src)) g.push({ src, k, alt });
  }
  for (const [base, parts] of groups) {
    const n = parts.length;
    parts.forEach((p, i) => {
      if (p.k !== i + 1)
        problems.push(`${base}: part ${p.k} shown where part ${i + 1} belongs`);
      if (n > 1 && !p.alt.includes(`Part ${i + 1} of ${n}:`))
        problems.push(`${p.src}: alt text does not say "Part ${i + 1} of ${n}:"`);
    });
    const named = new Set(), drawn = new Set();
    for (const { src } of parts) {
      await page.goto("file://" + path.join(out, src));
      const got = await page.evaluate(() => {
        const text = document.documentElement.textContent.replace(/\s+/g, " ");
        const styles = {};
        for (const el of document.querySelectorAll("[class]")) {
          const m = /(?:^|\s)p(\d+)(?:\s|$)/.exec(el.getAttribute("class"));
          if (!m) continue;
          const cs = getComputedStyle(el);
          const key = [cs.fill, cs.stroke, cs.strokeDasharray].join(" / ");
          (styles[m[1]] = styles[m[1]] || new Set()).add(key);
        }
        const flat = {};
        for (const k of Object.keys(styles)) flat[k] = [...styles[k]];
        // names drawn as text: a text's own words, or the full label in
        // the <title> of a group around a text cut short with "…"
        const shown = [];
        for (const t of document.querySelectorAll("text")) {
          const g = t.parentElement;
          const ti = g && g.tagName === "g" ? g.querySelector(":scope > title") : null;
          shown.push(ti ? ti.textContent : t.textContent);
        }
        return { text, styles: flat, shown };
      });
      for (const l of labels)
        if (got.text.includes(l)) named.add(l);
      for (const p of Object.keys(got.styles)) {
        drawn.add(p);
        const l = labels[Number(p)];
        if (l !== undefined && !got.shown.some((t) => t.includes(l)))
          problems.push(`${src}: provider p${p} drawn but not named in its text ("${l}")`);
      }
      const owner = new Map();
      for (const [p, keys] of Object.entries(got.styles))
        for (const key of keys) {
          if (owner.has(key) && owner.get(key) !== p)
            problems.push(`${src}: providers p${owner.get(key)} and p${p} drawn alike (${key})`);
          owner.set(key, p);
        }
    }
    const missing = labels.filter((l) => !named.has(l));
    if (missing.length)
      problems.push(`${base}: ${missing.length} of ${labels.length} providers not named in ` +
                    `its ${n} part(s) (first: "${missing[0]}")`);
    if (drawn.size < labels.length)
      problems.push(`${base}: marks of ${drawn.size} providers over its ${n} part(s), ` +
                    `${labels.length} expected`);
  }
  await browser.close();
  console.log(`${charts.length} pictures of ${groups.size} charts checked against ${labels.length} providers`);
  for (const p of problems) console.log("FAIL: " + p);
  process.exit(problems.length ? 1 : 0);
})().catch((e) => { console.log("FAIL: " + e.message); process.exit(1); });
