// vidmem's page: timeline, player, ask with streamed steps, search, names, ingest. Plain DOM, no build.
"use strict";

const $ = (id) => document.getElementById(id);

// el("div", {class: "x", onclick: f}, child, "text") — text is always set as text, never as HTML
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

async function api(path, body, method) {
  const init = body === undefined ? {} : {
    method: method || "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const detail = Array.isArray(data.detail) ? data.detail.map((d) => d.msg).join("; ") : data.detail;
    throw new Error(detail || `${response.status} ${response.statusText}`);
  }
  return data;
}

function hours(seconds) {
  return seconds >= 3600 ? `${(seconds / 3600).toFixed(1)} h` : `${Math.round(seconds / 60)} min`;
}

// --- the player --------------------------------------------------------------------------------

const player = $("player");
let playingId = null;

// open recording `videoId` at `offset` seconds; `moment` (a hit or citation) fills the evidence box
function openAt(videoId, videoUrl, offset, moment) {
  const seek = () => {
    player.currentTime = Math.max(0, offset);
    player.play().catch(() => {});  // autoplay may be refused; the position is what matters
  };
  if (playingId !== videoId) {
    playingId = videoId;
    player.src = videoUrl;
    player.addEventListener("loadedmetadata", seek, {once: true});
    player.load();
  } else if (player.readyState >= 1) {
    seek();
  } else {
    player.addEventListener("loadedmetadata", seek, {once: true});
  }
  document.querySelectorAll(".rec").forEach((r) => r.classList.toggle("playing", r.dataset.id === String(videoId)));
  const label = moment ? moment.label : `${videoUrl} @ ${offset.toFixed(0)} s`;
  $("now").textContent = label;
  $("now").classList.remove("muted");
  const box = $("evidence");
  if (moment && moment.thumbnail) {
    $("evidence-img").src = moment.thumbnail;
    $("evidence-img").alt = `Frame at ${moment.label}`;
    $("evidence-caption").textContent = moment.snippet || moment.text || "";
    box.hidden = false;
  } else {
    box.hidden = true;
  }
}

// --- summary and timeline ------------------------------------------------------------------------

async function loadSummary() {
  const s = await api("/api/summary");
  const bits = [`${s.library}`, `${s.videos} recordings`, hours(s.duration_s), `${s.days} day${s.days === 1 ? "" : "s"}`,
    `${s.speakers} voices`, `${s.people} people`, `${s.places} places`];
  if (s.failed) bits.push(`${s.failed} failed`);
  $("summary").textContent = bits.join(" · ");
}

async function loadTimeline() {
  const root = $("timeline");
  const data = await api("/api/timeline");
  root.replaceChildren();
  if (!data.days.length) {
    root.append(el("p", {class: "muted"}, "No footage yet. Ingest some (the Ingest tab, or vidmem ingest)."));
    return;
  }
  data.days.forEach((day, i) => {
    const recs = el("ul", {class: "recs"});
    for (const rec of day.recordings) {
      const segs = el("ul", {class: "segs", hidden: true});
      let loaded = false;
      const loadSegments = async () => {
        // a long Library has tens of thousands of segments: fetch a recording's when it is opened
        loaded = true;
        segs.replaceChildren(el("li", {class: "muted"}, "loading…"));
        try {
          const detail = await api(`/api/recordings/${rec.id}`);
          segs.replaceChildren(...detail.segments.map((seg) => el("li", {}, el("button", {
            class: "seg", type: "button", title: seg.text || "",
            onclick: () => openAt(rec.id, rec.video_url, seg.offset_s,
              {label: `day ${day.day} ${seg.clock} (${rec.file})`, thumbnail: seg.thumbnail, text: seg.text}),
          }, el("span", {class: "when"}, seg.clock), seg.text || "—"))));
        } catch (error) {
          loaded = false;
          segs.replaceChildren(el("li", {}, `error: ${error.message}`));
        }
      };
      const head = el("button", {
        class: "rec-head", type: "button", "aria-expanded": "false",
        onclick: () => {
          const open = segs.hidden;
          segs.hidden = !open;
          if (open && !loaded) loadSegments();
          head.setAttribute("aria-expanded", String(open));
          openAt(rec.id, rec.video_url, 0, {label: `day ${day.day} ${rec.clock} (${rec.file})`});
        },
      },
      rec.thumbnail ? el("img", {src: rec.thumbnail, alt: "", loading: "lazy"}) : null,
      el("span", {}, el("span", {class: "when"}, rec.clock), " ",
        el("span", {class: "badge" + (rec.status === "failed" ? " failed" : "")},
          rec.status === "failed" ? "failed" : hours(rec.duration_s)),
        el("br"), el("span", {class: "file"}, rec.file)));
      recs.append(el("li", {class: "rec", "data-id": String(rec.id)}, head, segs));
    }
    root.append(el("details", {class: "day", open: i === data.days.length - 1 || data.days.length <= 3},
      el("summary", {}, `Day ${day.day} `, el("span", {class: "muted"}, `${day.date} · ${day.recordings.length} recordings`)),
      recs));
  });
}

