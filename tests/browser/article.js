// article.js: the report on every screen (tests/e2e/article_browser.sh,
// issue 25).
//
//   node article.js ARTIFACTS OUT [OUT2 ...]
//
// Opens OUT/index.html and OUT/report.html from disk in headless Chromium
// at 360, 390 and 1280 CSS px wide, light and dark, and checks what a
// reader on that screen needs:
// - neither the page nor any figure (chart or table box) scrolls sideways;
// - every chart on show is drawn at a scale where its smallest text is at
//   least 11 CSS px (inline SVG: each <text>'s font size times the
//   drawing's scale; an <img>: the smallest font-size in its SVG file
//   times the picture's scale), and lies inside the viewport (inline SVG:
//   every <text>, so every bar's value label, inside 0..width);
// - every table cell on show lies inside the viewport (the provider and
//   "vs baseline" included), on a phone with its header's label beside it;
// - every step card of a {{journey}} lies inside the viewport, and there
//   are TR_ARTICLE_CARDS of them on show when that is set;
// - axe-core finds no violation.
// A screenshot of the viewport from the summary on, in each case, goes
// to ARTIFACTS (index-360-
// light.png ...). TR_ARTICLE_ONLY="index.html 360 light" checks that view
// alone (the test's run on a broken page). Exits 1 with one line per
// problem.
"use strict";

const { chromium } = require("playwright-core");
const fs = require("fs");
const path = require("path");

const artifacts = path.resolve(process.argv[2] || ".");
const outs = process.argv.slice(3).map((o) => path.resolve(o));
const problems = [];
const widths = [360, 390, 1280];
const axePath = require.resolve("axe-core/axe.min.js");

