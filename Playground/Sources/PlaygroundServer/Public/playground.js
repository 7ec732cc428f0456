// The CellFit playground's page: every drawing, error and height comes from the
// server's JSON API (Docs/Playground.md), which answers as `cellfit` does.
"use strict";

const $ = (id) => document.getElementById(id);
const state = {
  source: null,        // what the template came from: an example's name or a file's name
  imported: null,      // {file, name, cell, frames} for a cell imported from Interface Builder
  drawn: 0,            // drawings completed (the browser test waits on it)
  pending: null,
};

// A request body whose documents go as text: the server reads a string member as the
// file's text, so errors come back at the line and column of the editor.
function body(extra) {
  const request = {
    template: $("template").value,
    width: Number($("width-number").value),
    intrinsic: $("intrinsic").value,
  };
  if ($("pin").checked) request.height = Number($("height").value);
  if ($("content-size").value) request.contentSize = $("content-size").value;
  const row = $("row").value.trim();
  if (row) request.row = row;
  return JSON.stringify(Object.assign(request, extra || {}));
}

async function post(path, text) {
  const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: text });
  const answer = await response.text();
  return { ok: response.ok, status: response.status, text: answer, type: response.headers.get("Content-Type") || "" };
}

function errorText(answer) {
  try {
    const error = JSON.parse(answer.text);
    return { message: error.error, error };
  } catch (_) {
    return { message: `HTTP ${answer.status}: ${answer.text}`, error: {} };
  }
}

function showError(element, message) {
  element.textContent = message || "";
  element.hidden = !message;
}

function viewNames() {
  return [...$("drawing").querySelectorAll("g[data-view]")].map((g) => g.dataset.view);
}

function mark(names, cls) {
  for (const g of $("drawing").querySelectorAll("g[data-view]")) {
    if (names.includes(g.dataset.view)) g.classList.add(cls);
  }
}

// Views named in a message (a conflict's constraints name them).
function namedIn(message) {
  return viewNames().filter((name) => new RegExp(`(^|[^\\w])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}([^\\w]|$)`).test(message));
}

function scheduleUpdate() {
  clearTimeout(state.pending);
  state.pending = setTimeout(update, 200);
}

