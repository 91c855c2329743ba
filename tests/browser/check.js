// check.js: tpsreport's pages in a real browser (tests/e2e/build_browser.sh).
//
//   node check.js OUT ARTIFACTS [OUT2 ARTIFACTS2 ...]
//
// Opens OUT/index.html and OUT/report.html from disk in headless Chromium
// (Debian's /usr/bin/chromium, driven by playwright-core) on a desktop and
// a phone, light and dark: no console error, no failed request, every
// chart drawn with a size, tables that sort when a header is clicked, no
// sideways scrolling of the page itself on a phone; screenshots go to
// ARTIFACTS: of the viewport in each case, and of the whole page on the
// desktop in light mode (as JPEG), or in every case with
// TR_BROWSER_FULLPAGE=1 (each costs seconds, and no check reads them: they
// are for a person looking into a failure). Each further OUT ARTIFACTS
// pair is checked the same way in the same browser (one Chromium start
// for all), its problems named after OUT's folder. Exits 1 with one line
// per problem.
"use strict";

const { chromium } = require("playwright-core");
const path = require("path");

const sites = [];
for (let i = 2; i + 1 < process.argv.length; i += 2)
  sites.push({ out: path.resolve(process.argv[i]), artifacts: path.resolve(process.argv[i + 1]) });
// the site being checked
let out, artifacts, prefix;
const problems = [];
const fail = (m) => problems.push(prefix + m);

const fullPages = process.env.TR_BROWSER_FULLPAGE === "1";

const views = [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
];