// The smallest font size an SVG file asks for: font-size attributes and
// style declarations, in px.
const minFont = new Map();
function svgMinFont(file) {
  if (!minFont.has(file)) {
    const text = fs.readFileSync(file, "utf8");
    const sizes = [...text.matchAll(/font-size(?:="|:\s*)([0-9.]+)/g)].map((m) => parseFloat(m[1]));
    minFont.set(file, sizes.length ? Math.min(...sizes) : NaN);
  }
  return minFont.get(file);
}

async function check(browser, out, file, width, scheme) {
  const tag = `${path.basename(out)}/${file} ${width}px ${scheme}`;
  const fail = (m) => problems.push(`${tag}: ${m}`);
  const phone = width < 600;
  const context = await browser.newContext({
    viewport: { width, height: phone ? 800 : 900 }, isMobile: phone, hasTouch: phone,
    colorScheme: scheme, deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  await page.goto("file://" + path.join(out, file), { waitUntil: "load" });
  const facts = await page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const shown = (e) => e.getClientRects().length > 0;
    const res = { vw, overflow: document.documentElement.scrollWidth - vw, boxes: [], charts: [], cells: [] };
    for (const b of document.querySelectorAll("figure, .table-wrap, .chart-wrap"))
      if (shown(b) && b.scrollWidth > b.clientWidth + 1)
        res.boxes.push(`${b.className || b.tagName} ${b.id || ""} scrolls by ${b.scrollWidth - b.clientWidth}px`);
    for (const f of document.querySelectorAll("figure.chart")) {
      for (const el of f.querySelectorAll("img, svg")) {
        if (!shown(el) || el.parentNode.closest("svg")) continue;
        const r = el.getBoundingClientRect();
        const c = { id: f.id, tag: el.tagName.toLowerCase(), left: r.left, right: r.right, width: r.width };
        if (c.tag === "img") {
          c.src = decodeURI(new URL(el.currentSrc || el.src).pathname);
          c.scale = r.width / el.naturalWidth;
        } else {
          const vb = el.viewBox.baseVal;
          c.scale = r.width / vb.width;
          c.small = [];
          c.outside = [];
          for (const t of el.querySelectorAll("text")) {
            const size = parseFloat(getComputedStyle(t).fontSize) * c.scale;
            if (size < 11) c.small.push(`${t.textContent.slice(0, 20)} ${size.toFixed(1)}px`);
            const tr = t.getBoundingClientRect();
            if (tr.width > 0 && (tr.left < -0.5 || tr.right > vw + 0.5))
              c.outside.push(`${t.textContent.slice(0, 20)} at ${tr.left.toFixed(0)}..${tr.right.toFixed(0)}`);
          }
        }
        res.charts.push(c);
      }
    }
    res.steps = 0;
    res.stepsOut = [];
    document.querySelectorAll("ol.journey li.step").forEach((li, i) => {
      if (!shown(li)) return;
      res.steps++;
      const r = li.getBoundingClientRect();
      if (r.left < -0.5 || r.right > vw + 0.5)
        res.stepsOut.push(`journey step ${i + 1} at ${r.left.toFixed(0)}..${r.right.toFixed(0)} off the screen`);
    });
    for (const td of document.querySelectorAll("figure.table td")) {
      if (!shown(td)) { res.cells.push(`hidden: ${td.textContent.slice(0, 20)}`); continue; }
      const r = td.getBoundingClientRect();
      if (r.left < -0.5 || r.right > vw + 0.5)
        res.cells.push(`${td.getAttribute("data-label")}: ${td.textContent.slice(0, 20)} at ${r.left.toFixed(0)}..${r.right.toFixed(0)}`);
    }
    return res;
  });
  if (facts.overflow > 1) fail(`the page scrolls sideways by ${facts.overflow}px`);
  for (const b of facts.boxes) fail(b);
  if (facts.charts.length === 0) fail("no chart on show");
  for (const c of facts.charts) {
    if (c.left < -0.5 || c.right > facts.vw + 0.5)
      fail(`chart ${c.id} spans ${c.left.toFixed(0)}..${c.right.toFixed(0)} of ${facts.vw}px`);
    if (c.tag === "img") {
      const size = svgMinFont(c.src) * c.scale;
      if (!(size >= 11)) fail(`chart ${c.id} (${path.basename(c.src)}): smallest text ${size.toFixed(1)}px`);
    } else {
      if (c.small.length) fail(`chart ${c.id}: text under 11px: ${c.small.slice(0, 3).join("; ")}`);
      if (c.outside.length) fail(`chart ${c.id}: text outside the screen: ${c.outside.slice(0, 3).join("; ")}`);
    }
  }
  for (const c of facts.cells.slice(0, 5)) fail(`table cell not on screen: ${c}`);
  for (const s of facts.stepsOut) fail(`${s} of ${facts.vw}px`);
  const cards = process.env.TR_ARTICLE_CARDS;
  if (cards !== undefined && facts.steps !== Number(cards))
    fail(`${facts.steps} journey step cards on show, ${cards} expected`);
  await page.addScriptTag({ path: axePath });
  const axe = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => `${v.id} (${v.impact}) x${v.nodes.length}: ${v.nodes[0].target.join(" ")}`);
  });
  for (const v of axe) fail(`axe: ${v}`);
  // The screenshot shows the summary and its chart (docs/images).
  await page.evaluate(() => { const h = document.getElementById("summary"); if (h) h.scrollIntoView(); });
  await page.screenshot({ path: path.join(artifacts, `${path.basename(out)}-${file.replace(".html", "")}-${width}-${scheme}.png`) });
  await context.close();
}

(async () => {
  if (outs.length === 0) throw new Error("usage: node article.js ARTIFACTS OUT [OUT2 ...]");
  fs.mkdirSync(artifacts, { recursive: true });
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    for (const out of outs)
      for (const file of ["index.html", "report.html"])
        for (const width of widths)
          for (const scheme of ["light", "dark"])
            if (!process.env.TR_ARTICLE_ONLY ||
                process.env.TR_ARTICLE_ONLY === `${file} ${width} ${scheme}`)
              await check(browser, out, file, width, scheme);
  } finally {
    await browser.close();
  }
  for (const p of problems) console.log("FAIL: " + p);
  console.log(`${problems.length} problem(s) in ${outs.length * 2 * widths.length * 2} views; screenshots in ${artifacts}`);
  process.exit(problems.length ? 1 : 0);
})().catch((e) => {
  console.log("FAIL: " + (e && e.stack ? e.stack : e));
  process.exit(1);
});