// --- search --------------------------------------------------------------------------------------

function hitCard(hit) {
  const text = hit.speaker ? `${hit.speaker}: ${hit.text}` : hit.text;
  return el("li", {}, el("button", {
    class: "hit", type: "button",
    onclick: () => openAt(hit.video_id, hit.video_url, hit.offset_s, {...hit, snippet: text}),
  },
  hit.thumbnail ? el("img", {src: hit.thumbnail, alt: "", loading: "lazy"}) : null,
  el("span", {class: "when"}, `day ${hit.day} ${hit.clock}`),
  el("span", {class: "text"}, text)));
}

$("search-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const query = $("search-input").value.trim();
  if (!query) return;
  const kind = $("search-kind").value;
  const list = $("results");
  $("results-title").textContent = `Search results: “${query}” (${kind === "audio" ? "said" : "seen"})`;
  list.replaceChildren(el("li", {class: "muted"}, "searching…"));
  try {
    const result = await api(`/api/search/${kind}`, {query, k: 12});
    list.replaceChildren(...(result.hits.length ? result.hits.map(hitCard) : [el("li", {class: "muted"}, "nothing found")]));
  } catch (error) {
    list.replaceChildren(el("li", {class: "muted"}, `error: ${error.message}`));
  }
});

// --- ask: Server-Sent Events over fetch (POST) ---------------------------------------------------

async function* sseEvents(response) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const {value, done} = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, {stream: true});
    let cut;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let kind = "message";
      const data = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event: ")) kind = line.slice(7);
        else if (line.startsWith("data: ")) data.push(line.slice(6));
      }
      yield {kind, data: JSON.parse(data.join("\n") || "{}")};
    }
  }
}

function showStep(step) {
  if (!["plan", "replan", "tool", "grade", "answer"].includes(step.step)) return;
  let text = step.detail.split("\n")[0];  // a tool's first line: "audio_search → 3 hits"
  if (step.step === "plan" || step.step === "replan") text = step.detail.split("\n").join("; ");
  if (step.step === "answer") text = "written";
  $("steps").append(el("li", {class: `step-${step.step}`}, el("strong", {}, step.step), ` ${text}`,
    el("span", {class: "muted"}, ` · ${step.elapsed_s.toFixed(2)} s`)));
}

function showAnswer(answer) {
  $("answer").hidden = false;
  $("answer-text").textContent = answer.text;
  $("answer-why").textContent = answer.justification || "";
  const list = $("citations");
  list.replaceChildren(...answer.citations.map((c) => el("li", {},
    el("button", {
      class: "cite", type: "button", "data-offset": String(c.offset_s),
      onclick: () => openAt(c.video_id, c.video_url, c.offset_s, c),
    }, c.label, el("span", {class: "mod"}, c.modality)),
    el("span", {class: "cite-snippet"}, c.snippet))));
  if (!answer.citations.length) list.append(el("li", {class: "muted"}, "no moment cited"));
  const t = answer.timings;
  $("answer-timing").textContent = `confidence ${answer.confidence.toFixed(2)} · plan ${(t.plan || 0).toFixed(2)} s · ` +
    `search ${(t.tools || 0).toFixed(2)} s · answer ${(t.answer || 0).toFixed(2)} s`;
}

$("ask-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const question = $("ask-input").value.trim();
  if (!question) return;
  const button = $("ask-button");
  button.disabled = true;
  button.textContent = "Thinking…";
  $("steps").replaceChildren();
  $("answer").hidden = true;
  try {
    const response = await fetch("/api/ask/stream", {
      method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify({question}),
    });
    if (!response.ok) {
      const data = await response.json().catch(() => ({}));
      throw new Error(Array.isArray(data.detail) ? data.detail.map((d) => d.msg).join("; ") : (data.detail || response.status));
    }
    for await (const {kind, data} of sseEvents(response)) {
      if (kind === "step") showStep(data);
      else if (kind === "answer") showAnswer(data);
      else if (kind === "error") throw new Error(data.detail);
    }
  } catch (error) {
    $("steps").append(el("li", {class: "error"}, `error: ${error.message}`));
  } finally {
    button.disabled = false;
    button.textContent = "Ask";
  }
});

