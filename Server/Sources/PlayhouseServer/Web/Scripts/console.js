// The console's one script. Every form with data-call="METHOD /admin/v1/…" is sent to the admin
// API as JSON, with the session's CSRF token (the page's csrf-token meta) in X-CSRF-Token: the
// pages do nothing the API does not. On success the page goes to data-next (or reloads), or shows
// the answer's data-show field once; on a refusal it shows the problem's detail in the form. A form
// that moves money (data-idempotent) sends one Idempotency-Key until it has an answer, so a retry
// after a lost answer or a server error gets the first outcome instead of moving the money twice;
// once answered (done or refused), or with changed fields, the next send is a new request.
"use strict";
(function () {
  document.addEventListener("submit", function (event) {
    var form = event.target, call = form.getAttribute("data-call");
    if (!call) return;
    event.preventDefault();
    if (form.hasAttribute("data-simulation")) { simulate(form, call); return; }
    var space = call.indexOf(" "), method = call.slice(0, space), path = call.slice(space + 1);
    // Each named field as JSON: a checkbox as true or false, a number as a number (left out when
    // empty), a data-list field as the words in it.
    var body = {};
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!field.name) return;
      if (field.hasAttribute("data-json-body")) return;
      if (field.type === "checkbox") body[field.name] = field.checked;
      else if (field.type === "number") { if (field.value !== "") body[field.name] = Number(field.value); }
      else if (field.hasAttribute("data-list")) body[field.name] = field.value.split(/[\s,]+/).filter(Boolean);
      else body[field.name] = field.value;
    });
    // A field with data-json-body is the whole body, as JSON text (a game definition).
    var whole = form.querySelector("[data-json-body]");
    if (whole) {
      try { body = JSON.parse(whole.value); } catch (e) {
        show(form.querySelector(".result"), "That is not JSON: " + e.message, "error");
        return;
      }
      if (body === null || typeof body !== "object" || Array.isArray(body)) {
        show(form.querySelector(".result"), "That is not a JSON object.", "error");
        return;
      }
    }
    var headers = { "Accept": "application/json" };
    var csrf = document.querySelector('meta[name="csrf-token"]');
    if (csrf) headers["X-CSRF-Token"] = csrf.getAttribute("content");
    if (form.hasAttribute("data-idempotent")) {
      var fields = JSON.stringify(body);
      if (form.idempotentFields !== fields) {
        var bytes = window.crypto.getRandomValues(new Uint8Array(16));
        form.idempotencyKey = Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
        form.idempotentFields = fields;
      }
      headers["Idempotency-Key"] = form.idempotencyKey;
    }
    var options = { method: method, headers: headers, credentials: "same-origin" };
    if (whole || Object.keys(body).length) { headers["Content-Type"] = "application/json"; options.body = JSON.stringify(body); }
    var result = form.querySelector(".result");
    var buttons = form.querySelectorAll("button");
    buttons.forEach(function (button) { button.disabled = true; });
    fetch(path, options).then(function (response) {
      return response.text().then(function (text) {
        var answer = null;
        try { answer = text ? JSON.parse(text) : null; } catch (e) { answer = null; }
        buttons.forEach(function (button) { button.disabled = false; });
        if (response.status < 500) form.idempotentFields = null; // answered: the next send is a new request
        if (!response.ok) {
          show(result, (answer && (answer.detail || answer.title)) || ("The server answered " + response.status + "."), "error");
          return;
        }
        var field = form.getAttribute("data-show");
        if (field && answer && answer[field]) {
          // Shown once; a form that also changes the page's list (data-reload) adds a way to see it.
          show(result, answer[field], "shown-once");
          form.reset();
          if (form.hasAttribute("data-reload")) {
            var again = document.createElement("a");
            again.href = window.location.pathname;
            again.textContent = " I have kept it: show the list";
            result.appendChild(again);
          }
          return;
        }
        var next = form.getAttribute("data-next");
        if (next) window.location.assign(next); else window.location.reload();
      });
    }).catch(function () {
      buttons.forEach(function (button) { button.disabled = false; });
      show(result, "The server could not be reached.", "error");
    });
  });

  // A simulation in parts (data-simulation: how many; data-part: spins each), one call after
  // another, their sums added up, with its progress and the running RTP shown as it goes.
  function simulate(form, call) {
    var space = call.indexOf(" "), path = call.slice(space + 1);
    var parts = Number(form.getAttribute("data-simulation")), part = Number(form.getAttribute("data-part"));
    var progress = form.querySelector("progress"), result = form.querySelector(".result"), button = form.querySelector("button");
    var csrf = document.querySelector('meta[name="csrf-token"]');
    var total = { spins: 0, pays: 0, hits: 0, squares: 0, stake: 1, exact: 0 };
    button.disabled = true;
    progress.max = parts;
    progress.value = 0;
    (function next(done) {
      if (done === parts) { button.disabled = false; return; }
      fetch(path, { method: "POST", credentials: "same-origin", body: JSON.stringify({ spins: part }),
                    headers: { "Accept": "application/json", "Content-Type": "application/json",
                               "X-CSRF-Token": csrf ? csrf.getAttribute("content") : "" } })
        .then(function (response) { return response.json().then(function (answer) { return { ok: response.ok, answer: answer }; }); })
        .then(function (reply) {
          if (!reply.ok) { button.disabled = false; show(result, reply.answer.detail || reply.answer.title, "error"); return; }
          var a = reply.answer;
          total.spins += a.spins; total.pays += a.total_pays; total.hits += a.hits; total.squares += a.sum_of_squared_returns;
          total.stake = a.stake; total.exact = a.exact_rtp;
          var n = total.spins, rtp = total.pays / (n * total.stake);
          var error = n > 1 ? Math.sqrt(Math.max(total.squares / n - rtp * rtp, 0) * n / (n - 1) / n) : 0;
          progress.value = done + 1;
          show(result, n.toLocaleString("en") + " spins: RTP " + percent(rtp) + " ± " + percent(error) + " (exact " + percent(total.exact) +
               "), hit frequency " + percent(total.hits / n), "shown-once");
          next(done + 1);
        })
        .catch(function () { button.disabled = false; show(result, "The server could not be reached.", "error"); });
    })(0);
  }

  // "Verify fairness": the bet's outcome checked in this browser, trusting nothing the server
  // says but the seeds: the revealed server seed must hash (SHA-256) to the hash shown before the
  // bet, and HMAC-SHA256 keyed with it must draw the same stops (GameMath's FairOutcomeSource: blocks
  // of "<client seed>:<nonce>[:<k>]", 4-byte big-endian words, a word at or above 2^32 - 2^32 mod n
  // skipped, the draw the word mod n).
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button[data-verify]") : null;
    if (!button) return;
    var place = button.parentNode, result = place.querySelector(".result");
    if (!window.crypto || !window.crypto.subtle) { show(result, "Verifying needs the console over HTTPS (or on this machine).", "error"); return; }
    verify(place.dataset).then(function (message) { show(result, message, message.indexOf("Verified") === 0 ? "shown-once" : "error"); },
                               function () { show(result, "The browser could not verify it.", "error"); });
  });

  function verify(bet) {
    var subtle = window.crypto.subtle, text = new TextEncoder();
    var lengths = JSON.parse(bet.lengths), stops = JSON.parse(bet.stops);
    return subtle.digest("SHA-256", text.encode(bet.serverSeed)).then(function (digest) {
      if (hex(digest) !== bet.serverSeedHash) return "The revealed server seed does not match the hash shown before the bet.";
      return subtle.importKey("raw", text.encode(bet.serverSeed), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]).then(function (key) {
        var round = 0, block = null, offset = 0, drawn = [];
        function word() {
          if (block && offset + 4 <= block.length) {
            var x = ((block[offset] << 24) >>> 0) + (block[offset + 1] << 16) + (block[offset + 2] << 8) + block[offset + 3];
            offset += 4;
            return Promise.resolve(x);
          }
          var message = bet.clientSeed + ":" + bet.nonce + (round === 0 ? "" : ":" + round);
          round += 1;
          return subtle.sign("HMAC", key, text.encode(message)).then(function (mac) { block = new Uint8Array(mac); offset = 0; return word(); });
        }
        function draw(reel) {
          if (reel === lengths.length) return Promise.resolve();
          var n = lengths[reel], limit = 4294967296 - (4294967296 % n);
          return word().then(function (x) {
            if (x >= limit) return draw(reel);
            drawn.push(x % n);
            return draw(reel + 1);
          });
        }
        return draw(0).then(function () {
          return drawn.join(",") === stops.join(",")
            ? "Verified: the seed matches its hash, and the seeds draw stops " + drawn.join(" ") + "."
            : "Does not match: the seeds draw stops " + drawn.join(" ") + ", the bet shows " + stops.join(" ") + ".";
        });
      });
    });
  }

  function hex(buffer) {
    return Array.prototype.map.call(new Uint8Array(buffer), function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }

  function percent(share) { return (share * 100).toFixed(2) + " %"; }

  function show(place, text, kind) {
    if (!place) { window.alert(text); return; }
    place.textContent = text;
    place.className = "result " + kind;
  }
})();
