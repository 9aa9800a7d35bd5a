// The board in a browser (docs/web.md): draws the board from its JSON, the game's public view on it, and keeps it
// live (server-sent events say "there is a new version"). No library; nothing is fetched from anyone else.
"use strict";
(function () {
  var NS = "http://www.w3.org/2000/svg";
  var body = document.body;
  var kind = body.getAttribute("data-page");
  var lang = body.getAttribute("data-lang") || "en";
  var base = location.pathname.replace(/\/+$/, "");
  var boardData = null, doc = null, live = null, showPossible = false, replaying = null;
  var svg = null, overlay = null, view = null, full = null;

  function el(name, attrs, parent) {
    var node = document.createElementNS(NS, name);
    for (var key in attrs) node.setAttribute(key, attrs[key]);
    if (parent) parent.appendChild(node);
    return node;
  }
  function html(name, text, parent, cls) {
    var node = document.createElement(name);
    if (text !== undefined && text !== null) node.textContent = text;
    if (cls) node.className = cls;
    if (parent) parent.appendChild(node);
    return node;
  }
  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (_, key) { return values[key]; });
  }
  function get(path) {
    return fetch(base + path, { credentials: "omit", cache: "no-cache" }).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.json();
    });
  }
  function byId(id) { return document.getElementById(id); }

  // -- the board ------------------------------------------------------------------------------------
  function drawBoard(b) {
    var holder = byId("board");
    holder.textContent = "";
    full = { x: 0, y: 0, w: b.width, h: b.height };
    view = { x: 0, y: 0, w: b.width, h: b.height };
    svg = el("svg", { viewBox: "0 0 " + b.width + " " + b.height, id: "map", role: "img",
                      "aria-label": b.title || "" }, holder);
    el("rect", { x: 0, y: 0, width: b.width, height: b.height, fill: b.paper }, svg);
    b.areas.forEach(function (a) {
      el("polygon", { points: a.points.map(function (p) { return p.join(","); }).join(" "), fill: a.fill,
                      stroke: a.edge, "stroke-width": 3, "stroke-linejoin": "round" }, svg);
    });
    b.paths.forEach(function (p) {
      el("polyline", { points: p.points.map(function (q) { return q.join(","); }).join(" "), fill: "none",
                       stroke: p.colour, "stroke-width": p.width, "stroke-linecap": "round",
                       "stroke-linejoin": "round" }, svg);
    });
    b.lines.forEach(function (line) {
      var s = line.segments, d = [];
      for (var i = 0; i + 3 < s.length; i += 4) d.push("M" + s[i] + " " + s[i + 1] + "L" + s[i + 2] + " " + s[i + 3]);
      var attrs = { d: d.join(""), stroke: line.colour, "stroke-width": line.width, fill: "none",
                    "stroke-linecap": "round" };
      if (line.dash) attrs["stroke-dasharray"] = "14 9";
      el("path", attrs, svg);
    });
    b.labels.forEach(function (l) {
      var t = el("text", { x: l.x, y: l.y, "font-size": l.size, "text-anchor": "middle", "dominant-baseline": "middle",
                           "class": "place" }, svg);
      t.textContent = l.text;
    });
    var stations = el("g", { "class": "stations" }, svg);
    b.stations.forEach(function (s) {
      var g = el("g", { "class": "station", "data-station": s.id, transform: "translate(" + s.x + " " + s.y + ")" },
                 stations);
      s.rings.forEach(function (r) { el("circle", { r: r[1], fill: r[0] }, g); });
      var t = el("text", { y: 1, "font-size": b.font, "text-anchor": "middle", "dominant-baseline": "central",
                           fill: b.ink, "class": "number" }, g);
      t.textContent = s.id;
    });
    overlay = el("g", { id: "overlay" }, svg);
    gestures(svg);
  }

  function stationAt(id) {
    for (var i = 0; i < boardData.stations.length; i++) if (boardData.stations[i].id === id) return boardData.stations[i];
    return null;
  }

  function ring(station, colour, r, width, cls, parent) {
    var s = stationAt(station);
    if (!s) return;
    el("circle", { cx: s.x, cy: s.y, r: r, fill: "none", stroke: colour, "stroke-width": width, "class": cls,
                   "data-station": station }, parent);
  }

  function drawView(v, names, secret) {
    overlay.textContent = "";
    var R = boardData.pawn_radius;
    if (showPossible && v.possible) {
      v.possible.forEach(function (s) { ring(s, "#ff40a0", R * 1.25, R * 0.3, "possible", overlay); });
    }
    if (v.route) drawRoute(v.route, overlay);
    if (secret) {
      Object.keys(secret.reachable).forEach(function (s) {
        ring(Number(s), "#ff7800", R * 1.25, R * 0.3, "reachable", overlay);
      });
    }
    var at = {};
    v.pawns.forEach(function (p) {
      var station = p.station;
      if (secret && p.role === "mrx") station = secret.station;
      if (station === null || station === undefined) return;
      (at[station] = at[station] || []).push(p);
    });
    Object.keys(at).forEach(function (station) {
      var s = stationAt(Number(station)), group = at[station];
      if (!s) return;
      group.forEach(function (p, i) {
        var dx = (i - (group.length - 1) / 2) * R * 1.2;
        var g = el("g", { "class": "pawn", "data-pawn": p.id, "data-station": station,
                          transform: "translate(" + (s.x + dx) + " " + s.y + ")" }, overlay);
        el("circle", { r: R, fill: p.colour, stroke: "#ffffff", "stroke-width": R * 0.22 }, g);
        var who = names(p);
        // a tag near an edge of the board reaches inwards, so it is never cut off
        var side = s.x + dx > boardData.width * 0.82 ? "end" : s.x + dx < boardData.width * 0.18 ? "start" : "middle";
        var tag = el("text", { x: side === "end" ? R : side === "start" ? -R : 0, y: -R * 1.45,
                               "font-size": R * 0.85, "text-anchor": side, fill: p.colour,
                               stroke: "#ffffff", "stroke-width": R * 0.2, "paint-order": "stroke",
                               "class": "tag" }, g);
        tag.textContent = p.label + (who ? " · " + who : "");
      });
    });
  }

  function drawRoute(route, parent) {
    var points = [];
    route.forEach(function (id) { var s = stationAt(id); if (s) points.push(s.x + "," + s.y); });
    if (points.length > 1) {
      el("polyline", { points: points.join(" "), fill: "none", stroke: "#141418", "stroke-width": 7,
                       "stroke-dasharray": "18 10", "stroke-linecap": "round", "class": "route" }, parent);
    }
  }

  // -- pinch, drag and wheel ------------------------------------------------------------------------
  function gestures(node) {
    var pointers = {}, start = null;
    function setView() {
      var minW = full.w / 12;
      view.w = Math.max(minW, Math.min(full.w, view.w));
      view.h = view.w * full.h / full.w;
      view.x = Math.max(full.x - view.w * 0.25, Math.min(full.x + full.w - view.w * 0.75, view.x));
      view.y = Math.max(full.y - view.h * 0.25, Math.min(full.y + full.h - view.h * 0.75, view.y));
      node.setAttribute("viewBox", view.x + " " + view.y + " " + view.w + " " + view.h);
    }
    function toBoard(cx, cy) {
      var box = node.getBoundingClientRect();
      return { x: view.x + (cx - box.left) / box.width * view.w, y: view.y + (cy - box.top) / box.height * view.h };
    }
    function zoomAt(cx, cy, factor) {
      var p = toBoard(cx, cy), box = node.getBoundingClientRect();
      view.w = view.w / factor;
      view.h = view.w * full.h / full.w;
      setView();
      view.x = p.x - (cx - box.left) / box.width * view.w;
      view.y = p.y - (cy - box.top) / box.height * view.h;
      setView();
    }
    function snapshot() {
      var ids = Object.keys(pointers);
      if (ids.length === 1) {
        var p = pointers[ids[0]];
        start = { kind: "pan", x: p.x, y: p.y, view: { x: view.x, y: view.y } };
      } else if (ids.length >= 2) {
        var a = pointers[ids[0]], b = pointers[ids[1]];
        start = { kind: "pinch", d: Math.hypot(a.x - b.x, a.y - b.y) || 1, w: view.w,
                  mid: toBoard((a.x + b.x) / 2, (a.y + b.y) / 2) };
      } else start = null;
    }
    node.addEventListener("pointerdown", function (e) {
      node.setPointerCapture(e.pointerId);
      pointers[e.pointerId] = { x: e.clientX, y: e.clientY };
      snapshot();
    });
    node.addEventListener("pointermove", function (e) {
      if (!pointers[e.pointerId] || !start) return;
      pointers[e.pointerId] = { x: e.clientX, y: e.clientY };
      var box = node.getBoundingClientRect(), ids = Object.keys(pointers);
      if (start.kind === "pan" && ids.length === 1) {
        view.x = start.view.x - (e.clientX - start.x) / box.width * view.w;
        view.y = start.view.y - (e.clientY - start.y) / box.height * view.h;
        setView();
      } else if (start.kind === "pinch" && ids.length >= 2) {
        var a = pointers[ids[0]], b = pointers[ids[1]];
        var d = Math.hypot(a.x - b.x, a.y - b.y) || 1, mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
        view.w = start.w * start.d / d;
        view.h = view.w * full.h / full.w;
        setView();
        view.x = start.mid.x - (mx - box.left) / box.width * view.w;
        view.y = start.mid.y - (my - box.top) / box.height * view.h;
        setView();
      }
    });
    function up(e) { delete pointers[e.pointerId]; snapshot(); }
    node.addEventListener("pointerup", up);
    node.addEventListener("pointercancel", up);
    node.addEventListener("wheel", function (e) {
      e.preventDefault();
      zoomAt(e.clientX, e.clientY, e.deltaY < 0 ? 1.25 : 0.8);
    }, { passive: false });
    node.addEventListener("dblclick", function (e) { zoomAt(e.clientX, e.clientY, 2); });
  }

  // -- the words around the board -------------------------------------------------------------------
  function nameOf(d) {
    return function (p) {
      return p.seats.map(function (s) { return d.players[String(s)]; }).filter(Boolean).join(", ");
    };
  }

  function writeText(d) {
    var w = d.words, v = d.view;
    var shown = d.shown, heading = shown === 0 ? w.start : fill(shown === d.rounds ? w.round : w.after_round, { n: shown });
    byId("heading").textContent = heading;
    var turn = "";
    if (v.over) turn = v.outcome || w.over;
    else {
      var who = v.pawns.filter(function (p) { return v.to_move.indexOf(p.id) >= 0; }).map(function (p) {
        var n = nameOf(d)(p);
        return p.label + (n ? " (" + n + ")" : "");
      });
      if (who.length) turn = fill(w.turn, { who: who.join(", ") });
    }
    byId("turn").textContent = turn;
    var list = byId("logbook");
    list.textContent = "";
    v.logbook.forEach(function (e) {
      var t = boardData.tickets[e.ticket] || { name: e.ticket, colour: "#888888", text: "#ffffff" };
      var li = html("li", null, list, "entry");
      li.title = fill(w.entry, { n: e.number });
      html("span", String(e.number), li, "num");
      var chip = html("span", t.name, li, "chip");
      chip.style.backgroundColor = t.colour;
      chip.style.color = t.text;
      html("span", (e.station === null ? "?" : e.station) + (e.reveal || e.surfaced ? " ★" : ""), li, "at");
    });
    var pawns = byId("pawns");
    pawns.textContent = "";
    v.pawns.forEach(function (p) {
      var li = html("li", null, pawns);
      var dot = html("span", "", li, "dot");
      dot.style.backgroundColor = p.colour;
      var n = nameOf(d)(p);
      html("span", p.label + (n ? " (" + n + ")" : "") + ": " +
                   (p.station === null || p.station === undefined ? w.hidden : p.station), li);
    });
    var extra = [];
    if (!v.over && v.mrx_shown !== null) extra.push(fill(w.shown, { station: v.mrx_shown }));
    else if (!v.over && v.possible && v.possible.length) extra.push(fill(w.possible_count, { n: v.possible.length }));
    byId("status").textContent = extra.join(" ");
  }

  // -- controls -------------------------------------------------------------------------------------
  function controls(d) {
    var box = byId("controls");
    box.hidden = false;
    box.textContent = "";
    var label = html("label", null, box, "slider");
    var slider = html("input", null, label);
    slider.type = "range";
    slider.id = "round";
    slider.min = 0;
    slider.max = d.rounds;
    slider.value = d.shown;
    slider.setAttribute("aria-label", fill(d.words.round, { n: "" }).trim());
    var number = html("output", String(d.shown), label);
    number.id = "round-number";
    slider.addEventListener("input", function () { number.textContent = slider.value; });
    slider.addEventListener("change", function () { showRound(Number(slider.value)); });
    var toggle = html("label", null, box, "toggle");
    var check = html("input", null, toggle);
    check.type = "checkbox";
    check.id = "possible";
    check.checked = showPossible;
    html("span", d.words.possible, toggle);
    check.addEventListener("change", function () { showPossible = check.checked; drawView(doc.view, nameOf(doc)); });
    if (d.view.over || d.status === "finished") {
      var replay = html("button", d.words.replay, box);
      replay.id = "replay";
      replay.type = "button";
      replay.addEventListener("click", startReplay);
    }
    html("span", "", box, "live").id = "live";
  }

  function show(d) {
    doc = d;
    writeText(d);
    drawView(d.view, nameOf(d));
    var slider = byId("round");
    if (slider) {
      slider.max = d.rounds;
      slider.value = d.shown;
      byId("round-number").textContent = String(d.shown);
    }
    body.setAttribute("data-round", d.shown);
    body.setAttribute("data-version", d.version);
  }

  function showRound(r) {
    var path = "/data.json?lang=" + lang + (live && r >= live.rounds ? "" : "&round=" + r);
    return get(path).then(function (d) {
      if (d.shown === d.rounds) live = d;
      show(d);
      if (live && live.view.route && d.shown < d.rounds) drawRouteUpTo(d);
    });
  }

  function drawRouteUpTo(d) {
    // after the end the route is public: the replay shows it as far as the round shown
    var entries = d.view.logbook.length;
    drawRoute(live.view.route.slice(0, entries + 1), overlay);
    var here = live.view.route[entries];
    if (here !== undefined) {
      var mrx = live.view.pawns.filter(function (p) { return p.role === "mrx"; })[0];
      var s = stationAt(here);
      if (mrx && s) {
        var g = el("g", { "class": "pawn replay", "data-pawn": "mrx", "data-station": here,
                          transform: "translate(" + s.x + " " + s.y + ")" }, overlay);
        el("circle", { r: boardData.pawn_radius, fill: mrx.colour, stroke: "#ffffff",
                       "stroke-width": boardData.pawn_radius * 0.22 }, g);
      }
    }
  }

  function startReplay() {
    if (replaying) { clearInterval(replaying); replaying = null; return; }
    var r = 0;
    showRound(0);
    replaying = setInterval(function () {
      r += 1;
      if (r > live.rounds) { clearInterval(replaying); replaying = null; return; }
      showRound(r);
    }, 1200);
  }

  function listen() {
    if (!window.EventSource) return;
    var source = new EventSource(base + "/events");
    source.addEventListener("version", function (e) {
      var version = Number(e.data);
      var mark = byId("live");
      if (mark) mark.textContent = "● " + doc.words.live;
      if (!live || version === live.version) return;
      var following = !doc || doc.shown === doc.rounds;
      get("/data.json?lang=" + lang).then(function (d) {
        live = d;
        if (following && !replaying) show(d);
        else { var s = byId("round"); if (s) s.max = d.rounds; }
        if (d.view.over && !byId("replay")) controls(d);
      });
    });
    source.addEventListener("error", function () {
      var mark = byId("live");
      if (mark && doc) mark.textContent = "○ " + doc.words.offline;
    });
  }

  // -- Mr. X's page ---------------------------------------------------------------------------------
  function mrx() {
    Promise.all([get("/board.json?lang=" + lang), get("/data.json?lang=" + lang)]).then(function (both) {
      boardData = both[0];
      drawBoard(boardData);
      drawView(both[1].view, function () { return ""; }, both[1].secret);
      body.setAttribute("data-ready", "1");
    }).catch(function () { body.setAttribute("data-ready", "error"); });
  }

  function publicPage() {
    var round = body.getAttribute("data-round");
    Promise.all([get("/board.json?lang=" + lang), get("/data.json?lang=" + lang)]).then(function (both) {
      boardData = both[0];
      live = both[1];
      drawBoard(boardData);
      controls(live);
      show(live);
      if (round !== null && Number(round) < live.rounds && location.search.indexOf("round=") >= 0) {
        return showRound(Number(round));
      }
    }).then(function () {
      body.setAttribute("data-ready", "1");
      listen();
    }).catch(function () { body.setAttribute("data-ready", "error"); });
  }

  if (kind === "mrx") mrx(); else publicPage();
})();