$("ask-input").addEventListener("keydown", (event) => {
  if (event.key === "Enter" && !event.shiftKey) {
    event.preventDefault();
    $("ask-form").requestSubmit();
  }
});

document.addEventListener("keydown", (event) => {
  const typing = ["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement.tagName);
  if (event.key === "/" && !typing) {
    event.preventDefault();
    $("ask-input").focus();
  }
});

// --- tabs (arrow keys move between them, as a tablist should) ------------------------------------

const tabs = [...document.querySelectorAll('[role="tab"]')];
function selectTab(tab) {
  for (const t of tabs) {
    const selected = t === tab;
    t.setAttribute("aria-selected", String(selected));
    t.tabIndex = selected ? 0 : -1;
    $(t.getAttribute("aria-controls")).hidden = !selected;
  }
  tab.focus();
  if (tab.id === "tab-names") loadNames();
  if (tab.id === "tab-ingest") loadJobs();
}
tabs.forEach((tab, i) => {
  tab.addEventListener("click", () => selectTab(tab));
  tab.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight") selectTab(tabs[(i + 1) % tabs.length]);
    if (event.key === "ArrowLeft") selectTab(tabs[(i + tabs.length - 1) % tabs.length]);
  });
});

// --- names ---------------------------------------------------------------------------------------

function nameRow(kind, key, label, current, detail) {
  const input = el("input", {type: "text", value: current || "", maxlength: "100", "aria-label": `Name for ${label}`,
    placeholder: "name"});
  const status = el("span", {class: "who"}, `${label}${detail ? " · " + detail : ""}`);
  const form = el("form", {
    onsubmit: async (event) => {
      event.preventDefault();
      try {
        const saved = await api(`/api/${kind}/${encodeURIComponent(key)}/name`, {name: input.value}, "PUT");
        status.textContent = `${label} · saved as “${saved.display}”`;
        loadSummary();
      } catch (error) {
        status.textContent = `${label} · ${error.message}`;
      }
    },
  }, input);
  return el("li", {}, status, form, el("button", {type: "button", onclick: () => form.requestSubmit()}, "Save"));
}

async function loadNames() {
  const [speakers, people, places] = await Promise.all([api("/api/speakers"), api("/api/people"), api("/api/places")]);
  const fill = (id, rows) => $(id).replaceChildren(...(rows.length ? rows : [el("li", {class: "muted"}, "none yet")]));
  fill("speakers", speakers.map((s) => nameRow("speakers", s.short, `${s.short} ${s.label}`,
    s.name_source === "user" ? s.name : "", s.name && s.name_source !== "user" ? `guess: ${s.display}` : `${s.utterances} lines`)));
  fill("people", people.map((p) => nameRow("people", String(p.id), p.label, p.name, `${p.faces} faces`)));
  fill("places", places.map((p) => nameRow("places", p.label, p.label, p.name, p.auto_name || "")));
}

// --- ingest --------------------------------------------------------------------------------------

let polling = null;
async function loadJobs() {
  const jobs = await api("/api/ingest");
  $("jobs").replaceChildren(...jobs.slice().reverse().map((job) => el("li", {},
    el("strong", {}, `#${job.id} ${job.state}`), " ", job.paths.join(", "),
    job.state === "running" ? el("div", {}, `${job.file_index + 1}/${job.files_total || "?"} ${job.stage || ""}`,
      el("progress", {max: "1", value: String(job.fraction)})) : null,
    job.error ? el("div", {class: "muted"}, job.error) : null,
    ...job.files.map((f) => el("div", {class: "muted"}, `${f.status}: ${f.path}${f.message ? " — " + f.message : ""}`)))));
  const active = jobs.some((j) => j.state === "queued" || j.state === "running");
  if (active && !polling) polling = setInterval(loadJobs, 1500);
  if (!active && polling) {
    clearInterval(polling);
    polling = null;
    loadSummary();
    loadTimeline();
  }
}

$("ingest-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const path = $("ingest-path").value.trim();
  if (!path) return;
  try {
    await api("/api/ingest", {paths: [path]});
    $("ingest-path").value = "";
  } catch (error) {
    $("jobs").prepend(el("li", {class: "muted"}, `error: ${error.message}`));
    return;
  }
  loadJobs();
});

loadSummary().catch((error) => { $("summary").textContent = `error: ${error.message}`; });
loadTimeline().catch((error) => { $("timeline").replaceChildren(el("p", {}, `error: ${error.message}`)); });