async function checkPage(browser, file, view, scheme) {
  const tag = `${file} ${view.name} ${scheme}`;
  const context = await browser.newContext({
    viewport: view.viewport,
    isMobile: !!view.isMobile,
    hasTouch: !!view.hasTouch,
    colorScheme: scheme,
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning")
      fail(`${tag}: console ${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => fail(`${tag}: page error: ${e.message}`));
  page.on("requestfailed", (r) => fail(`${tag}: request failed: ${r.url()} ${r.failure() && r.failure().errorText}`));
  const requests = [];
  page.on("request", (r) => requests.push(r.url()));
  await page.goto("file://" + path.join(out, file), { waitUntil: "load" });

  // Every chart drawn, with a size.
  const charts = await page.$$eval("figure.chart", (figs) =>
    figs.map((f) => {
      // the drawing on show (a phone's rendition hides the wide one)
      const el = Array.from(f.querySelectorAll("img, svg")).find((e) => e.getClientRects().length > 0 &&
        !e.parentNode.closest("svg"));
      const r = el ? el.getBoundingClientRect() : { width: 0, height: 0 };
      return {
        id: f.id,
        kind: el ? el.tagName.toLowerCase() : "none",
        width: r.width,
        height: r.height,
        loaded: el && el.tagName === "IMG" ? el.complete && el.naturalWidth > 0 : true,
      };
    }));
  if (charts.length === 0)
    fail(`${tag}: no charts`);
  for (const c of charts)
    if (!(c.width > 50 && c.height > 50) || !c.loaded)
      fail(`${tag}: chart ${c.id} (${c.kind}) not drawn: ${c.width}x${c.height} loaded=${c.loaded}`);

  // report.html loads nothing but itself.
  if (file === "report.html" && requests.length !== 1)
    fail(`${tag}: report.html made ${requests.length - 1} request(s): ${requests.slice(1, 4).join(" ")}`);

  // The page never scrolls sideways; wide tables scroll in their own box.
  const overflow = await page.evaluate(() =>
    document.documentElement.scrollWidth - document.documentElement.clientWidth);
  if (overflow > 1)
    fail(`${tag}: the page scrolls sideways by ${overflow}px`);

  // Dark mode reaches the page.
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const m = bg.match(/\d+/g).map(Number);
  const light = m[0] + m[1] + m[2] > 3 * 128;
  if (light !== (scheme === "light"))
    fail(`${tag}: background ${bg} in ${scheme} mode`);

  await page.screenshot({ path: path.join(artifacts, `${file.replace(".html", "")}-${view.name}-${scheme}.png`) });
  if (fullPages || (view.name === "desktop" && scheme === "light"))
    await page.screenshot({ path: path.join(artifacts, `${file.replace(".html", "")}-${view.name}-${scheme}-full.jpg`),
                            fullPage: true, type: "jpeg", quality: 80 });
  await context.close();
}

async function checkSorting(browser) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on("pageerror", (e) => fail(`sorting: page error: ${e.message}`));
  await page.goto("file://" + path.join(out, "index.html"));
  // The first table with three or more rows and a numeric column.
  const target = await page.evaluate(() => {
    const tables = Array.from(document.querySelectorAll("table.sortable"));
    for (let t = 0; t < tables.length; t++) {
      const rows = tables[t].tBodies[0] ? tables[t].tBodies[0].rows : [];
      if (rows.length < 3) continue;
      const ths = tables[t].tHead.rows[0].cells;
      for (let c = 0; c < ths.length; c++) {
        if (!ths[c].classList.contains("num")) continue;
        const keys = Array.from(rows).map((r) => r.cells[c].getAttribute("data-sort"));
        if (keys.every((k) => k !== null) && new Set(keys).size > 1)
          return { t, c, header: ths[c].textContent };
      }
    }
    return null;
  });
  if (!target) {
    fail("sorting: no table to sort");
    return;
  }
  const col = async () => page.evaluate(({ t, c }) => {
    const table = document.querySelectorAll("table.sortable")[t];
    return Array.from(table.tBodies[0].rows).map((r) => parseFloat(r.cells[c].getAttribute("data-sort")));
  }, target);
  const button = page.locator("table.sortable").nth(target.t).locator("thead th").nth(target.c).locator("button");
  if ((await button.count()) !== 1) {
    fail("sorting: the header has no button");
    return;
  }
  await button.click();
  const asc = await col();
  const sortedAsc = [...asc].sort((a, b) => a - b);
  if (JSON.stringify(asc) !== JSON.stringify(sortedAsc))
    fail(`sorting: after one click on "${target.header}": ${asc}`);
  const aria1 = await page.locator("table.sortable").nth(target.t).locator("thead th").nth(target.c).getAttribute("aria-sort");
  if (aria1 !== "ascending")
    fail(`sorting: aria-sort is ${aria1} after one click`);
  await button.click();
  const desc = await col();
  if (JSON.stringify(desc) !== JSON.stringify([...sortedAsc].reverse()))
    fail(`sorting: after two clicks on "${target.header}": ${desc}`);
  // A text column sorts too (keyboard: Enter on the focused button).
  const textButton = page.locator("table.sortable").nth(target.t).locator("thead th:not(.num) button").first();
  if ((await textButton.count()) === 1) {
    await textButton.focus();
    await page.keyboard.press("Enter");
    const idx = await textButton.evaluate((b) => b.parentNode.cellIndex);
    const texts = await page.evaluate(({ t, idx }) => {
      const table = document.querySelectorAll("table.sortable")[t];
      return Array.from(table.tBodies[0].rows).map((r) => r.cells[idx].textContent.trim());
    }, { t: target.t, idx });
    const sorted = [...texts].sort((a, b) => a.localeCompare(b, undefined, { numeric: true, sensitivity: "base" }));
    if (JSON.stringify(texts) !== JSON.stringify(sorted))
      fail(`sorting: text column not sorted: ${texts.slice(0, 4)}`);
  }
  await page.screenshot({ path: path.join(artifacts, "index-sorted.png") });
  await page.close();
}

// The pictures of the documentation (docs/images, copied there by
// scripts/doc-screenshots.sh): the summary as a reader sees it, from its
// heading to the next one, and a timeline drawn as small multiples. The
// summary must come before any other section and hold its chart.
async function docShots(browser) {
  const page = await browser.newPage({ viewport: { width: 900, height: 900 }, deviceScaleFactor: 1 });
  await page.goto("file://" + path.join(out, "index.html"), { waitUntil: "load" });
  const box = await page.evaluate(() => {
    const h = document.getElementById("summary");
    if (!h) return null;
    let next = h.nextElementSibling, chart = false;
    while (next && next.tagName !== "H2") {
      chart = chart || next.matches("figure.chart");
      next = next.nextElementSibling;
    }
    const a = h.getBoundingClientRect(), b = next ? next.getBoundingClientRect() : a;
    const firstH2 = document.querySelector("h2");
    return { x: 0, y: a.top + window.scrollY - 8,
             width: document.documentElement.clientWidth, height: b.top - a.top, chart,
             first: firstH2 === h };
  });
  if (!box) {
    fail("doc screenshots: no summary heading");
  } else {
    if (!box.chart) fail("doc screenshots: the summary has no chart");
    if (!box.first) fail("doc screenshots: the summary is not the first section");
    await page.screenshot({ path: path.join(artifacts, "doc-summary.png"), fullPage: true,
                            clip: { x: box.x, y: box.y, width: box.width, height: box.height } });
  }
  const multiples = page.locator("figure.chart[id^='chart-timeline']").first();
  if ((await multiples.count()) !== 1)
    fail("doc screenshots: no timeline");
  else
    await multiples.screenshot({ path: path.join(artifacts, "doc-timeline.png") });
  await page.close();
}

(async () => {
  if (sites.length === 0 || process.argv.length % 2 !== 0)
    throw new Error("usage: node check.js OUT ARTIFACTS [OUT2 ARTIFACTS2 ...]");
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    for (const site of sites) {
      ({ out, artifacts } = site);
      prefix = sites.length > 1 ? path.basename(out) + "/" : "";
      for (const file of ["index.html", "report.html"])
        for (const view of views)
          for (const scheme of ["light", "dark"])
            await checkPage(browser, file, view, scheme);
      await checkSorting(browser);
      await docShots(browser);
    }
  } finally {
    await browser.close();
  }
  for (const p of problems)
    console.log("FAIL: " + p);
  console.log(`${problems.length} problem(s); screenshots in ${sites.map((s) => s.artifacts).join(", ")}`);
  process.exit(problems.length ? 1 : 0);
})().catch((e) => {
  console.log("FAIL: " + (e && e.stack ? e.stack : e));
  process.exit(1);
});
