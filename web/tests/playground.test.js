// The broadcasting playground in a real browser: Debian's Chromium, headless, driven by
// puppeteer-core (which uses the system's browser and downloads none). Every lesson and a set of
// typed inputs, refused and malformed ones among them, are run on the page; each walk must be
// loom-explain's output for the same shapes, word for word, with its exit status; the values of
// arrays must be NumPy's. Screenshots of a lesson, a refused in-place case, a suggested fix, arrays
// stretched to the result's shape and the page on a phone-sized screen are saved.
//
//     node web/tests/playground.test.js BUILD_WEB LOOM_EXPLAIN SCREENSHOTS
//
// BUILD_WEB is the folder scripts/build-web.sh fills, LOOM_EXPLAIN the native loom-explain.
"use strict";

const { execFileSync, spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const puppeteer = require("puppeteer-core");

const [buildWeb, loomExplain, screenshots] = process.argv.slice(2);
if (!buildWeb || !loomExplain || !screenshots) {
  console.error("usage: node playground.test.js BUILD_WEB LOOM_EXPLAIN SCREENSHOTS");
  process.exit(2);
}
const browserPath = process.env.LOOM_CHROMIUM || "/usr/bin/chromium";
const numpyPython = process.env.LOOM_NUMPY_PYTHON || "/usr/bin/python3";

let failures = 0;
let checks = 0;
function check(condition, what, detail) {
  ++checks;
  if (!condition) {
    ++failures;
    console.log("FAIL " + what + (detail ? "\n" + detail : ""));
  }
}

// loom-explain's stdout, stderr and status for some arguments.
function explainNatively(args) {
  const run = spawnSync(loomExplain, args, { encoding: "utf8" });
  return { stdout: run.stdout, stderr: run.stderr.trim(), status: run.status };
}

// The shape of a nested list, as loom reads it.
function shapeOfList(text) {
  const shape = [];
  for (let at = JSON.parse(text); Array.isArray(at); at = at[0]) {
    shape.push(at.length);
    if (at.length === 0) break;
  }
  return "[" + shape.join(",") + "]";
}

function argumentsOf(input) {
  const args = [];
  if (input.rule !== "numpy") args.push("--" + input.rule);
  if (input.rule === "pdpd" || input.rule === "paddle-elementwise") args.push(String(input.axis));
  const operands = input.mode === "arrays" ? input.operands.map(shapeOfList) : input.operands;
  return args.concat(operands);
}

// NumPy's result for an arrays input, as a flat list and a shape (nan and infinities as strings, as the page
// gives them).
function numpyValues(input) {
  const op = input.rule === "matmul" ? "matmul" : input.op;
  const program = `
import json, sys
import numpy as np
request = json.loads(sys.stdin.read())
xs = [np.array(json.loads(t), dtype=np.float64) for t in request["operands"]]
op = request["op"]
with np.errstate(all="ignore"):
    if op == "matmul":
        r = np.matmul(xs[0], xs[1])
    elif request["rule"] == "in-place":
        r = xs[0].copy()
        getattr(np, op)(r, xs[1], out=r)
    else:
        r = xs[0]
        for x in xs[1:]:
            r = getattr(np, op)(r, x)
def text(v):
    return str(v) if not np.isfinite(v) else float(v)
print(json.dumps({"shape": list(r.shape), "data": [text(v) for v in np.asarray(r).ravel()]}))
`;
  const out = execFileSync(numpyPython, ["-c", program], {
    input: JSON.stringify({ operands: input.operands, op, rule: input.rule }),
    encoding: "utf8",
  });
  return JSON.parse(out);
}

async function lastRequest(page) {
  return page.$eval("#output", (output) => Number(output.dataset.request || 0));
}

// What the page shows after a request: the walk's text, the error, the status and the answer.
async function shown(page) {
  return page.evaluate(() => ({
    walk: document.getElementById("walk-text").textContent,
    error: document.getElementById("error").hidden ? "" : document.getElementById("error").textContent,
    status: Number(document.getElementById("output").dataset.status),
    answer: window.playgroundLastAnswer,
    verdict: document.getElementById("verdict").textContent,
  }));
}

async function waitForRequestAfter(page, before) {
  await page.waitForFunction(
    (n) => Number(document.getElementById("output").dataset.request || 0) > n, { timeout: 10000 }, before);
}

// The page's walk for `input` against loom-explain's, and for arrays NumPy's values.
async function compareWithNative(page, input, name) {
  const native = explainNatively(argumentsOf(input));
  const page_ = await shown(page);
  check(page_.status === native.status, name + ": exit status " + page_.status + ", loom-explain's " + native.status);
  if (native.status === 2) {
    check(page_.error === native.stderr, name + ": the error is loom-explain's", "page: " + page_.error + "\nloom-explain: " + native.stderr);
    return page_;
  }
  check(page_.walk === native.stdout, name + ": the walk is loom-explain's", "page:\n" + page_.walk + "\nloom-explain:\n" + native.stdout);
  if (input.mode === "arrays" && native.status === 0) {
    const expected = numpyValues(input);
    const values = page_.answer && page_.answer.values;
    check(values && JSON.stringify(values.shape) === JSON.stringify(expected.shape),
      name + ": the result's shape is NumPy's", JSON.stringify(values && values.shape) + " against " + JSON.stringify(expected.shape));
    if (values) {
      const same = values.data.length === expected.data.length && values.data.every((v, i) => {
        const e = expected.data[i];
        return typeof e === "string" ? String(v) === e : Math.abs(v - e) <= 1e-12 * Math.max(1, Math.abs(e));
      });
      check(same, name + ": the values are NumPy's", JSON.stringify(values.data) + " against " + JSON.stringify(expected.data));
    }
  }
  return page_;
}

// Typed into the form: the mode and rule picked, each field typed into with the keyboard, then Enter.
async function typeInput(page, input) {
  await page.click(`input[name="mode"][value="${input.mode}"]`);
  await page.select("#rule", input.rule);
  if (input.axis !== undefined && input.axis !== null) {
    await page.click("#axis", { clickCount: 3 });
    await page.keyboard.type(String(input.axis));
  }
  if (input.mode === "arrays" && input.rule !== "matmul") await page.select("#op", input.op);
  let count = await page.$$eval("#operands input", (inputs) => inputs.length);
  while (count < input.operands.length) {
    await page.click("#add-operand");
    ++count;
  }
  while (count > input.operands.length) {
    await page.click("#remove-operand");
    --count;
  }
  for (let k = 0; k < input.operands.length; ++k) {
    await page.click("#operand-" + k, { clickCount: 3 });
    await page.keyboard.press("Backspace");
    await page.keyboard.type(input.operands[k]);
  }
  const before = await lastRequest(page);
  await page.keyboard.press("Enter");
  await waitForRequestAfter(page, before);
}

const typedInputs = [
  { name: "NumPy's three shapes", mode: "shapes", rule: "numpy", operands: ["8,1,6,1", "7,1,5", "6,1"] },
  { name: "a fix suggested", mode: "shapes", rule: "numpy", operands: ["4,3", "4"] },
  { name: "no fix exists", mode: "shapes", rule: "numpy", operands: ["2,3", "3,2"] },
  { name: "rank 0", mode: "shapes", rule: "numpy", operands: ["[]", "[2,3]"] },
  { name: "in place, refused", mode: "shapes", rule: "in-place", operands: ["1,3,1", "5,4,3,4"] },
  { name: "in place, accepted", mode: "shapes", rule: "in-place", operands: ["5,4,3,4", "4,1,4"] },
  { name: "PaddlePaddle's axis", mode: "shapes", rule: "paddle-elementwise", axis: 1, operands: ["2,3,4,5", "3"] },
  { name: "pdpd refuses a growing x", mode: "shapes", rule: "pdpd", axis: 1, operands: ["8,1,6,1", "7,1,5"] },
  { name: "none", mode: "shapes", rule: "none", operands: ["2,3", "1,3"] },
  { name: "bidirectional", mode: "shapes", rule: "bidirectional", operands: ["3,1", "2,1,6"] },
  { name: "broadcast_to refused", mode: "shapes", rule: "broadcast-to", operands: ["2,3", "3,3"] },
  { name: "matmul batches", mode: "shapes", rule: "matmul", operands: ["1,1,8,9", "2,3,9,7"] },
  { name: "matmul inner sizes", mode: "shapes", rule: "matmul", operands: ["2,3", "4,5"] },
  { name: "the loss pattern", mode: "shapes", rule: "loss", operands: ["4,3", "4"] },
  { name: "the loss pattern refused", mode: "shapes", rule: "loss", operands: ["4,3", "4,1"] },
  { name: "malformed: a letter", mode: "shapes", rule: "numpy", operands: ["2,x", "3"] },
  { name: "malformed: a negative size", mode: "shapes", rule: "numpy", operands: ["-1,3", "2"] },
  { name: "malformed: an empty size", mode: "shapes", rule: "numpy", operands: ["2,,3", "3"] },
  { name: "malformed: an axis that is not a number", mode: "shapes", rule: "pdpd", axis: "one", operands: ["2,3", "3"] },
  { name: "arrays: a row added", mode: "arrays", rule: "numpy", op: "add", operands: ["[[1, 2, 3], [4, 5, 6]]", "[10, 20, 30]"] },
  { name: "arrays: a column times a row", mode: "arrays", rule: "numpy", op: "multiply", operands: ["[[1], [2], [3]]", "[1, 10]"] },
  { name: "arrays: division by zero", mode: "arrays", rule: "numpy", op: "divide", operands: ["[1, -1, 0]", "0"] },
  { name: "arrays: in place", mode: "arrays", rule: "in-place", op: "subtract", operands: ["[[1, 2], [3, 4]]", "[1, 2]"] },
  { name: "arrays: in place refused", mode: "arrays", rule: "in-place", op: "add", operands: ["[1, 2]", "[[1], [2]]"] },
  { name: "arrays: matmul", mode: "arrays", rule: "matmul", operands: ["[[[1, 2], [3, 4]]]", "[[[1], [1]], [[2], [0]]]"] },
];

// In WebAssembly (wasm32) loom's index_t has 32 bits, where loom-explain's has 64: these the page alone checks.
const thirtyTwoBitIndex = [
  { name: "a result beyond a 32-bit index", operands: ["65536,1", "1,65536"], status: 1,
    says: "has more elements than fit in a 32-bit index" },
  { name: "a size beyond a 32-bit index", operands: ["4294967296", "1"], status: 2,
    says: "'4294967296' is beyond what loom's index_t holds (-2147483648 to 2147483647), so it is not a size" },
];

const malformedArrays = [
  { name: "a ragged array", operands: ["[[1, 2], [3]]", "[1]"], says: "ragged" },
  { name: "a word in an array", operands: ["[1, two]", "[1]"], says: "'two' is not a number" },
  { name: "an unclosed list", operands: ["[1, 2", "[1]"], says: "expected ',' or ']'" },
  { name: "a number missing", operands: ["[1, , 2]", "[1]"], says: "a number is missing" },
  { name: "lists nested beyond loom's largest rank", operands: ["[".repeat(70) + "1" + "]".repeat(70), "[1]"],
    says: "lists nested deeper than loom's largest rank, 64" },
  { name: "text that is not ASCII after the array", operands: ["[1]é", "[1]"], says: "unexpected text after the array" },
  { name: "a result too large to draw", operands: ["[" + "1,".repeat(199) + "1]", "[" + "[1],".repeat(199) + "[1]]"],
    says: "the result [200, 200] has 40000 elements, and the playground computes at most 10000", values: true },
];

async function main() {
  fs.mkdirSync(screenshots, { recursive: true });
  const browser = await puppeteer.launch({
    executablePath: browserPath,
    headless: true,
    // Root in CI: Chromium's sandbox needs an unprivileged user.
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const page = await browser.newPage();
    const pageErrors = [];
    page.on("pageerror", (error) => pageErrors.push(String(error)));
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto("file://" + path.resolve(buildWeb, "index.html"));
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });

    // Every lesson, clicked.
    const lessons = await page.evaluate(() => LOOM_LESSONS);
    check(lessons.length > 0, "the page has lessons");
    for (const lesson of lessons) {
      const before = await lastRequest(page);
      await page.click("#lesson-" + lesson.id);
      await waitForRequestAfter(page, before);
      const result = await compareWithNative(page, lesson, "lesson " + lesson.id);
      if (lesson.expect) {
        check(result.status === (lesson.expect === "accepted" ? 0 : 1),
          "lesson " + lesson.id + ": " + lesson.expect + " as its page says");
      }
      if (lesson.result) {
        check(result.walk.includes("the result has shape " + lesson.result),
          "lesson " + lesson.id + ": the result " + lesson.result + " as its page says");
      }
      const words = await page.$eval("#lesson-words", (quote) => quote.textContent);
      check(words.includes(lesson.words) && words.includes(lesson.source), "lesson " + lesson.id + ": the page's words shown");
    }
    await page.click("#lesson-" + (lessons.find((l) => l.id === "paddle-back-to-front") || lessons[0]).id);
    await page.screenshot({ path: path.join(screenshots, "lesson.png"), fullPage: true });

    // Typed inputs.
    for (const input of typedInputs) {
      await typeInput(page, input);
      const result = await compareWithNative(page, input, "typed: " + input.name);
      if (input.name === "in place, refused") {
        await page.screenshot({ path: path.join(screenshots, "in_place_refused.png"), fullPage: true });
      }
      if (input.name === "arrays: a column times a row") {
        await (await page.$("#output")).screenshot({ path: path.join(screenshots, "stretched_arrays.png") });
      }
      if (input.name === "a fix suggested") {
        check(/fix/i.test(result.verdict), "typed: a fix suggested: the verdict shows the fix", result.verdict);
        await page.screenshot({ path: path.join(screenshots, "suggested_fix.png"), fullPage: true });
      }
    }
    for (const input of thirtyTwoBitIndex) {
      await typeInput(page, { mode: "shapes", rule: "numpy", operands: input.operands });
      const result = await shown(page);
      check(result.status === input.status && (result.walk + result.error).includes(input.says),
        "32-bit index: " + input.name + ": " + JSON.stringify(input.says), result.walk + result.error);
    }
    for (const input of malformedArrays) {
      await typeInput(page, { mode: "arrays", rule: "numpy", op: "add", operands: input.operands });
      const result = await shown(page);
      const said = input.values ? (result.answer.values_error || "") : result.error;
      check((input.values || result.status === 2) && said.includes(input.says),
        "malformed arrays: " + input.name + " is refused, saying " + JSON.stringify(input.says), said);
    }
    // A request longer than the page passes to loom is refused before it, and loom keeps working.
    await page.evaluate(() => {
      document.querySelector('input[name="mode"][value="arrays"]').click();
      document.getElementById("operand-0").value = "[" + "1,".repeat(60000) + "1]";
      document.getElementById("operand-1").value = "[1]";
    });
    let before = await lastRequest(page);
    await page.click("#explain");
    await waitForRequestAfter(page, before);
    const long = await shown(page);
    check(long.status === 2 && long.error.includes("the playground takes at most 100000"), "a very long request is refused", long.error);
    await typeInput(page, typedInputs[0]);
    await compareWithNative(page, typedInputs[0], "after a refused long request");

    // A rule that takes shapes only turns arrays mode off, and hides the operation.
    await page.click('input[name="mode"][value="arrays"]');
    await page.select("#rule", "loss");
    const form = await page.evaluate(() => ({
      arrays: document.querySelector('input[name="mode"][value="arrays"]').checked,
      operation: !document.getElementById("op-row").hidden,
    }));
    check(!form.arrays && !form.operation, "the loss rule takes shapes: arrays mode off, no operation", JSON.stringify(form));

    // The keyboard alone: from the top of a fresh page, Tab to the first operand, type both, Enter.
    await page.goto("file://" + path.resolve(buildWeb, "index.html"));
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
    let tabs = 0;
    while (tabs < 30 && (await page.evaluate(() => document.activeElement.id)) !== "operand-0") {
      await page.keyboard.press("Tab");
      ++tabs;
    }
    check(tabs < 30, "the keyboard reaches the first operand with Tab");
    await page.keyboard.down("Control");
    await page.keyboard.press("a");
    await page.keyboard.up("Control");
    await page.keyboard.type("8,1,6,1");
    await page.keyboard.press("Tab");
    await page.keyboard.down("Control");
    await page.keyboard.press("a");
    await page.keyboard.up("Control");
    await page.keyboard.type("7,1,5");
    before = await lastRequest(page);
    await page.keyboard.press("Enter");
    await waitForRequestAfter(page, before);
    await compareWithNative(page, { mode: "shapes", rule: "numpy", operands: ["8,1,6,1", "7,1,5"] }, "keyboard: typed shapes");
    // ... and the lessons in order with Shift+Tab, one run with Enter.
    const firstLesson = lessons[0];
    await page.focus("#lesson-" + lessons[1].id);
    await page.keyboard.down("Shift");
    await page.keyboard.press("Tab");
    await page.keyboard.up("Shift");
    const focused = await page.evaluate(() => document.activeElement.id);
    check(focused === "lesson-" + firstLesson.id, "the keyboard reaches the lessons in order", focused);
    before = await lastRequest(page);
    await page.keyboard.press("Enter");
    await waitForRequestAfter(page, before);
    await compareWithNative(page, firstLesson, "keyboard: lesson " + firstLesson.id);

    // A phone's screen: nothing wider than the screen but the scrolling boxes.
    await page.setViewport({ width: 375, height: 740, isMobile: true });
    await typeInput(page, { mode: "arrays", rule: "numpy", op: "multiply",
      operands: ["[[1], [2], [3]]", "[1, 10, 100, 1000, 10000, 100000, 1000000, 2, 20, 200, 2000, 20000]"] });
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
    check(widths.page <= widths.screen, "a 375-pixel screen: no sideways scrolling, a wide array drawn", JSON.stringify(widths));
    await (await page.$("#try")).screenshot({ path: path.join(screenshots, "narrow.png") });

    check(pageErrors.length === 0, "no script error on the page", pageErrors.join("\n"));
  } finally {
    await browser.close();
  }
  console.log(`playground: ${checks - failures} of ${checks} checks passed; screenshots in ${screenshots}`);
  process.exit(failures === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
