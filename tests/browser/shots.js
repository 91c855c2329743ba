// shots.js: screenshots of many pages in one headless Chromium
// (tests/e2e/chart_browser.sh). One Chromium for all costs a tenth of a
// second a page, where a `chromium --screenshot` per page cost two to three.
//
//   node shots.js JOBS
//
// JOBS has one line per screenshot, its fields separated by tabs:
//   OUT.png  WIDTH  HEIGHT  URL  [light|dark]
// Each page is shown in a viewport of exactly WIDTH x HEIGHT CSS pixels at
// scale 1, under the given prefers-color-scheme (light when not given);
// the screenshot is of the viewport, without scrollbars. A page that does
// not load, makes a failed request, logs a console error or throws, and a
// screenshot not written, are failures. Exits 1 with one line per problem.
"use strict";

const { chromium } = require("playwright-core");
const fs = require("fs");

const problems = [];
const fail = (m) => problems.push(m);

function readJobs(file) {
  return fs.readFileSync(file, "utf8").split("\n").filter((l) => l !== "").map((line, i) => {
    const [out, w, h, url, scheme = "light"] = line.split("\t");
    const width = Number(w), height = Number(h);
    if (!out || !url || !(width > 0) || !(height > 0) || !["light", "dark"].includes(scheme))
      throw new Error(`${file}:${i + 1}: not OUT<tab>W<tab>H<tab>URL[<tab>light|dark]: ${line}`);
    return { out, width, height, url, scheme };
  });
}

// One page per colour scheme, for every job of that scheme: a context
// per screenshot (Chromium's new renderer each time) tripled the time.
// Each job sets the viewport, then loads its URL; nothing on these pages
// (SVG files, and HTML pages of one <img>) keeps state across a load; a
// page whose job failed is closed, and the next job gets a new one.
async function pageFor(browser, pages, scheme) {
  if (!pages[scheme]) {
    const context = await browser.newContext({ deviceScaleFactor: 1, colorScheme: scheme });
    const page = await context.newPage();
    page.on("console", (m) => {
      if (m.type() === "error")
        fail(`${page.tag}: console error: ${m.text()}`);
    });
    page.on("pageerror", (e) => fail(`${page.tag}: page error: ${e.message}`));
    page.on("requestfailed", (r) => fail(`${page.tag}: request failed: ${r.url()} ${r.failure() && r.failure().errorText}`));
    pages[scheme] = page;
  }
  return pages[scheme];
}

async function shoot(browser, pages, job) {
  const tag = `${job.url} ${job.width}x${job.height} ${job.scheme}`;
  try {
    const page = await pageFor(browser, pages, job.scheme);
    page.tag = tag;
    await page.setViewportSize({ width: job.width, height: job.height });
    await page.goto(job.url, { waitUntil: "load" });
    await page.screenshot({ path: job.out });
  } catch (e) {
    fail(`${tag}: ${e.message.split("\n")[0]}`);
    // a page left on an error page would spoil the next job: a new one
    const page = pages[job.scheme];
    delete pages[job.scheme];
    if (page)
      await page.context().close().catch(() => {});
  }
  if (!fs.existsSync(job.out) || fs.statSync(job.out).size === 0)
    fail(`${tag}: no screenshot in ${job.out}`);
}

(async () => {
  const jobs = readJobs(process.argv[2]);
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           "--hide-scrollbars"],
  });
  try {
    const pages = {};
    for (const job of jobs)
      await shoot(browser, pages, job);
  } finally {
    await browser.close();
  }
  for (const p of problems)
    console.log("FAIL: " + p);
  console.log(`${jobs.length} screenshot(s), ${problems.length} problem(s)`);
  process.exit(problems.length ? 1 : 0);
})().catch((e) => {
  console.log("FAIL: " + (e && e.stack ? e.stack : e));
  process.exit(1);
});
