// The play page: a seat at a live table, on the tables' HTTP API alone. It decides nothing about the game:
// what may be played is the view's "legal" and "interjections" lists (events in the log's form), sent back
// as they are; a refusal is the server's problem+json with the rule's words and its link. The words on
// the page (whose move, what is owed, the last moves) are read from the view's fields.
"use strict";

(function () {
  const root = document.getElementById("play");
  if (!root) return;
  const {el, card, name: cardName, sorted} = window.UnoCards;
  window.UnoCards.fromPage();
  const $ = (id) => document.getElementById(id);
  const TABLES = root.dataset.tables;
  const STORE = "uno-duo-seats";   // localStorage: table id -> {token, you, opponent, bot, started}
  const POLL_MS = 1000;

  let seat = null;       // {table, token, you, opponent, bot}
  let view = null;       // the last view of the table
  let etag = null;       // its ETag, for If-None-Match
  let busy = false;      // a decision is on its way
  let timer = null;
  let record = null;     // the finished game's record (its text)
  let pending = null;    // the options of the card whose choice is open
  let log = {round: null, entries: []};  // the round's public history, kept from the views' pages

  // -- the seats this browser holds ------------------------------------------------------------------

  function seats() {
    try {
      return JSON.parse(localStorage.getItem(STORE)) || {};
    } catch (error) {
      return {};
    }
  }

  function keepSeat(table, entry) {
    const all = seats();
    all[table] = {...all[table], ...entry};
    localStorage.setItem(STORE, JSON.stringify(all));
  }

  function dropSeat(table) {
    const all = seats();
    delete all[table];
    localStorage.setItem(STORE, JSON.stringify(all));
  }

  // -- talking to the table --------------------------------------------------------------------------

  async function call(method, path, {token, body, ifNoneMatch} = {}) {
    const headers = {"Accept": "application/json"};
    if (token) headers["Authorization"] = `Bearer ${token}`;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (ifNoneMatch) headers["If-None-Match"] = ifNoneMatch;
    const response = await fetch(path, {method, headers, cache: "no-store",
      body: body === undefined ? undefined : JSON.stringify(body)});
    const text = response.status === 304 ? "" : await response.text();
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch (error) {
      json = null;
    }
    return {status: response.status, ok: response.ok, body: json, text, etag: response.headers.get("ETag")};
  }

  const tablePath = (table) => `${TABLES}/${encodeURIComponent(table)}`;

  // -- starting -------------------------------------------------------------------------------------

  // The variants and the parameter that sets a game's length, as GET /v1/variants gives them.
  const TARGET = "target_score";
  let variants = {};

  async function loadVariants() {
    const answer = await call("GET", root.dataset.variants).catch(() => null);
    if (!answer || !answer.ok) return;
    variants = Object.fromEntries(answer.body.variants.map((v) => [v.name, v]));
    const target = (answer.body.parameters || []).find((p) => p.name === TARGET);
    for (const form of [$("bot-form"), $("friend-form")]) {
      const select = form.elements.variant;
      select.replaceChildren(...answer.body.variants.map((v) => el("option", {value: v.name}, v.name)));
      const about = $(select.getAttribute("aria-describedby"));
      const describe = () => {
        const variant = variants[select.value] || {};
        about.textContent = variant.description || "";
        if (target && variant.rules && TARGET in variant.rules) form.elements.target.value = variant.rules[TARGET];
      };
      select.addEventListener("change", describe);
      describe();
      for (const field of form.querySelectorAll(".target-field")) field.hidden = !target;
      if (target) $(form.elements.target.getAttribute("aria-describedby")).textContent = `${target.description} (${TARGET}).`;
    }
  }

  /** The variant as a table takes it: its name, or the object form when the game's length was changed. */
  function chosenVariant(form) {
    const name = form.elements.variant.value;
    const variant = variants[name];
    const target = Number(form.elements.target.value);
    if (!variant || !variant.rules || !(TARGET in variant.rules) || !target || target === variant.rules[TARGET]) return name;
    return {base: name, rules: {[TARGET]: target}};
  }

  function setupSay(message, kind) {
    const status = $("setup-status");
    status.className = kind || "";
    status.replaceChildren(...(Array.isArray(message) ? message : [message || ""]));
  }

  function problemWords(answer) {
    const body = answer.body || {};
    const errors = (body.errors || []).map((p) => el("li", {}, p.pointer ? el("code", {text: p.pointer}) : null,
      ` ${p.detail || p.message || ""}`));
    return [el("strong", {text: body.title || `Error ${answer.status}`}), ` ${body.detail || ""}`,
      errors.length ? el("ul", {}, ...errors) : null];
  }

  async function create(form, players, bots) {
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    setupSay("Opening the table…");
    const body = {players};
    const variant = chosenVariant(form);
    if (variant) body.variant = variant;
    if (bots) body.bots = bots;
    let answer;
    try {
      answer = await call("POST", TABLES, {body});
    } catch (error) {
      setupSay(`The referee could not be reached: ${error.message}`, "error");
      return null;
    } finally {
      button.disabled = false;
    }
    if (answer.status !== 201 || !answer.body || !answer.body.id) {
      setupSay(problemWords(answer), "error");
      return null;
    }
    setupSay("");
    return answer.body;
  }

  // The bots' styles, as GET /v1/tables/styles gives them (the service's, never a list of the page's own).
  async function loadStyles() {
    const answer = await call("GET", root.dataset.styles).catch(() => null);
    if (!answer || !answer.ok) {
      $("style-summary").textContent = "The bots' styles could not be loaded: reload the page to play a bot.";
      $("start-bot").disabled = true;
      return;
    }
    $("bot-style").replaceChildren(...answer.body.styles.map((style) =>
      el("option", {value: style.name, "data-summary": style.summary}, style.name)));
    $("style-summary").textContent = answer.body.styles.length ? answer.body.styles[0].summary : "";
  }

  $("bot-style").addEventListener("change", () => {
    $("style-summary").textContent = $("bot-style").selectedOptions[0].dataset.summary || "";
  });

  $("bot-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target;
    const you = form.elements.you.value.trim();
    const bot = form.elements.bot.value.trim();
    const style = form.elements.style.value;
    const table = await create(form, [you, bot], {[bot]: style});
    if (!table) return;
    keepSeat(table.id, {token: table.tokens[you], you, opponent: bot, bot: style, started: Date.now()});
    open(table.id);
  });

  $("friend-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target;
    const you = form.elements.you.value.trim();
    const friend = form.elements.friend.value.trim();
    const table = await create(form, [you, friend], null);
    if (!table) return;
    const link = `${location.origin}${location.pathname}#table=${encodeURIComponent(table.id)}` +
      `&token=${encodeURIComponent(table.tokens[friend])}`;
    keepSeat(table.id, {token: table.tokens[you], you, opponent: friend, share: link, started: Date.now()});
    open(table.id);
  });

  $("copy-link").addEventListener("click", async () => {
    const input = $("share-link");
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      $("copy-link").textContent = "Copied";
    } catch (error) {
      $("copy-link").textContent = "Selected: copy it with Ctrl+C";
    }
  });

  // -- opening a table ------------------------------------------------------------------------------

  function open(table) {
    const entry = seats()[table];
    if (!entry || !entry.token) {
      showSetup(`This browser holds no seat at table ${table}. Open the link you were sent, or start a game.`);
      return;
    }
    seat = {table, ...entry};
    view = null;
    log = {round: null, entries: []};
    etag = null;
    record = null;
    if (location.hash !== `#table=${table}`) history.replaceState(null, "", `#table=${encodeURIComponent(table)}`);
    $("setup").hidden = true;
    $("table").hidden = false;
    $("share").hidden = !entry.share;
    if (entry.share) {
      $("share-label").textContent = `Send this link to ${entry.opponent}`;
      $("share-link").value = entry.share;
    }
    $("over").hidden = true;
    hideRefusal();
    hideNotice();
    $("prompt").textContent = "Sitting down at the table…";
    poll(true);
  }

  function showSetup(message) {
    stopPolling();
    seat = null;
    view = null;
    log = {round: null, entries: []};
    delete root.dataset.seq;
    $("table").hidden = true;
    $("setup").hidden = false;
    if (location.hash) history.replaceState(null, "", location.pathname);
    setupSay(message || "", message ? "error" : "");
    listResumable();
  }

  function listResumable() {
    const entries = Object.entries(seats()).sort((a, b) => (b[1].started || 0) - (a[1].started || 0)).slice(0, 5);
    $("resume").hidden = entries.length === 0;
    $("resume-list").replaceChildren(...entries.map(([table, entry]) => {
      const button = el("button", {type: "button", class: "resume"},
        `Continue: ${entry.you} against ${entry.opponent}${entry.bot ? ` (bot, ${entry.bot})` : ""}`);
      button.addEventListener("click", () => open(table));
      const forget = el("button", {type: "button", class: "forget", "aria-label": `Forget the game against ${entry.opponent}`}, "Forget");
      forget.addEventListener("click", () => { dropSeat(table); listResumable(); });
      return el("li", {}, button, " ", forget);
    }));
  }

  $("leave").addEventListener("click", () => showSetup(""));

  // -- waiting for the other player: a conditional GET, answered 304 while nothing has changed ------

  function stopPolling() {
    clearTimeout(timer);
    timer = null;
  }

  /** The view's address, saying what the page holds of the round's history (the answer pages the rest). */
  function viewPath(table) {
    if (log.round === null) return `${tablePath(table)}?history_from=0`;
    return `${tablePath(table)}?round=${log.round}&history_from=${log.entries.length}`;
  }

  /** Keep the round's history: a view's page replaces the entries from its history_from on (a new round
   *  starts a new history). True when the round has more entries than the page brought. */
  function keepHistory(v) {
    if (v.round !== log.round) log = {round: v.round, entries: []};
    if (v.history_from > log.entries.length) {  // a gap: ask for the round's history from its start
      log.entries = [];
      return true;
    }
    log.entries.splice(v.history_from, log.entries.length - v.history_from, ...(v.history || []));
    return log.entries.length < v.history_length;
  }

  async function poll(now) {
    stopPolling();
    if (!seat) return;
    const current = seat;
    if (!now && document.hidden) {
      timer = setTimeout(() => poll(false), POLL_MS);
      return;
    }
    let answer = null;
    try {
      answer = await call("GET", viewPath(current.table), {token: current.token, ifNoneMatch: now ? null : etag});
    } catch (error) {
      $("prompt").textContent = `The referee could not be reached (${error.message}); trying again…`;
    }
    if (seat !== current) return;  // the player left the table meanwhile
    if (answer && answer.status === 200 && answer.body) {
      etag = answer.etag;
      if (show(answer.body)) {
        poll(true);  // more of the round's history than one page: ask for the rest at once
        return;
      }
    } else if (answer && answer.status === 404) {
      dropSeat(current.table);
      showSetup("That table no longer exists.");
      return;
    } else if (answer && (answer.status === 401 || answer.status === 403)) {
      showSetup("The referee did not accept this browser's seat at that table.");
      return;
    }
    if (!view || !view.over) timer = setTimeout(() => poll(false), POLL_MS);
  }

  document.addEventListener("visibilitychange", () => { if (!document.hidden && seat) poll(false); });

  // -- deciding -------------------------------------------------------------------------------------

  /** The option as it is sent: the seat's token says who acts; UNO only when the player says it. */
  function outgoing(option) {
    const event = {...option};
    delete event.player;
    if (event.uno && !$("say-uno").checked) delete event.uno;
    return event;
  }

  async function decide(option) {
    if (busy || !seat || !view) return;
    busy = true;
    root.setAttribute("aria-busy", "true");
    closeChoice();
    hideRefusal();
    hideNotice();
    const current = seat;
    let answer;
    try {
      answer = await call("POST", `${tablePath(current.table)}/events`,
        {token: current.token, body: {seq: view.seq, event: outgoing(option)}});
    } catch (error) {
      answer = null;
      showRefusal([el("strong", {text: "The referee could not be reached. "}), error.message]);
    } finally {
      busy = false;
      root.removeAttribute("aria-busy");
    }
    if (!answer || seat !== current) return;
    if (answer.status === 200 && answer.body) {
      $("say-uno").checked = false;
      etag = answer.etag;
      poll(show(answer.body));  // at once when the answer's page did not bring the whole round
      return;
    }
    const body = answer.body || {};
    if (answer.status === 422 && body.rule) {
      showRefusal(refusalWords(body));
    } else if (answer.status === 409) {
      showNotice("The table had moved on before your move arrived: here it is as it stands now.");
    } else {
      showRefusal(problemWords(answer));
    }
    poll(true);  // the table as it stands
  }

  function refusalWords(problem) {
    const words = [el("strong", {text: "The referee says no. "}), `${problem.detail || problem.title || ""} `];
    const rule = el("p", {class: "refusal-rule"}, el("span", {class: "rule-id", text: problem.rule}),
      problem.rule_title ? ` ${problem.rule_title}. ` : " ");
    if (problem.rule_text) rule.append(el("q", {text: problem.rule_text}), " ");
    if (problem.rule_url) {
      rule.append(el("a", {href: problem.rule_url, class: "rule-link", text: `Read rule ${problem.rule} in the rulebook`}));
    }
    return [el("p", {}, ...words), rule];
  }

  function showRefusal(children) {
    const box = $("refusal");
    box.replaceChildren(...children);
    box.hidden = false;
  }

  function hideRefusal() {
    $("refusal").hidden = true;
    $("refusal").replaceChildren();
  }

  function showNotice(text) {
    $("notice").textContent = text;
    $("notice").hidden = false;
  }

  function hideNotice() {
    $("notice").hidden = true;
  }

  // -- words ----------------------------------------------------------------------------------------

  const count = (n, one, many) => `${n} ${n === 1 ? one : (many || `${one}s`)}`;
  const cards = (list) => (list || []).map(cardName).join(", ");

  /** A move of the history, or an option, in words. */
  function moveWords(entry) {
    const who = entry.player || "";
    if (entry.turn_up) {
      return `The dealer turns up ${cardName(entry.turn_up)}${entry.color ? `; the colour to play is ${entry.color}` : ""}`;
    }
    if (entry.decision) {
      const face = entry.face_up ? `: ${cardName(entry.face_up)} goes face up` : "";
      return `${who} ${entry.decision === "keep" ? "keeps" : "passes"} the card drawn${face}`;
    }
    const said = entry.uno ? ", saying UNO" : "";
    switch (entry.type) {
      case "play":
        return `${who} plays ${cardName(entry.card)}${entry.color ? ` and chooses ${entry.color}` : ""}` +
          `${entry.dump && entry.dump.length ? `, then lays ${cards(entry.dump)}` : ""}${said}`;
      case "dump": return `${who} lays ${cards(entry.cards)}${said}`;
      case "draw": {
        const n = entry.count ?? (entry.cards ? entry.cards.length : null);
        return `${who} draws ${n === null ? "from the pile" : count(n, "card")}`;
      }
      case "challenge": return `${who} challenges the Wild Draw 4`;
      case "uno": return `${who} says UNO`;
      case "catch": return `${who} catches the opponent not saying UNO`;
      default: return `${who} ${JSON.stringify(entry)}`;
    }
  }

  /** What is owed, as the player owing it hears it (what they may answer with: their legal events). */
  function owedWords(owes, mine, lastPlay, legal) {
    const by = lastPlay ? lastPlay.player : "The opponent";
    const n = owes.cards;
    const answers = legal.some((e) => e.type === "play");
    const challenge = legal.some((e) => e.type === "challenge");
    switch (owes.kind) {
      case "volley":
        if (!mine) return `${owes.player} must answer the Draw 2 with a Draw 2 or draw ${n}.`;
        return answers ? `${by} played a Draw 2: answer with a Draw 2 or draw ${n}.`
          : `${by} played a Draw 2: no card of yours answers it, draw ${n}.`;
      case "wild_draw_4":
        if (!mine) return `${owes.player} must draw ${n} for the Wild Draw 4${challenge ? ", or challenge it" : ""}.`;
        return `${by} played a Wild Draw 4: draw ${n}${challenge ? ", or challenge it" : ""}.`;
      case "turned_up": return `${mine ? "You draw" : `${owes.player} draws`} ${n} for the turned-up card.`;
      case "penalty": return `${mine ? "You draw" : `${owes.player} draws`} ${n} as a penalty${owes.rule ? ` (${owes.rule})` : ""}.`;
      case "final": return `${mine ? "You draw" : `${owes.player} draws`} ${n} before the round ends${owes.rule ? ` (${owes.rule})` : ""}.`;
      default: return `${owes.player} owes ${owes.kind}${n ? ` (${n})` : ""}.`;
    }
  }

  function promptWords(v) {
    const mine = v.to_act === v.you;
    const other = v.players.find((p) => p !== v.you);
    if (v.over) {
      return v.winner ? `The game is over: ${v.winner === v.you ? "you win" : `${v.winner} wins`}.` : "The game is over.";
    }
    const lastPlay = [...(v.history || [])].reverse().find((e) => e.type === "play");
    if (v.phase === "draft") {
      if (mine && v.drawn) return `Draft, round ${v.round}: you drew ${cardName(v.drawn)}. Keep it or pass it.`;
      return `Draft, round ${v.round}: ${v.to_act} is drafting.`;
    }
    if (v.phase === "colour") {
      return mine ? `The turned-up card is ${cardName(v.top)}: choose the colour to play.`
        : `${v.to_act} chooses the colour of the turned-up ${cardName(v.top)}.`;
    }
    if (v.owes) return owedWords(v.owes, mine, lastPlay, v.legal);
    if (mine && v.drawn) return `You drew ${cardName(v.drawn)}: play it or keep it.`;
    if (mine) {
      const plays = v.legal.some((e) => e.type === "play" || e.type === "dump");
      return plays ? "Your turn: play a highlighted card, or draw." : "Your turn: none of your cards can be played now.";
    }
    return v.to_act ? `${v.to_act}'s turn. Waiting for ${v.to_act}…` : "Waiting…";
  }

  /** The interjections open to the player now, told after the prompt (they change no one's turn). */
  function interjectionWords(v) {
    const other = v.players.find((p) => p !== v.you);
    const words = [];
    if (v.interjections.some((e) => e.type === "catch")) words.push(` ${other} did not say UNO: you may catch ${other}.`);
    if (v.interjections.some((e) => e.type === "uno")) words.push(" You hold one card and did not say UNO: say it now.");
    return words.join("");
  }

  // -- drawing the table ----------------------------------------------------------------------------

  /** Draw the view; true when the round's history is not all here yet (the caller asks for the rest). */
  function show(page) {
    const more = keepHistory(page);
    const v = {...page, history: log.entries};  // the words below read the round's whole history
    const other = v.players.find((p) => p !== v.you);
    if (seat && (seat.you !== v.you || seat.opponent !== other)) {
      // A seat from a link learns its names from the table: kept for the list of games.
      keepSeat(seat.table, {you: v.you, opponent: other});
      seat = {...seat, you: v.you, opponent: other};
    }
    if (view !== null && v.round !== view.round && !v.over) {
      const gained = Object.entries(v.scores).map(([n, s]) => `${n} +${s - (view.scores[n] || 0)}`).join(", ");
      showNotice(`Round ${view.round} is over (points: ${gained}). Round ${v.round} begins with the draft.`);
    }
    view = v;
    root.dataset.seq = String(v.seq);  // which decision the page shows (the browser tests wait on it)
    $("table-title").textContent = `${v.you} against ${other}`;
    $("scoreline").replaceChildren(`Round ${v.round} · Scores: `,
      ...v.players.flatMap((p, i) => [i ? ", " : "", el("strong", {text: `${p} ${v.scores[p]}`})]));
    $("prompt").textContent = promptWords(v) + interjectionWords(v);
    $("prompt").classList.toggle("your-move", v.to_act === v.you && !v.over);
    drawOpponent(v, other);
    drawMiddle(v);
    drawHand(v);
    drawActions(v);
    drawHistory(v);
    if (v.over) finish(v);
    return more;
  }

  const UNO_STANDING = {declared: "UNO said", catchable: "one card, UNO not said"};

  function unoWords(state) {
    return UNO_STANDING[state] ? ` · ${UNO_STANDING[state]}` : "";
  }

  function drawOpponent(v, other) {
    const n = v.hand_sizes ? v.hand_sizes[other] : 0;
    const bot = seat && seat.bot ? ` (bot, ${seat.bot})` : "";
    $("opponent-name").replaceChildren(`${other}${bot}`,
      v.to_act === other ? el("span", {class: "turn-mark", text: " ▶ to act"}) : "");
    $("opponent").classList.toggle("to-act", v.to_act === other);
    $("opponent-meta").textContent = `${count(n, "card")}, face down${unoWords(v.uno && v.uno[other])}`;
    const shownBacks = Math.min(n, 20);
    $("opponent-hand").replaceChildren(...Array.from({length: shownBacks}, () => el("span", {class: "back"})));
  }

  function drawMiddle(v) {
    $("top-card").replaceChildren(v.top ? card(v.top, true) : el("p", {class: "meta", text: "empty"}));
    $("discard-meta").textContent = count(v.discard_pile || 0, "card");
    $("colour").replaceChildren(...(v.color ? [el("span", {class: `swatch swatch-${v.color}`, "aria-hidden": "true"}), ` ${v.color}`]
      : [v.phase === "draft" ? "none yet (draft)" : "—"]));
    const draw = v.legal.find((e) => e.type === "draw");
    const pile = el(draw ? "button" : "div", {class: `back big-back${draw ? " can-draw" : ""}`, type: draw ? "button" : null,
      "aria-label": draw ? `Draw from the draw pile (${count(v.draw_pile, "card")})` : null},
    el("span", {class: "pile-count", text: String(v.draw_pile)}));
    if (draw) pile.addEventListener("click", () => decide(draw));
    $("draw-pile").replaceChildren(pile, el("p", {class: "meta", text: count(v.draw_pile, "card")}));
    const drawn = v.drawn && (v.phase === "draft" || v.phase === "play");
    $("drawn").hidden = !drawn;
    $("drawn").querySelector("h3").textContent = v.phase === "draft" ? "You drew (draft)" : "You just drew";
    $("drawn-card").replaceChildren(drawn ? card(v.drawn, true) : "");
  }

  function cardOptions(v, code) {
    return v.legal.filter((e) => e.type === "play" && e.card === code);
  }

  function drawHand(v) {
    const hand = sorted(v.hand || []);
    const mine = v.to_act === v.you;
    $("mine").classList.toggle("to-act", mine && !v.over);
    $("mine-title").textContent = `Your hand (${v.you})`;
    $("mine-meta").textContent = `${count(hand.length, "card")}${unoWords(v.uno && v.uno[v.you])}`;
    $("hand").replaceChildren(...hand.map((code) => {
      const options = cardOptions(v, code);
      const button = card(code, true, "button");
      button.type = "button";
      button.classList.add("in-hand");
      if (code === v.drawn && v.phase === "play") button.classList.add("just-drawn");
      if (options.length) {
        button.classList.add("playable");
        button.setAttribute("aria-label", `Play ${cardName(code)}`);
        button.addEventListener("click", () => playCard(code, options, button));
      } else {
        button.setAttribute("aria-disabled", "true");
        button.setAttribute("aria-label", `${cardName(code)}${mine && !v.over ? ", cannot be played now" : ""}`);
      }
      return button;
    }));
    const uno = v.legal.some((e) => e.uno);
    $("uno-line").hidden = !uno;
    if (!uno) $("say-uno").checked = false;
  }

  function optionWords(option) {
    if (option.color && option.type === "play") return `${option.color}`;
    if (option.dump && option.dump.length) return `${cardName(option.card)} and lay ${cards(option.dump)}`;
    if (option.type === "play") return `${cardName(option.card)} alone`;
    return moveWords(option);
  }

  function playCard(code, options, from) {
    if (options.length === 1) {
      decide(options[0]);
      return;
    }
    pending = {code, from};
    const wild = options.every((o) => o.color);
    $("choices-title").textContent = wild ? `${cardName(code)}: choose the colour to play` : `${cardName(code)}: how do you play it?`;
    const buttons = options.map((option) => {
      const button = el("button", {type: "button", class: `choice${option.color ? ` choice-${option.color}` : ""}`},
        option.color ? el("span", {class: `swatch swatch-${option.color}`, "aria-hidden": "true"}) : null,
        ` ${optionWords(option)}`);
      button.addEventListener("click", () => decide(option));
      return button;
    });
    const cancel = el("button", {type: "button", class: "choice cancel"}, "Cancel");
    cancel.addEventListener("click", closeChoice);
    $("choice-buttons").replaceChildren(...buttons, cancel);
    $("choices").hidden = false;
    buttons[0].focus();
  }

  function closeChoice() {
    if (!pending) return;
    const from = pending.from;
    pending = null;
    $("choices").hidden = true;
    $("choice-buttons").replaceChildren();
    if (from && from.isConnected) from.focus();
  }

  /** A move that is not a card of the hand: its words and its key. */
  function actionOf(option, v) {
    const other = v.players.find((p) => p !== v.you);
    if (option.decision === "keep") {
      return v.phase === "draft" ? [`Keep ${cardName(v.drawn)}`, "k"] : [`Keep ${cardName(v.drawn)} and end your turn`, "k"];
    }
    if (option.decision === "pass") return [`Pass ${cardName(v.drawn)}`, "p"];
    if (option.color && !option.type) return [`${option.color}`, null];
    switch (option.type) {
      case "draw": return [v.owes && v.owes.cards ? `Draw ${count(v.owes.cards, "card")}` : "Draw a card", "d"];
      case "challenge": return ["Challenge the Wild Draw 4", "c"];
      case "dump": return [`Lay ${cards(option.cards)}`, null];
      case "uno": return ["Say UNO (late)", "u"];
      case "catch": return [`Catch ${other}: no UNO said!`, "c"];
      default: return [JSON.stringify(option), null];
    }
  }

  function drawActions(v) {
    const moves = [...v.legal.filter((e) => e.type !== "play"), ...v.interjections];
    $("actions").replaceChildren(...moves.map((option) => {
      const [words, key] = actionOf(option, v);
      const colour = option.color && !option.type;
      const button = el("button", {type: "button", class: `action${colour ? ` choice choice-${option.color}` : ""}`,
        "data-key": key, "aria-keyshortcuts": key ? key.toUpperCase() : null},
      colour ? el("span", {class: `swatch swatch-${option.color}`, "aria-hidden": "true"}) : null,
      ` ${words}`, key ? el("kbd", {text: key.toUpperCase()}) : null);
      button.addEventListener("click", () => decide(option));
      return button;
    }));
    if (!pending) return;
    const still = cardOptions(v, pending.code);
    if (!still.length) closeChoice();
  }

  function drawHistory(v) {
    const entries = (v.history || []).slice(-8).reverse();
    $("moves").replaceChildren(...entries.map((entry) =>
      el("li", {class: entry.player === v.you ? "by-you" : ""}, moveWords(entry))));
    $("moves").setAttribute("start", String((v.history || []).length));
  }

  // -- the end of the game: the record, to download or to replay ------------------------------------

  async function finish(v) {
    stopPolling();
    $("over").hidden = false;
    const scores = v.players.map((p) => `${p} ${v.scores[p]}`).join(", ");
    $("over-words").replaceChildren(el("strong", {text: v.winner ? `${v.winner} wins. ` : ""}), `Final scores: ${scores}.`);
    $("actions").replaceChildren();
    if (record) return;
    const current = seat;
    const answer = await call("GET", `${tablePath(current.table)}/log`, {token: current.token}).catch(() => null);
    if (!answer || !answer.ok || seat !== current) {
      $("over-words").append(" The record could not be fetched.");
      return;
    }
    record = JSON.stringify(answer.body, null, 1);
    const url = URL.createObjectURL(new Blob([record], {type: "application/json"}));
    $("download").href = url;
    $("download").setAttribute("download", `uno-duo-${current.table}.json`);
  }

  $("open-replay").addEventListener("click", () => {
    if (!record) return;
    sessionStorage.setItem("uno-duo-replay", record);
    location.assign(`${root.dataset.replay}#from-play`);
  });

  // -- the keyboard ---------------------------------------------------------------------------------

  document.addEventListener("keydown", (event) => {
    if (!view || $("table").hidden || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target && (target.tagName === "INPUT" && target.type !== "checkbox" || target.tagName === "TEXTAREA" ||
        target.tagName === "SELECT")) return;
    if (event.key === "Escape") {
      closeChoice();
      return;
    }
    const key = event.key.toLowerCase();
    if (key === "u" && !$("uno-line").hidden) {
      event.preventDefault();
      $("say-uno").checked = !$("say-uno").checked;
      return;
    }
    const button = $("actions").querySelector(`button[data-key="${key}"]`);
    if (button) {
      event.preventDefault();
      button.click();
    }
  });

  // -- on arrival: a seat from a shared link, a table to continue, or the choice of a game -----------

  function arrive() {
    const params = new URLSearchParams(location.hash.slice(1));
    const table = params.get("table");
    const token = params.get("token");
    if (table && token) {
      // A friend's link: keep the seat in this browser and take the token out of the address at once.
      keepSeat(table, {token, you: "", opponent: "", started: Date.now()});
      history.replaceState(null, "", `#table=${encodeURIComponent(table)}`);
    }
    if (table) {
      open(table);
      return;
    }
    showSetup("");
  }

  window.addEventListener("hashchange", arrive);
  loadStyles();
  loadVariants();
  arrive();
})();