async function update() {
  const generation = ++update.generation;
  // Each answer is used only while no newer edit has started its own requests.
  const current = () => generation === update.generation;
  const row = $("row").value.trim();
  if (row) {
    try { JSON.parse(row); } catch (e) { showError($("error"), `row: ${e.message}`); return; }
  }
  const overlay = state.imported && $("overlay").checked ? { overlay: state.imported.frames } : {};
  $("status").textContent = "laying out…";
  const [layout, picture] = await Promise.all([post("/layout", body({ details: true })), post("/render", body(overlay))]);
  if (!current()) return;
  const diagnostics = [];
  let recovered = null;
  if (!layout.ok) {
    const { message, error } = errorText(layout);
    const place = error.line ? `${error.document || "template"}:${error.line}:${error.column}: ` : "";
    showError($("error"), message.startsWith(error.document || "\u0000") ? message : place + message);
    // A click on the error selects its place in the editor it names. A row is read
    // as the rows file `[row]`, one column to the right on its first line.
    const rowEditor = error.document === "rows" && $("row").value.trim();
    const editor = error.document === "template" ? $("template") : rowEditor ? $("row") : null;
    const column = rowEditor && error.line === 1 ? error.column - 1 : error.column;
    $("error").onclick = editor && error.line ? () => select(editor, error.line, column) : null;
    $("error").title = editor && error.line ? "click: go to line " + error.line : "";
    if (layout.status === 422) {
      // A conflict: lay it out as UIKit recovers, breaking what --on-error recover breaks.
      const again = await post("/layout", body({ details: true, onError: "recover" }));
      if (!current()) return;
      if (again.ok) recovered = JSON.parse(again.text);
    }
  } else {
    showError($("error"), "");
  }
  let drawing = picture.ok ? picture.text : null;
  if (!picture.ok && recovered) {
    const drawn = await post("/render", body(Object.assign({ onError: "recover" }, overlay)));
    if (!current()) return;
    drawing = drawn.ok ? drawn.text : "";
  }
  // Without a drawing the last one stays, dimmed, while the template cannot be read.
  $("drawing").classList.toggle("stale", drawing === null);
  if (drawing !== null) $("drawing").innerHTML = drawing;
  const details = layout.ok ? JSON.parse(layout.text) : recovered;
  if (!layout.ok && layout.status === 422) {
    const { message } = errorText(layout);
    mark(namedIn(message), "conflict");
    diagnostics.push(`<b>Conflict</b>: ${escapeHTML(message)}`);
  }
  if (details) {
    for (const warning of details.warnings) {
      const recovery = warning.includes("unsatisfiable constraints");
      diagnostics.push(`${recovery ? "UIKit's recovery" : "Warning"}: ${escapeHTML(warning)}`);
      if (recovery) mark(namedIn(warning), "conflict");
    }
    for (const found of details.ambiguity) {
      if (found.views.length || found.zeroHeight || found.negative.length) {
        mark(found.views, "free");
        diagnostics.push(`<b>Ambiguous</b> (row ${found.row}): ${escapeHTML(found.description)}`);
      }
    }
    if (state.imported && details.lines.length) differences(details.lines[0].frames, diagnostics);
    const line = details.lines[0];
    $("status").textContent = line ? `${line.width} × ${Math.round(line.height * 1000) / 1000} pt` : "";
  } else {
    $("status").textContent = "";
  }
  $("diagnostics").innerHTML = diagnostics.length ? `<ul>${diagnostics.map((d) => `<li>${d}</li>`).join("")}</ul>` : "";
  commandLine(recovered !== null);
  state.drawn += 1;
  document.body.dataset.drawn = String(state.drawn);
  document.body.dataset.width = $("width-number").value;
}
update.generation = 0;

// Selects the character at `line`:`column` (1-based) of a text area.
function select(editor, line, column) {
  const lines = editor.value.split("\n");
  let offset = 0;
  for (let i = 0; i < Math.min(line - 1, lines.length); i++) offset += lines[i].length + 1;
  // The CLI counts columns in Unicode scalars; the text area, in UTF-16 units.
  offset += Array.from(lines[line - 1] || "").slice(0, Math.max(column - 1, 0)).join("").length;
  editor.focus();
  editor.setSelectionRange(offset, offset + 1);
}

// Views whose frames differ from Interface Builder's by more than half a point.
function differences(frames, diagnostics) {
  const ib = state.imported.frames.frames || {};
  const differ = Object.keys(ib).filter((name) => {
    const a = ib[name], b = frames[name];
    return b && a.some((value, i) => Math.abs(value - b[i]) > 0.5);
  });
  mark(differ, "differs");
  if (Number($("width-number").value) !== state.imported.frames.width) {
    diagnostics.push(`Interface Builder's frames are at width ${state.imported.frames.width}.`);
  }
  diagnostics.push(differ.length ? `Differ from Interface Builder: ${differ.map(escapeHTML).join(", ")}` : "Every frame matches Interface Builder's.");
}

