// The Playhouse catalog viewer: pages by swipe and keys, two-page spreads in landscape, pinch and
// double-tap zoom, thumbnails, hotspots. It tells the app what the player does (window.webkit
// .messageHandlers.playhouse, else playhouse-event: frames) and the server which pages were viewed,
// which hotspots tapped, and when the view closed. Events: opened, closed, page-changed, page-viewed, hotspot-tapped,
// tap, double-tap, long-tap, thumbnails-shown, thumbnails-hidden.
(function () {
  "use strict";
  var data = JSON.parse(document.body.dataset.viewer);
  var pages = data.pages, count = pages.length, hotspots = data.hotspots;
  var stage = document.getElementById("stage"), spread = document.getElementById("spread");
  var thumbnails = document.getElementById("thumbnails");
  var current = Math.min(Math.max(1, data.start || 1), count);
  var shownPages = [], shownAt = Date.now(), closed = false;
  var scale = 1, panX = 0, panY = 0, pageRatio = 0.75;

  function emit(type, detail) {
    var message = { "class": "catalog-viewer", type: type, data: detail || {} };
    var handlers = window.webkit && window.webkit.messageHandlers;
    if (handlers && handlers.playhouse) { handlers.playhouse.postMessage(message); return; }
    var frame = document.createElement("iframe");
    frame.style.display = "none";
    frame.src = "playhouse-event:catalog-viewer/" + type + "?data=" + encodeURIComponent(JSON.stringify(message.data));
    document.body.appendChild(frame);
    setTimeout(function () { frame.remove(); }, 0);
  }

  function report(body) {
    try {
      fetch("/viewer/events", { method: "POST", keepalive: true, body: JSON.stringify(body),
        headers: { "Authorization": "Bearer " + data.view, "Content-Type": "application/json" } }).catch(function () {});
    } catch (e) { /* the app still hears of it */ }
  }

  function landscape() { return window.innerWidth > window.innerHeight; }

  // The pages shown with `page`: the cover alone, then pairs (2–3, 4–5, …) in landscape.
  function spreadOf(page) {
    if (!landscape() || page === 1) return [page];
    var left = page % 2 === 0 ? page : page - 1;
    return left + 1 <= count ? [left, left + 1] : [left];
  }

  function render() {
    var shown = spreadOf(current), width = stage.clientWidth - 8, height = stage.clientHeight - 8;
    var pageHeight = Math.min(height, width / shown.length / pageRatio), pageWidth = pageHeight * pageRatio;
    spread.innerHTML = "";
    shown.forEach(function (number) {
      var page = pages[number - 1], box = document.createElement("div"), image = new Image();
      box.className = "page";
      box.dataset.page = number;
      box.style.width = pageWidth + "px";
      box.style.height = pageHeight + "px";
      image.alt = "";
      image.src = scale > 1 ? page.zoom : page.view;
      image.onload = function () {
        var ratio = image.naturalWidth / image.naturalHeight;
        if (ratio > 0 && Math.abs(ratio - pageRatio) > 0.01) { pageRatio = ratio; render(); }
      };
      box.appendChild(image);
      hotspots.filter(function (spot) { return spot.page === number; }).forEach(function (spot) {
        var area = document.createElement("div");
        area.className = "hotspot";
        area.dataset.offer = spot.offer_id;
        area.style.left = spot.x * 100 + "%";
        area.style.top = spot.y * 100 + "%";
        area.style.width = spot.width * 100 + "%";
        area.style.height = spot.height * 100 + "%";
        area.title = spot.heading;
        box.appendChild(area);
      });
      spread.appendChild(box);
    });
    applyTransform();
    var last = shown[shown.length - 1];
    document.querySelector("#progress div").style.width = (last / count * 100) + "%";
    document.getElementById("counter").textContent = shown.join("–") + " / " + count;
    Array.prototype.forEach.call(thumbnails.children, function (button) {
      button.classList.toggle("current", shown.indexOf(Number(button.dataset.page)) >= 0);
    });
  }

  function applyTransform() {
    spread.style.transform = "translate(" + panX + "px, " + panY + "px) scale(" + scale + ")";
  }

  function endViews() {
    var seconds = (Date.now() - shownAt) / 1000;
    shownPages.forEach(function (page) {
      emit("page-viewed", { page: page, duration: seconds });
      report({ type: "page_viewed", page: page, seconds: seconds });
    });
    shownPages = [];
  }

  function startViews() {
    shownAt = Date.now();
    shownPages = spreadOf(current);
    var last = shownPages[shownPages.length - 1];
    emit("page-changed", { page: shownPages[0], pages: shownPages, page_count: count, progress: last / count });
  }

  function go(page) {
    page = Math.min(Math.max(1, page), count);
    if (spreadOf(page)[0] === spreadOf(current)[0] && shownPages.length) return;
    endViews();
    current = page;
    scale = 1; panX = 0; panY = 0;
    render();
    startViews();
  }
  function next() { var shown = spreadOf(current); go(shown[shown.length - 1] + 1); }
  function previous() { go(spreadOf(current)[0] - 1); }

  function setThumbnails(shown) {
    if (shown === thumbnails.classList.contains("shown")) return;
    thumbnails.classList.toggle("shown", shown);
    emit(shown ? "thumbnails-shown" : "thumbnails-hidden", { page: spreadOf(current)[0] });
  }

  function close() {
    if (closed) return;
    endViews();
    closed = true;
    emit("closed", { page: current });
    report({ type: "closed" });
  }

  // Where (page and fractions of it) a point on the screen falls.
  function pointOnPage(x, y) {
    var boxes = spread.querySelectorAll(".page");
    for (var i = 0; i < boxes.length; i++) {
      var r = boxes[i].getBoundingClientRect();
      if (x >= r.left && x <= r.right && y >= r.top && y <= r.bottom) {
        return { page: Number(boxes[i].dataset.page), x: (x - r.left) / r.width, y: (y - r.top) / r.height };
      }
    }
    return { page: spreadOf(current)[0], x: null, y: null };
  }

  function zoomAt(x, y, to) {
    var rect = stage.getBoundingClientRect(), from = scale;
    to = Math.min(Math.max(1, to), 4);
    // Keep the point under the fingers where it is.
    var originX = x - rect.left - spread.offsetLeft, originY = y - rect.top - spread.offsetTop;
    panX = originX - (originX - panX) * to / from;
    panY = originY - (originY - panY) * to / from;
    scale = to;
    if (scale === 1) { panX = 0; panY = 0; }
    applyTransform();
  }

  // Pointers: one is a tap, a long tap, a swipe or (zoomed in) a pan; two are a pinch.
  var pointers = {}, gesture = null, lastTap = null, tapTimer = null;
  function distance() {
    var p = Object.keys(pointers).map(function (id) { return pointers[id]; });
    return Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y);
  }
  stage.addEventListener("pointerdown", function (event) {
    pointers[event.pointerId] = { x: event.clientX, y: event.clientY };
    var ids = Object.keys(pointers);
    if (ids.length === 1) {
      gesture = { kind: "one", x0: event.clientX, y0: event.clientY, panX: panX, panY: panY, moved: false, long: false,
                  target: event.target };
      gesture.timer = setTimeout(function () {
        if (gesture && gesture.kind === "one" && !gesture.moved) {
          gesture.long = true;
          var at = pointOnPage(gesture.x0, gesture.y0);
          emit("long-tap", at);
        }
      }, 600);
    } else if (ids.length === 2) {
      if (gesture && gesture.timer) clearTimeout(gesture.timer);
      var p = ids.map(function (id) { return pointers[id]; });
      gesture = { kind: "pinch", d0: distance(), scale0: scale, cx: (p[0].x + p[1].x) / 2, cy: (p[0].y + p[1].y) / 2 };
    }
  });
  stage.addEventListener("pointermove", function (event) {
    if (!pointers[event.pointerId]) return;
    pointers[event.pointerId] = { x: event.clientX, y: event.clientY };
    if (!gesture) return;
    if (gesture.kind === "pinch" && Object.keys(pointers).length === 2) {
      zoomAt(gesture.cx, gesture.cy, gesture.scale0 * distance() / gesture.d0);
    } else if (gesture.kind === "one") {
      var dx = event.clientX - gesture.x0, dy = event.clientY - gesture.y0;
      if (Math.hypot(dx, dy) > 10) { gesture.moved = true; clearTimeout(gesture.timer); }
      if (scale > 1) { panX = gesture.panX + dx; panY = gesture.panY + dy; applyTransform(); }
    }
  });
  function pointerEnded(event) {
    if (!pointers[event.pointerId]) return;
    delete pointers[event.pointerId];
    if (!gesture) return;
    if (gesture.kind === "pinch") {
      if (Object.keys(pointers).length === 0) {
        if (scale < 1.05) { scale = 1; panX = 0; panY = 0; }
        render();
        gesture = null;
      }
      return;
    }
    clearTimeout(gesture.timer);
    var ended = gesture;
    gesture = null;
    if (ended.long) return;
    var dx = event.clientX - ended.x0, dy = event.clientY - ended.y0;
    if (ended.moved) {
      if (scale === 1 && Math.abs(dx) > 50 && Math.abs(dx) > Math.abs(dy)) { if (dx < 0) next(); else previous(); }
      return;
    }
    var spot = ended.target && ended.target.classList && ended.target.classList.contains("hotspot") ? ended.target : null;
    if (spot) {
      spot.classList.add("lit");
      setTimeout(function () { spot.classList.remove("lit"); }, 400);
      emit("hotspot-tapped", { offer_id: spot.dataset.offer, page: Number(spot.parentNode.dataset.page) });
      report({ type: "hotspot_tapped", offer_id: spot.dataset.offer });
      return;
    }
    var now = Date.now();
    if (lastTap && now - lastTap.t < 300 && Math.hypot(event.clientX - lastTap.x, event.clientY - lastTap.y) < 30) {
      clearTimeout(tapTimer);
      lastTap = null;
      zoomAt(event.clientX, event.clientY, scale > 1 ? 1 : 2.5);
      render();
      emit("double-tap", pointOnPage(event.clientX, event.clientY));
      return;
    }
    lastTap = { t: now, x: event.clientX, y: event.clientY };
    var at = pointOnPage(event.clientX, event.clientY);
    tapTimer = setTimeout(function () { lastTap = null; emit("tap", at); }, 300);
  }
  stage.addEventListener("pointerup", pointerEnded);
  stage.addEventListener("pointercancel", pointerEnded);

  document.addEventListener("keydown", function (event) {
    switch (event.key) {
      case "ArrowRight": case "PageDown": case " ": next(); break;
      case "ArrowLeft": case "PageUp": previous(); break;
      case "Home": go(1); break;
      case "End": go(count); break;
      case "t": setThumbnails(!thumbnails.classList.contains("shown")); break;
      case "Escape": setThumbnails(false); break;
      default: return;
    }
    event.preventDefault();
  });
  document.getElementById("next").addEventListener("click", next);
  document.getElementById("previous").addEventListener("click", previous);
  document.getElementById("toggle-thumbnails").addEventListener("click", function () {
    setThumbnails(!thumbnails.classList.contains("shown"));
  });
  pages.forEach(function (page) {
    var button = document.createElement("button"), image = new Image();
    button.type = "button";
    button.dataset.page = page.number;
    image.src = page.thumb;
    image.alt = String(page.number);
    button.appendChild(image);
    button.appendChild(document.createTextNode(String(page.number)));
    button.addEventListener("click", function () { go(page.number); setThumbnails(false); });
    thumbnails.appendChild(button);
  });
  window.addEventListener("resize", function () {
    var before = shownPages.join();
    render();
    if (spreadOf(current).join() !== before) { endViews(); startViews(); }
  });
  window.addEventListener("pagehide", close);

  // What the SDK's view calls (CatalogView): the same as the player's gestures.
  window.playhouseViewer = {
    next: next, previous: previous, goTo: go, close: close,
    toggleThumbnails: function () { setThumbnails(!thumbnails.classList.contains("shown")); },
    state: function () { var shown = spreadOf(current); return { page: shown[0], pages: shown, page_count: count, progress: shown[shown.length - 1] / count }; }
  };

  render();
  emit("opened", { catalog_id: data.catalog.id, page: current, page_count: count });
  startViews();
})();
