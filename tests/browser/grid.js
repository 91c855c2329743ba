// grid.js: the charts of a many-provider grid in a real browser
// (tests/e2e/grid_charts.sh).
//
//   node grid.js OUT LABELS
//
// Opens OUT/index.html from disk in headless Chromium (Debian's
// /usr/bin/chromium, through playwright-core), then each SVG chart the
// page shows. In each chart every label of LABELS (one per line: the
// providers' labels, read from the study's tpsreport.ini by the caller)
// must be named, in a text or a <title> of the drawing, and the marks of
// any two providers (elements of class p<N>: bars, lines, dots, legend
// swatches) must differ in colour or style (fill, stroke, dash) as the
// browser computes them. Exits 1 with one line per problem.
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
  const charts = await page.$$eval("img", (imgs) =>
    imgs.map((i) => i.getAttribute("src")).filter((s) => s && s.endsWith(".svg")));
  if (charts.length === 0)
    problems.push("index.html shows no SVG chart");
  for (const src of [...new Set(charts)]) {
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
      return { text, styles: flat };
    });
    const missing = labels.filter((l) => !got.text.includes(l));
    if (missing.length)
      problems.push(`${src}: ${missing.length} of ${labels.length} providers not named ` +
                    `(first: "${missing[0]}")`);
    const owner = new Map();
    for (const [p, keys] of Object.entries(got.styles))
      for (const key of keys) {
        if (owner.has(key) && owner.get(key) !== p)
          problems.push(`${src}: providers p${owner.get(key)} and p${p} drawn alike (${key})`);
        owner.set(key, p);
      }
    if (Object.keys(got.styles).length < labels.length)
      problems.push(`${src}: marks of ${Object.keys(got.styles).length} providers, ` +
                    `${labels.length} expected`);
  }
  await browser.close();
  console.log(`${charts.length} charts checked against ${labels.length} providers`);
  for (const p of problems) console.log("FAIL: " + p);
  process.exit(problems.length ? 1 : 0);
})().catch((e) => { console.log("FAIL: " + e.message); process.exit(1); });