function escapeHTML(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

// The commands that reproduce the drawing: `recovered` when it is UIKit's recovery
// from a conflict.
function commandLine(recovered) {
  const quoted = (text) => `'${text.replace(/'/g, "'\\''")}'`;
  const width = $("width-number").value;
  const options = [`--template template.json`, `--width ${width}`];
  if ($("pin").checked) options.push(`--height ${$("height").value}`);
  if ($("intrinsic").value !== "measured") options.push(`--intrinsic ${$("intrinsic").value}`);
  if ($("content-size").value) options.push(`--content-size ${$("content-size").value}`);
  const row = $("row").value.trim();
  if (row) options.push("--data row.json");
  if (recovered) options.push("--on-error recover");
  const lines = [];
  if (state.imported) {
    lines.push(`cellfit import ${quoted(state.imported.name)} --cell ${quoted(state.imported.cell)} --out template.json --frames ib.json`);
  } else if (state.source && state.edited !== true) {
    lines.push(`cp Examples/Templates/${state.source}.json template.json`);
  } else {
    lines.push("# the template, as in the editor, saved as template.json");
  }
  // The row as compact JSON: the same values, whatever the editor's whitespace.
  let compact = row;
  try { if (row) compact = JSON.stringify(JSON.parse(row)); } catch (_) { /* shown as typed */ }
  if (row) lines.push(`echo ${quoted(`[${compact}]`)} > row.json`);
  lines.push(`cellfit layout ${options.join(" ")} --json`);
  const overlay = state.imported && $("overlay").checked ? " --overlay ib.json" : "";
  lines.push(`cellfit render ${options.join(" ")}${overlay} --out cell.svg`);
  $("command").textContent = lines.join("\n");
}

async function loadExample(name) {
  const generation = ++loadExample.generation;
  const response = await fetch(`/examples/${encodeURIComponent(name)}`);
  if (generation !== loadExample.generation) return; // another example was asked for since
  if (!response.ok) { showError($("error"), `no example cell '${name}'`); return; }
  const example = await response.json();
  if (generation !== loadExample.generation) return;
  name = example.name; // a program's name opens its cell's first variant
  state.source = name;
  state.edited = false;
  state.imported = null;
  $("overlay-choice").hidden = true;
  $("cell-choice").hidden = true;
  $("source").textContent = `(example ${name})`;
  $("template").value = example.template;
  $("rows").value = example.rows || "";
  let first = "";
  try { const rows = JSON.parse(example.rows || "[]"); if (rows.length) first = JSON.stringify(rows[0], null, 1); } catch (_) { /* no rows */ }
  $("row").value = first;
  $("example").value = name;
  update();
}

loadExample.generation = 0;

async function importFile(name, text, cell) {
  const request = { file: text, name };
  if (cell) request.cell = cell;
  const answer = await post("/import", JSON.stringify(request));
  if (!answer.ok) { showError($("error"), errorText(answer).message); return; }
  const result = JSON.parse(answer.text);
  if (result.cells) {
    // Several cells: the person chooses.
    const select = $("cell");
    select.innerHTML = `<option value="">choose one of ${result.cells.length} cells</option>` +
      result.cells.map((c) => `<option value="${escapeHTML(c.id)}">${escapeHTML(c.reuseIdentifier || c.class || c.id)} (${escapeHTML(c.kind)}, ${c.views} views)</option>`).join("");
    select.onchange = () => select.value && importFile(name, text, select.value);
    $("cell-choice").hidden = false;
    return;
  }
  state.imported = { name, cell: result.cell.id, frames: result.frames };
  state.edited = false;
  state.source = name;
  $("source").textContent = `(${name}, cell ${result.cell.id})`;
  $("overlay-choice").hidden = false;
  $("template").value = result.template;
  $("row").value = "";
  $("rows").value = "";
  $("example").value = "";
  setWidth(result.frames.width);
  update();
}

async function openFile(file) {
  const text = await file.text();
  if (file.name.endsWith(".json")) {
    let parsed = null;
    try { parsed = JSON.parse(text); } catch (_) { /* the editor shows why */ }
    if (Array.isArray(parsed)) { $("rows").value = text; return; }
    state.imported = null;
    state.source = null;
    $("overlay-choice").hidden = true;
    $("source").textContent = `(${file.name})`;
    $("template").value = text;
    update();
    return;
  }
  $("cell-choice").hidden = true;
  await importFile(file.name, text, null);
}

function setWidth(width) {
  $("width-number").value = width;
  $("width").value = width;
}

async function sizeRows() {
  const widths = $("widths").value.split(",").map((w) => Number(w.trim())).filter((w) => w > 0);
  const sizes = $("sizes").value.split(",").map((s) => s.trim()).filter((s) => s);
  const request = { template: $("template").value, rows: $("rows").value || "[]", widths };
  if (sizes.length) request.contentSizes = sizes;
  const generation = ++sizeRows.generation;
  const answer = await post("/heights", JSON.stringify(request));
  if (generation !== sizeRows.generation) return; // a newer request's table will show
  const table = $("heights");
  if (!answer.ok) { showError($("heights-error"), errorText(answer).message); table.innerHTML = ""; $("download").hidden = true; return; }
  showError($("heights-error"), "");
  const lines = answer.text.trim().split("\n").filter((l) => l).map((l) => JSON.parse(l));
  const columns = [...new Set(lines.map((l) => `${l.width ?? widths[0]}${l.contentSize ? " " + l.contentSize : ""}`))];
  const byRow = new Map();
  for (const l of lines) {
    const key = `${l.width ?? widths[0]}${l.contentSize ? " " + l.contentSize : ""}`;
    if (!byRow.has(l.row)) byRow.set(l.row, {});
    byRow.get(l.row)[key] = l.height;
  }
  table.innerHTML = `<tr><th>row</th>${columns.map((c) => `<th>${escapeHTML(c)}</th>`).join("")}</tr>` +
    [...byRow].map(([row, cells]) => `<tr><td>${row}</td>${columns.map((c) => `<td>${cells[c]}</td>`).join("")}</tr>`).join("");
  const link = $("download");
  if (link.href) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([answer.text], { type: "application/x-ndjson" }));
  link.hidden = false;
}

