// The playground's page: reads the form, asks loom (web/playground.cpp compiled to WebAssembly,
// loom_playground.js) for the walk, and draws it: the compared shapes aligned with each step's
// verdict, loom's own text of the walk, and for arrays the result and each operand stretched to
// the result's shape. Lessons (lessons.js) fill the form with an example of the pages loom follows.
// A classic script, not a module, so that the page opens from the file system.
(function () {
  "use strict";

  const byId = (id) => document.getElementById(id);
  const form = byId("form");
  const ruleSelect = byId("rule");
  const operandsBox = byId("operands");
  let engine = null;

  // The operands' names under each rule, as loom's explanations name them.
  const operandNames = {
    "numpy": ["x", "y", "z", "w"],
    "none": ["x", "y"],
    "pdpd": ["x", "y"],
    "paddle-elementwise": ["x", "y"],
    "bidirectional": ["x", "target"],
    "in-place": ["dst", "src"],
    "broadcast-to": ["x", "target"],
    "matmul": ["a", "b"],
    "loss": ["input", "target"],
  };
  const takesArrays = new Set(["numpy", "none", "pdpd", "paddle-elementwise", "in-place", "matmul"]);
  const takesAxis = new Set(["pdpd", "paddle-elementwise"]);

  function mode() {
    return form.querySelector('input[name="mode"]:checked').value;
  }

  function nameOf(rule, k) {
    const names = operandNames[rule];
    return k < names.length ? names[k] : "operand " + (k + 1);
  }

  function operandInputs() {
    return Array.from(operandsBox.querySelectorAll("input"));
  }

  // One labelled text field per operand.
  function setOperandCount(count, values) {
    const old = operandInputs().map((input) => input.value);
    operandsBox.textContent = "";
    for (let k = 0; k < count; ++k) {
      const row = document.createElement("div");
      row.className = "row";
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.type = "text";
      input.id = "operand-" + k;
      input.spellcheck = false;
      input.setAttribute("autocapitalize", "off");
      input.value = values ? (values[k] || "") : (old[k] || "");
      label.htmlFor = input.id;
      label.textContent = nameOf(ruleSelect.value, k);
      row.append(label, input);
      operandsBox.append(row);
    }
  }

  // Shows the fields the rule and the mode use.
  function refreshForm() {
    const rule = ruleSelect.value;
    for (const option of form.querySelectorAll('input[name="mode"]')) {
      option.disabled = option.value === "arrays" && !takesArrays.has(rule);
    }
    if (!takesArrays.has(rule)) form.querySelector('input[value="shapes"]').checked = true;
    const arrays = mode() === "arrays";
    byId("axis-row").hidden = !takesAxis.has(rule);
    byId("op-row").hidden = !arrays || rule === "matmul";
    const count = rule === "numpy" ? Math.max(2, operandInputs().length) : 2;
    setOperandCount(count);
    byId("add-operand").hidden = rule !== "numpy";
    byId("remove-operand").hidden = rule !== "numpy";
  }

  // loom-explain's arguments for the form: the rule's flag, its axis, then the operands.
  function commandArguments(rule, axis, operands) {
    const args = [];
    if (rule !== "numpy") args.push("--" + rule);
    if (takesAxis.has(rule)) args.push(String(axis));
    return args.concat(operands);
  }

  function currentRequest() {
    const rule = ruleSelect.value;
    const arrays = mode() === "arrays";
    const operands = operandInputs().map((input) => input.value.trim());
    const args = commandArguments(rule, byId("axis").value.trim(), operands);
    const lines = arrays ? ["arrays", byId("op").value].concat(args) : ["shapes"].concat(args);
    return { rule, arrays, operands, args, text: lines.join("\n") };
  }

  // Longer requests are refused before they reach loom: emscripten passes the text on its stack.
  const longestRequest = 100000;

  function ask(text) {
    if (text.length > longestRequest) {
      return { status: 2, error: "the operands are " + text.length + " characters long; the playground takes at most " +
        longestRequest + ": use shapes for larger arrays" };
    }
    return JSON.parse(engine.ccall("playground_answer", "string", ["string"], [text]));
  }

  // A shell word for the command line shown under the walk.
  function shellWord(word) {
    return /^[\w,.\-+]+$/.test(word) ? word : "'" + word.replace(/'/g, "'\\''") + "'";
  }

  function cell(tag, text, className) {
    const element = document.createElement(tag);
    element.textContent = text;
    if (className) element.className = className;
    return element;
  }

  // The compared shapes right-aligned, one column per dimension, each coloured by its step.
  function drawTable(answer) {
    const box = byId("table-box");
    box.textContent = "";
    if (!answer.compared || answer.compared.length === 0) return;
    if (answer.checks.some((check) => !check.holds)) return;
    const rows = answer.compared.map((shape, k) => ({ name: answer.compared_names[k], shape }));
    const rank = Math.max(...rows.map((row) => row.shape.length), answer.holds ? answer.compared_result.length : 0);
    if (rank === 0) return;
    const verdicts = new Map(answer.steps.map((step) => [step.dimension, step]));
    const table = document.createElement("table");
    table.className = "walk";
    const caption = document.createElement("caption");
    caption.textContent = answer.front_to_back ? "Compared from the axis, front to back" : "Compared from back to front";
    table.append(caption);
    const head = document.createElement("tr");
    head.append(cell("th", ""));
    for (let d = 0; d < rank; ++d) {
      const step = verdicts.get(d);
      const order = step ? answer.steps.indexOf(step) + 1 : null;
      const th = cell("th", "dim " + d + (order ? " (step " + order + ")" : ""));
      if (step) th.append(cell("span", step.holds ? ": holds" : ": fails", "visually-hidden"));
      th.scope = "col";
      head.append(th);
    }
    table.append(head);
    const resultRow = answer.holds ? [{ name: answer.rule === "matmul" ? "batch" : "result", shape: answer.compared_result, result: true }] : [];
    for (const row of rows.concat(resultRow)) {
      const tr = document.createElement("tr");
      if (row.result) tr.className = "result";
      const th = cell("th", row.name);
      th.scope = "row";
      tr.append(th);
      const offset = rank - row.shape.length;
      for (let d = 0; d < rank; ++d) {
        const size = d < offset ? "-" : String(row.shape[d - offset]);
        const step = verdicts.get(d);
        let className = step ? (step.holds ? "holds" : "fails") : "unvisited";
        if (!row.result && step && step.holds && (size === "-" || (size === "1" && step.result !== 1))) {
          className += " stretches";
        }
        const td = cell("td", size, className);
        if (step) td.title = step.reason;
        tr.append(td);
      }
      table.append(tr);
    }
    box.append(table);
  }

  // A tensor as a grid: rank 0 one cell, rank 1 one row, rank 2 a table, higher ranks a table per
  // leading index. `repeats` marks the elements that copy another one (an index above 0 along an
  // axis the operand is stretched along).
  function drawArray(title, note, values, repeats) {
    const box = document.createElement("div");
    box.className = "array";
    box.append(cell("h3", title));
    if (note) box.append(cell("p", note));
    const shape = values.shape;
    const data = values.data;
    const rank = shape.length;
    const rows = rank >= 2 ? shape[rank - 2] : 1;
    const columns = rank >= 1 ? shape[rank - 1] : 1;
    const lead = shape.slice(0, Math.max(0, rank - 2));
    const slices = lead.reduce((a, b) => a * b, 1);
    const strides = shape.map((_, d) => shape.slice(d + 1).reduce((a, b) => a * b, 1));
    for (let s = 0; s < slices; ++s) {
      const index = [];
      let rest = s;
      for (let d = lead.length - 1; d >= 0; --d) {
        index.unshift(rest % lead[d]);
        rest = Math.floor(rest / lead[d]);
      }
      if (lead.length > 0) box.append(cell("div", "[" + index.concat([":", ":"]).join(", ") + "]", "slice-label"));
      const table = document.createElement("table");
      table.className = "grid";
      for (let i = 0; i < rows; ++i) {
        const tr = document.createElement("tr");
        for (let j = 0; j < columns; ++j) {
          const full = rank >= 2 ? index.concat([i, j]) : rank === 1 ? [j] : [];
          const flat = full.reduce((sum, v, d) => sum + v * strides[d], 0);
          const repeated = (repeats || []).some((axis) => full[axis] > 0);
          const td = cell("td", formatNumber(data[flat]), repeated ? "repeat" : "");
          if (repeated) {
            td.title = "a copy: repeated along axis " + repeats.filter((a) => full[a] > 0).join(" and ");
            td.append(cell("span", " (copy)", "visually-hidden"));
          }
          tr.append(td);
        }
        table.append(tr);
      }
      if (columns === 0 || rows === 0) {
        const tr = document.createElement("tr");
        tr.append(cell("td", "(empty)"));
        table.append(tr);
      }
      box.append(table);
    }
    if (slices === 0) box.append(cell("p", "(empty)"));
    return box;
  }

  function formatNumber(value) {
    if (typeof value === "string") return value;
    return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(6)));
  }

  function shapeText(shape) {
    return "[" + shape.join(", ") + "]";
  }

  function drawValues(answer, request) {
    const box = byId("values");
    box.textContent = "";
    if (!request.arrays) return;
    if (answer.values_error) {
      box.append(cell("p", answer.values_error, "error"));
      return;
    }
    if (!answer.values) return;
    box.append(cell("h2", "Values"));
    const arrays = document.createElement("div");
    arrays.className = "arrays";
    for (const operand of answer.operands) {
      if (!operand.stretched) continue;
      const note = operand.repeats.length === 0
        ? "not stretched: already " + shapeText(operand.stretched.shape)
        : shapeText(operand.values.shape) + " stretched to " + shapeText(operand.stretched.shape) +
          ": repeats along axis " + operand.repeats.join(" and ") + " (shaded: copies, never stored)";
      arrays.append(drawArray(operand.name, note, operand.stretched, operand.repeats));
    }
    arrays.append(drawArray("result", shapeText(answer.values.shape), answer.values, []));
    box.append(arrays);
  }

  // The verdict: the last line of loom's text, and any suggested fix after it.
  function drawVerdict(answer) {
    const verdict = byId("verdict");
    verdict.textContent = "";
    verdict.className = answer.holds ? "holds" : "fails";
    const lines = answer.text.trim().split("\n");
    const soLine = lines.findIndex((line) => line.startsWith("so "));
    verdict.append(document.createTextNode(lines[soLine] || ""));
    for (const line of lines.slice(soLine + 1)) verdict.append(cell("span", line, "fix"));
  }

  let requestCount = 0;

  function run() {
    if (!engine) return;
    const request = currentRequest();
    let answer;
    try {
      answer = ask(request.text);
    } catch (failure) {
      answer = { status: 2, error: "loom stopped (" + failure + "); reload the page" };
    }
    const output = byId("output");
    const error = byId("error");
    // For arrays, the command that walks their shapes; none for an array that could not be read.
    const args = request.arrays && answer.shapes
      ? commandArguments(request.rule, byId("axis").value.trim(),
        answer.shapes.map((shape) => (shape.length ? shape.join(",") : "[]")))
      : request.args;
    byId("command").textContent = request.arrays && !answer.shapes ? "" : "loom-explain " + args.map(shellWord).join(" ");
    byId("index-note").textContent = answer.index_note || "";
    if (answer.status === 2) {
      error.hidden = false;
      error.textContent = answer.error;
      byId("verdict").textContent = "";
      byId("table-box").textContent = "";
      byId("walk-text").textContent = "";
      byId("values").textContent = "";
    } else {
      error.hidden = true;
      error.textContent = "";
      byId("walk-text").textContent = answer.text;
      if (answer.holds === undefined) {  // --help
        byId("verdict").textContent = "";
        byId("table-box").textContent = "";
      } else {
        drawVerdict(answer);
        drawTable(answer);
      }
      drawValues(answer, request);
    }
    window.playgroundLastAnswer = answer;  // for the page's tests (web/tests/playground.test.js)
    output.dataset.status = String(answer.status);
    output.dataset.request = String(++requestCount);
  }

  // Lessons: one button per example, grouped by page.
  function showLessons() {
    const list = byId("lesson-list");
    const lessons = typeof LOOM_LESSONS === "undefined" ? [] : LOOM_LESSONS;
    let group = null;
    let source = null;
    for (const lesson of lessons) {
      if (lesson.source !== source) {
        source = lesson.source;
        list.append(cell("h3", source));
        group = document.createElement("ul");
        list.append(group);
      }
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.id = "lesson-" + lesson.id;
      button.append(document.createTextNode(lesson.title + " "));
      button.append(cell("span", "(" + lesson.operands.join(" with ") + ")", "lesson-verdict"));
      button.addEventListener("click", () => loadLesson(lesson, button));
      item.append(button);
      group.append(item);
    }
  }

  function loadLesson(lesson, button) {
    for (const other of document.querySelectorAll("#lesson-list button")) other.removeAttribute("aria-current");
    button.setAttribute("aria-current", "true");
    form.querySelector('input[value="' + lesson.mode + '"]').checked = true;
    ruleSelect.value = lesson.rule;
    if (lesson.axis !== null && lesson.axis !== undefined) byId("axis").value = String(lesson.axis);
    if (lesson.op) byId("op").value = lesson.op;
    refreshForm();
    setOperandCount(lesson.operands.length, lesson.operands);
    const words = byId("lesson-words");
    words.hidden = false;
    words.textContent = "";
    words.append(cell("p", lesson.words));
    words.append(cell("cite", lesson.source));
    run();
    byId("output").scrollIntoView({ block: "nearest" });
  }

  ruleSelect.addEventListener("change", refreshForm);
  for (const option of form.querySelectorAll('input[name="mode"]')) option.addEventListener("change", refreshForm);
  byId("add-operand").addEventListener("click", () => setOperandCount(operandInputs().length + 1));
  byId("remove-operand").addEventListener("click", () => setOperandCount(Math.max(2, operandInputs().length - 1)));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    byId("lesson-words").hidden = true;
    run();
  });

  refreshForm();
  setOperandCount(2, ["4,3", "4"]);
  showLessons();
  createLoomPlayground().then((module) => {
    engine = module;
    const loading = byId("loading");
    loading.textContent = "";
    loading.hidden = true;
    document.body.dataset.ready = "true";
    run();
  }).catch((failure) => {
    byId("loading").textContent = "loom could not start in this browser (" + failure + "): the page needs WebAssembly.";
  });
})();