sizeRows.generation = 0;

function wire() {
  $("template").addEventListener("input", () => { state.edited = true; scheduleUpdate(); });
  $("row").addEventListener("input", scheduleUpdate);
  $("width").addEventListener("input", () => { $("width-number").value = $("width").value; scheduleUpdate(); });
  $("width-number").addEventListener("input", () => { $("width").value = $("width-number").value; scheduleUpdate(); });
  $("pin").addEventListener("change", () => { $("height").disabled = !$("pin").checked; update(); });
  for (const id of ["height", "intrinsic", "overlay", "content-size"]) $(id).addEventListener("input", scheduleUpdate);
  $("example").addEventListener("change", () => $("example").value && loadExample($("example").value));
  $("file").addEventListener("change", () => $("file").files[0] && openFile($("file").files[0]));
  const drop = $("drop");
  for (const target of [drop, document.body]) {
    target.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
    target.addEventListener("dragleave", () => drop.classList.remove("over"));
    target.addEventListener("drop", (e) => {
      e.preventDefault();
      e.stopPropagation();
      drop.classList.remove("over");
      const file = e.dataTransfer && e.dataTransfer.files[0];
      if (file) openFile(file);
    });
  }
  $("copy").addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText($("command").textContent));
  $("size").addEventListener("click", sizeRows);
  $("drawing").addEventListener("mouseover", (e) => {
    const g = e.target.closest && e.target.closest("g[data-view]");
    if (!g) return;
    const rect = g.querySelector(":scope > rect.frame");
    const frame = rect ? ["x", "y", "width", "height"].map((a) => rect.getAttribute(a)).join(", ") : "";
    $("hover").textContent = `${g.dataset.view} (${g.dataset.kind}, ${g.dataset.visibility}) [${frame}]`;
  });
}

async function start() {
  wire();
  const names = await (await fetch("/examples")).json();
  $("example").innerHTML += names.map((n) => `<option>${escapeHTML(n)}</option>`).join("");
  const wanted = new URLSearchParams(location.search).get("example");
  await loadExample(wanted || names[0] || "");
}

start();
