// The play page: a seat at a live table, on the tables' HTTP API alone. It decides nothing about the game:
// what may be played is the view's "legal" and "interjections" lists (events in the log's form), sent back
// as they are; a card the view does not offer may still be tried, and the server's refusal (problem+json)
// is shown with the rule's words and its link. The words on the page (whose move, what is owed, the last
// moves, the round's end) are read from the view's fields; a rule's words from the page's rule list (the
// service's registry, given in the HTML). Every player's name is shown in <bdi>.
"use strict";

(function () {
  const root = document.getElementById("play");
  if (!root) return;
  const {el, who, card, name: cardName, sorted} = window.UnoCards;
  const {_, ngettext, colour, parts} = window.UnoWords;  // words.js: the page's words in its language
  window.UnoCards.fromPage();
  const $ = (id) => document.getElementById(id);
  const RULES = JSON.parse(($("rule-words") || {}).textContent || "{}");  // id -> {title, url}
  const TABLES = root.dataset.tables;
  // localStorage: "TABLE/SEAT" -> {table, you, token, opponent, bot, share, invited, rules, started, welcome}.
  // A seat is kept by table AND seat: a browser holding one seat of a table never loses it to another.
  const STORE = "uno-duo-seats/2";
  const OLD_STORE = "uno-duo-seats";  // before: table id -> {token, you, ...}
  const POLL_MS = 1000;
  const REVEAL_MS = 700;  // between two of the other player's moves shown one after the other
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

  let seat = null;       // {table, you, token, opponent, bot, ...}: the seat this page plays
  let view = null;       // the last view of the table
  let etag = null;       // its ETag, for If-None-Match
  let busy = false;      // a decision is on its way
  let timer = null;
  let record = null;     // the finished game's record (its text)
  let pending = null;    // the options of the card whose choice is open
  let log = {round: null, entries: []};  // the round's public history, kept from the views' pages
  let shown = 0;         // how many of the round's entries the list of moves shows (the rest are revealed in turn)
  let revealing = null;  // the timer of the next entry's reveal
  let roundEnd = null;   // the round's end on show ({round, ...}), until the player goes on
  let drew = false;      // the view on show answers this page's own draw (an unplayable card is kept at once)

  // -- the seats this browser holds ------------------------------------------------------------------

  const seatKey = (table, you) => `${table}/${you}`;

  function seats() {
    let all;
    try {
      all = JSON.parse(localStorage.getItem(STORE)) || {};
    } catch (error) {
      all = {};
    }
    let old = null;
    try {
      old = JSON.parse(localStorage.getItem(OLD_STORE));
    } catch (error) {
      old = null;
    }
    if (old && typeof old === "object") {  // an older page kept one seat per table: keep it under its seat
      for (const [table, entry] of Object.entries(old)) {
        if (entry && entry.token) all[seatKey(table, entry.you || "")] = {...entry, table, you: entry.you || ""};
      }
      localStorage.setItem(STORE, JSON.stringify(all));
      localStorage.removeItem(OLD_STORE);
    }
    return all;
  }

  function keepSeat(table, you, entry) {
    const all = seats();
    const key = seatKey(table, you);
    all[key] = {...all[key], ...entry, table, you};
    localStorage.setItem(STORE, JSON.stringify(all));
    return all[key];
  }

  function dropSeat(table, you) {
    const all = seats();
    delete all[seatKey(table, you)];
    localStorage.setItem(STORE, JSON.stringify(all));
  }

  /** The seats this browser holds at ``table``, the latest first. */
  function seatsAt(table) {
    return Object.values(seats()).filter((entry) => entry.table === table)
      .sort((a, b) => (b.started || 0) - (a.started || 0));
  }

  // -- talking to the table --------------------------------------------------------------------------

  async function call(method, path, {token, body, ifNoneMatch} = {}) {
    const headers = {"Accept": "application/json", "Accept-Language": window.UnoWords.lang};  // refusals in the page's language
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

  // -- words ----------------------------------------------------------------------------------------

  const cardCount = (n) => ngettext("{n} card", "{n} cards", n);
  /** A bot style's name in the page's language (the service's words; the API takes the style's own name). */
  const styleName = (style) => (window.UnoWords.styles || {})[style] || style;
  // TRANSLATORS: what stands between two cards of a list ("red 4, red 5").
  const cards = (list) => (list || []).map(cardName).join(_(", "));

  /** A rule as a player reads it: its id, its words and the link to its page in the rulebook. */
  function ruleRef(id) {
    const rule = RULES[id];
    return el("span", {class: "rule-ref"}, el("span", {class: "rule-id", text: id}),
      rule ? ` ${rule.title}. ` : " ",
      rule ? el("a", {href: rule.url, class: "rule-link", text: _("Read rule {rule} in the rulebook", {rule: id})}) : null);
  }

  // -- starting -------------------------------------------------------------------------------------

  // The variants and the parameters that set a game's length and who wins, as GET /v1/variants gives them.
  const TARGET = "target_score";
  let variants = {};

  /** Who wins, in a player's words, under a variant's rules (known to the page when it set the table). */
  function winningWords(rules) {
    if (!rules || !(TARGET in rules)) return "";
    const target = rules[TARGET];
    return rules.reaching_target === "wins"
      ? ngettext("The first player to reach {n} point wins.", "The first player to reach {n} points wins.", target)
      : ngettext("Points count against you: when a player reaches {n} point, the game ends and the lowest score wins.",
        "Points count against you: when a player reaches {n} points, the game ends and the lowest score wins.", target);
  }

  /** A variant in a player's words: the service's sentence, and how the game is won. */
  function variantWords(variant, target) {
    if (!variant) return "";
    const rules = {...(variant.rules || {}), ...(target ? {[TARGET]: target} : {})};
    return [variant.description ? `${variant.description}.` : "", winningWords(rules)].filter(Boolean).join(" ");
  }

  async function loadVariants() {
    const answer = await call("GET", root.dataset.variants).catch(() => null);
    if (!answer || !answer.ok) return;
    variants = Object.fromEntries(answer.body.variants.map((v) => [v.name, v]));
    const target = (answer.body.parameters || []).find((p) => p.name === TARGET);
    for (const form of [$("bot-form"), $("friend-form")]) {
      const select = form.elements.variant;
      select.replaceChildren(...answer.body.variants.map((v) => el("option", {value: v.name, translate: "no"}, v.name)));
      const about = $(select.getAttribute("aria-describedby"));
      const targetAbout = $(form.elements.target.getAttribute("aria-describedby"));
      const describe = () => {
        const variant = variants[select.value] || {};
        about.textContent = variantWords(variant, Number(form.elements.target.value) || null);
        const reaching = variant.rules && variant.rules.reaching_target === "wins";
        targetAbout.textContent = reaching ? _("When a player's total reaches this, that player wins the game.")
          : _("When a player's total reaches this, the game ends: the lowest score wins.");
      };
      select.addEventListener("change", () => {
        const variant = variants[select.value] || {};
        if (target && variant.rules && TARGET in variant.rules) form.elements.target.value = variant.rules[TARGET];
        describe();
      });
      form.elements.target.addEventListener("input", describe);
      const variant = variants[select.value] || {};
      if (target && variant.rules && TARGET in variant.rules) form.elements.target.value = variant.rules[TARGET];
      describe();
      for (const field of form.querySelectorAll(".target-field")) field.hidden = !target;
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

  /** The rules that decide who wins at the table the form sets (kept with the seat, for the scoreline). */
  function chosenRules(form) {
    const variant = variants[form.elements.variant.value];
    if (!variant || !variant.rules) return null;
    const target = Number(form.elements.target.value) || variant.rules[TARGET];
    return {[TARGET]: target, reaching_target: variant.rules.reaching_target};
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
    return [el("strong", {text: body.title || _("Error {status}", {status: answer.status})}), ` ${body.detail || ""}`,
      errors.length ? el("ul", {}, ...errors) : null];
  }

  async function create(form, body) {
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    setupSay(_("Opening the table…"));
    const variant = chosenVariant(form);
    if (variant) body.variant = variant;
    let answer;
    try {
      answer = await call("POST", TABLES, {body});
    } catch (error) {
      setupSay(_("The referee could not be reached: {error}", {error: error.message}), "error");
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

  /** The bot style offered first: the service's strongest. "expert" when the service lists it; else the last
   *  listed (the service lists its styles from the plainest to the strongest). */
  function strongest(styles) {
    const expert = styles.find((style) => style.name === "expert");
    return expert || styles[styles.length - 1];
  }

  // The bots' styles, as GET /v1/tables/styles gives them (the service's, never a list of the page's own).
  async function loadStyles() {
    const answer = await call("GET", root.dataset.styles).catch(() => null);
    if (!answer || !answer.ok) {
      $("style-summary").textContent = _("The bots' styles could not be loaded: reload the page to play a bot.");
      $("start-bot").disabled = true;
      return;
    }
    const styles = answer.body.styles;
    $("bot-style").replaceChildren(...styles.map((style) =>
      el("option", {value: style.name, "data-summary": style.summary}, styleName(style.name))));
    if (styles.length) $("bot-style").value = strongest(styles).name;
    $("style-summary").textContent = $("bot-style").selectedOptions[0]?.dataset.summary || "";
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
    const table = await create(form, {players: [you, bot], bots: {[bot]: style}});
    if (!table) return;
    keepSeat(table.id, you, {token: table.tokens[you], opponent: bot, bot: style, rules: chosenRules(form),
      started: Date.now()});
    open(table.id, you);
  });

  $("friend-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target;
    const you = form.elements.you.value.trim();
    const friend = form.elements.friend.value.trim();
    // The friend's seat is an invitation: its code goes in the link, its token only to whoever joins with it.
    const table = await create(form, {players: [you, friend], invite: [friend]});
    if (!table) return;
    const code = (table.invitations || {})[friend];
    if (!code || !table.tokens[you]) {
      setupSay(_("The referee opened the table without an invitation for your friend: it cannot be shared."), "error");
      return;
    }
    const link = `${location.origin}${location.pathname}#table=${encodeURIComponent(table.id)}` +
      `&invite=${encodeURIComponent(code)}`;
    keepSeat(table.id, you, {token: table.tokens[you], opponent: friend, share: link, invited: friend,
      rules: chosenRules(form), started: Date.now()});
    open(table.id, you);
  });

  $("copy-link").addEventListener("click", async () => {
    const input = $("share-link");
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      $("copy-link").textContent = _("Copied");
    } catch (error) {
      $("copy-link").textContent = _("Selected: copy it with Ctrl+C");
    }
  });

  // -- an invitation: a friend's link -------------------------------------------------------------------

  /** Sit at ``table`` with the invitation ``code``: the referee answers the seat's token, once. */
  async function join(table, code) {
    setupSay(_("Taking your seat…"));
    let answer;
    try {
      answer = await call("POST", `${tablePath(table)}/join`, {body: {invitation: code}});
    } catch (error) {
      showSetup(_("The referee could not be reached: {error}", {error: error.message}));
      return;
    }
    if (answer.status === 201 && answer.body && answer.body.token) {
      const you = answer.body.player;
      keepSeat(table, you, {token: answer.body.token, opponent: "", started: Date.now(), welcome: true});
      setupSay("");
      open(table, you);
    } else if (answer.status === 409) {
      showSetup(_("This invitation has been used already: its seat at the table is taken. If it was you who " +
        "joined, continue in the browser you joined with; otherwise ask for a new game."));
    } else if (answer.status === 404) {
      showSetup(_("This invitation leads to no table: the game is over or gone, or the link is not whole."));
    } else {
      showSetup("");
      setupSay(problemWords(answer), "error");
    }
  }

  /** The invitation's link opened in a browser that already holds a seat at its table (the host opening
   *  their own friend link, say): ask, never take the other seat unasked. */
  function askAboutInvitation(table, code, held) {
    showSetup("");
    const mine = held[0];
    const box = $("invite-choice");
    const back = el("button", {type: "button", class: "primary", id: "invite-back"},
      ...parts(_("Back to my seat ({player})", {player: who(mine.you)})));
    back.addEventListener("click", () => open(table, mine.you));
    const take = el("button", {type: "button", id: "invite-take"}, _("Take the invited seat in this browser"));
    take.addEventListener("click", () => join(table, code));
    box.replaceChildren(
      el("p", {}, el("strong", {}, ...parts(_("You already sit at this table as {player}.", {player: who(mine.you)}))), " ",
        ...parts(mine.opponent
          ? _("This link is the invitation for the other seat: send it to {player} rather than opening it here.",
            {player: who(mine.opponent)})
          : _("This link is the invitation for the other seat: send it to your friend rather than opening it here."))),
      el("p", {class: "choice-row"}, back, " ", take));
    box.hidden = false;
    back.focus();
  }

  // -- opening a table ------------------------------------------------------------------------------

  function open(table, you) {
    const held = seatsAt(table);
    const entry = held.find((e) => e.you === you) || (you === undefined ? held[0] : null);
    if (!entry || !entry.token) {
      showSetup(_("This browser holds no seat at table {table}. Open the link you were sent, or start a game.", {table}));
      return;
    }
    seat = {...entry};
    view = null;
    log = {round: null, entries: []};
    shown = 0;
    clearTimeout(revealing);
    revealing = null;
    roundEnd = null;
    etag = null;
    record = null;
    const hash = `#table=${encodeURIComponent(table)}&seat=${encodeURIComponent(entry.you)}`;
    if (location.hash !== hash) history.replaceState(null, "", hash);
    $("invite-choice").hidden = true;
    $("setup").hidden = true;
    $("table").hidden = false;
    showShare();
    $("over").hidden = true;
    $("round-end").hidden = true;
    $("board").hidden = false;
    hideRefusal();
    hideNotice();
    $("prompt").textContent = _("Sitting down at the table…");
    poll(true);
  }

  function showShare() {
    $("share").hidden = !seat.share;
    if (seat.share) {
      $("share-label").replaceChildren(...parts(_("Send this link to {player}: it invites them to their seat, once",
        {player: who(seat.invited || seat.opponent)})));
      $("share-link").value = seat.share;
    }
  }

  function showSetup(message) {
    stopPolling();
    seat = null;
    view = null;
    log = {round: null, entries: []};
    delete root.dataset.seq;
    $("table").hidden = true;
    $("setup").hidden = false;
    $("invite-choice").hidden = true;
    if (location.hash) history.replaceState(null, "", location.pathname);
    setupSay(message || "", message ? "error" : "");
    listResumable();
  }

  function listResumable() {
    const entries = Object.values(seats()).sort((a, b) => (b.started || 0) - (a.started || 0)).slice(0, 5);
    $("resume").hidden = entries.length === 0;
    $("resume-list").replaceChildren(...entries.map((entry) => {
      const slots = {player: who(entry.you), opponent: who(entry.opponent || "…"), style: entry.bot};
      const button = el("button", {type: "button", class: "resume"}, ...parts(entry.bot
        ? _("Continue: {player} against {opponent} (bot, {style})", {...slots, style: styleName(entry.bot)})
        : _("Continue: {player} against {opponent}", slots)));
      button.addEventListener("click", () => open(entry.table, entry.you));
      const forget = el("button", {type: "button", class: "forget",
        "aria-label": _("Forget the game against {opponent}", {opponent: entry.opponent})}, _("Forget"));
      forget.addEventListener("click", () => { dropSeat(entry.table, entry.you); listResumable(); });
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
    if (v.round !== log.round) {
      log = {round: v.round, entries: []};
      shown = 0;
    }
    if (v.history_from > log.entries.length) {  // a gap: ask for the round's history from its start
      log.entries = [];
      shown = 0;
      return true;
    }
    log.entries.splice(v.history_from, log.entries.length - v.history_from, ...(v.history || []));
    shown = Math.min(shown, v.history_from);  // an entry completed since (a turned-up wild's colour) is shown again
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
      $("prompt").textContent = _("The referee could not be reached ({error}); trying again…", {error: error.message});
    }
    if (seat !== current) return;  // the player left the table meanwhile
    if (answer && answer.status === 200 && answer.body) {
      etag = answer.etag;
      if (show(answer.body)) {
        poll(true);  // more of the round's history than one page: ask for the rest at once
        return;
      }
    } else if (answer && answer.status === 404) {
      dropSeat(current.table, current.you);
      showSetup(_("That table no longer exists."));
      return;
    } else if (answer && (answer.status === 401 || answer.status === 403)) {
      showSetup(_("The referee did not accept this browser's seat at that table."));
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
      showRefusal([el("strong", {text: _("The referee could not be reached.")}), " ", error.message]);
    } finally {
      busy = false;
      root.removeAttribute("aria-busy");
    }
    if (!answer || seat !== current) return;
    if (answer.status === 200 && answer.body) {
      $("say-uno").checked = false;
      etag = answer.etag;
      drew = option.type === "draw" && !option.decision;
      const more = show(answer.body);
      drew = false;
      focusHand();  // the keyboard's place after a move: the hand, never the page's start
      poll(more);  // at once when the answer's page did not bring the whole round
      return;
    }
    const body = answer.body || {};
    if (answer.status === 422 && body.rule) {
      showRefusal(refusalWords(body));
    } else if (answer.status === 409) {
      showNotice(_("The table had moved on before your move arrived: here it is as it stands now."));
    } else {
      showRefusal(problemWords(answer));
    }
    poll(true);  // the table as it stands
  }

  /** A card the view does not offer, tried all the same: the referee's answer says which rule forbids it.
   *  (A wild is sent with a colour, so that the answer is about the rule, not the form.) */
  function tryCard(code) {
    const event = {type: "play", card: code};
    if (window.UnoCards.face(code).colour === "wild") event.color = "red";
    decide(event);
  }

  function refusalWords(problem) {
    const words = [el("strong", {text: _("The referee says no.")}), ` ${problem.detail || problem.title || ""} `];
    const rule = el("p", {class: "refusal-rule"}, el("span", {class: "rule-id", text: problem.rule}),
      problem.rule_title || RULES[problem.rule] ? ` ${problem.rule_title || RULES[problem.rule].title}. ` : " ");
    if (problem.rule_text) rule.append(el("q", {text: problem.rule_text}), " ");
    const url = problem.rule_url || (RULES[problem.rule] || {}).url;
    if (url) rule.append(el("a", {href: url, class: "rule-link", text: _("Read rule {rule} in the rulebook", {rule: problem.rule})}));
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

  function showNotice(...children) {
    $("notice").replaceChildren(...children);
    $("notice").hidden = false;
  }

  function hideNotice() {
    $("notice").hidden = true;
  }

  /** Put the keyboard on the hand: its first playable card, else its first card, else the hand itself; unless
   *  the player has put it elsewhere meanwhile (``force``: even then). */
  function focusHand(force) {
    if ($("table").hidden || !$("round-end").hidden) return;
    const active = document.activeElement;
    if (!force && active && active !== document.body && active.isConnected && !$("hand").contains(active) &&
        !$("actions").contains(active) && !$("draw-pile").contains(active)) return;  // the player is elsewhere
    const target = $("hand").querySelector("button.playable") || $("hand").querySelector("button") || $("hand");
    target.focus({preventScroll: true});
  }

  // -- words of the moves ---------------------------------------------------------------------------

  /** The other player's name, as the view names the players. */
  const otherOf = (v, name) => v.players.find((p) => p !== name);

  /** A move of the history in words (the entry before it tells a draw's reason: a challenge, a catch). */
  function moveWords(entry, before, v) {
    return parts(moveSentence(entry, before, v));
  }

  function moveSentence(entry, before, v) {
    const player = who(entry.player || "");
    if (entry.turn_up) {
      const slots = {card: cardName(entry.turn_up), colour: colour(entry.color)};
      return entry.color ? _("The dealer turns up {card}; the colour to play is {colour}", slots)
        : _("The dealer turns up {card}", slots);
    }
    if (entry.decision) {  // a draft pick: the card drawn is kept or passed; the other goes face up (DRAFT-3)
      const slots = {player, card: entry.face_up ? cardName(entry.face_up) : ""};
      if (entry.decision === "keep") {
        return entry.face_up ? _("{player} keeps the card drawn; the next card, {card}, is discarded face up", slots)
          : _("{player} keeps the card drawn; the next card is discarded face up", slots);
      }
      return entry.face_up
        ? _("{player} passes the card drawn, {card}, face up onto the discard pile, and keeps the next card unseen", slots)
        : _("{player} passes the card drawn face up onto the discard pile, and keeps the next card unseen", slots);
    }
    // TRANSLATORS: added to a move made with a player's last but one card, when the player says UNO with it.
    const said = entry.uno ? _(", saying UNO") : "";
    switch (entry.type) {
      case "play": {
        const slots = {player, card: cardName(entry.card), colour: colour(entry.color)};
        const played = entry.color ? _("{player} plays {card} and chooses {colour}", slots) : _("{player} plays {card}", slots);
        // TRANSLATORS: added to "{player} plays {card}" when the player lays the rest of a Reverse's colour with it.
        const laid = entry.dump && entry.dump.length ? _(", then lays {cards}", {cards: cards(entry.dump)}) : "";
        return [...parts(played), laid, said];
      }
      case "dump": return [...parts(_("{player} lays {cards}", {player, cards: cards(entry.cards)})), said];
      case "draw": {
        const n = entry.count ?? (entry.cards ? entry.cards.length : null);
        const drawn = parts(n === null ? _("{player} draws from the pile", {player})
          : ngettext("{player} draws {n} card", "{player} draws {n} cards", n, {player}));
        if (before && before.type === "challenge") {
          const challenger = {player: who(before.player)};
          // TRANSLATORS: added to "{player} draws {n} cards": why the player draws.
          return [...drawn, ...parts(before.player === entry.player ? _(": {player}'s challenge lost", challenger)
            : _(": {player}'s challenge won", challenger))];
        }
        if (before && before.type === "catch" && before.player !== entry.player) {
          // TRANSLATORS: added to "{player} draws {n} cards": why the player draws.
          return [...drawn, _(": caught not saying UNO")];
        }
        return drawn;
      }
      case "challenge": return _("{player} challenges the Wild Draw 4", {player});
      case "uno": return _("{player} says UNO", {player});
      case "catch": {
        const caught = v ? otherOf(v, entry.player) : null;
        return caught ? _("{player} catches {other} not saying UNO", {player, other: who(caught)})
          : _("{player} catches the opponent not saying UNO", {player});
      }
      default: return [player, ` ${JSON.stringify(entry)}`];
    }
  }

  /** What is owed, as the player owing it hears it (what they may answer with: their legal events). The
   *  outcome of a challenge or a catch is told by the rule that imposed the draw (its words and link follow). */
  function owedWords(v, mine, lastPlay) {
    return parts(owedSentence(v, mine, lastPlay));
  }

  function owedSentence(v, mine, lastPlay) {
    const owes = v.owes;
    const n = owes.cards;
    const player = who(owes.player);
    const other = otherOf(v, owes.player);
    const by = {player: lastPlay ? who(lastPlay.player) : who(other), n};
    const answers = v.legal.some((e) => e.type === "play");
    const challenge = v.legal.some((e) => e.type === "challenge");
    switch (owes.kind) {
      case "volley":
        if (!mine) {
          return ngettext("{player} must answer the Draw 2 with a Draw 2 or draw {n} card.",
            "{player} must answer the Draw 2 with a Draw 2 or draw {n} cards.", n, {player});
        }
        return answers ? ngettext("{player} played a Draw 2: answer with a Draw 2 or draw {n} card.",
          "{player} played a Draw 2: answer with a Draw 2 or draw {n} cards.", n, by)
          : ngettext("{player} played a Draw 2: no card of yours answers it, draw {n} card.",
            "{player} played a Draw 2: no card of yours answers it, draw {n} cards.", n, by);
      case "wild_draw_4":
        if (!mine) {
          return challenge ? ngettext("{player} must draw {n} card for the Wild Draw 4, or challenge it.",
            "{player} must draw {n} cards for the Wild Draw 4, or challenge it.", n, {player})
            : ngettext("{player} must draw {n} card for the Wild Draw 4.",
              "{player} must draw {n} cards for the Wild Draw 4.", n, {player});
        }
        return challenge ? ngettext("{player} played a Wild Draw 4: draw {n} card, or challenge it.",
          "{player} played a Wild Draw 4: draw {n} cards, or challenge it.", n, by)
          : ngettext("{player} played a Wild Draw 4: draw {n} card.", "{player} played a Wild Draw 4: draw {n} cards.", n, by);
      case "turned_up":
        return mine ? ngettext("You draw {n} card for the turned-up card.", "You draw {n} cards for the turned-up card.", n)
          : ngettext("{player} draws {n} card for the turned-up card.", "{player} draws {n} cards for the turned-up card.",
            n, {player});
      case "penalty": return penaltySentence(v, mine, owes, player, other);
      case "final":
        return mine ? ngettext("You draw {n} card before the round ends.", "You draw {n} cards before the round ends.", n)
          : ngettext("{player} draws {n} card before the round ends.", "{player} draws {n} cards before the round ends.",
            n, {player});
      default: return _("{player} owes {what}.", {player, what: `${owes.kind}${n ? ` (${n})` : ""}`});
    }
  }

  /** A penalty's draw in words: a challenge won or lost, a catch, or a plain penalty (the rule follows). */
  function penaltySentence(v, mine, owes, player, other) {
    const n = owes.cards;
    const them = {player: mine ? who(other) : player};
    if (owes.rule === "WD4-4") {  // the challenge is won: the Wild Draw 4's player draws
      return mine ? ngettext("{player} challenged the Wild Draw 4 and won: you draw {n} card.",
        "{player} challenged the Wild Draw 4 and won: you draw {n} cards.", n, them)
        : ngettext("You challenged the Wild Draw 4 and won: {player} draws {n} card.",
          "You challenged the Wild Draw 4 and won: {player} draws {n} cards.", n, them);
    }
    if (owes.rule === "WD4-5") {  // the challenge is lost: the challenger draws
      return mine ? ngettext("You challenged the Wild Draw 4 and lost: you draw {n} card.",
        "You challenged the Wild Draw 4 and lost: you draw {n} cards.", n)
        : ngettext("{player} challenged the Wild Draw 4 and lost: {player} draws {n} card.",
          "{player} challenged the Wild Draw 4 and lost: {player} draws {n} cards.", n, them);
    }
    if (owes.rule === "UNO-2") {  // a catch: the caught player draws
      return mine ? ngettext("{player} caught you not saying UNO: you draw {n} card as a penalty.",
        "{player} caught you not saying UNO: you draw {n} cards as a penalty.", n, them)
        : ngettext("You caught {player} not saying UNO: {player} draws {n} card as a penalty.",
          "You caught {player} not saying UNO: {player} draws {n} cards as a penalty.", n, them);
    }
    return mine ? ngettext("You draw {n} card as a penalty.", "You draw {n} cards as a penalty.", n)
      : ngettext("{player} draws {n} card as a penalty.", "{player} draws {n} cards as a penalty.", n, them);
  }

  function promptWords(v) {
    return parts(promptSentence(v));
  }

  function promptSentence(v) {
    const mine = v.to_act === v.you;
    if (v.over) {
      if (!v.winner) return _("The game is over.");
      return v.winner === v.you ? _("The game is over: you win.") : _("The game is over: {player} wins.", {player: who(v.winner)});
    }
    const lastPlay = [...(v.history || [])].reverse().find((e) => e.type === "play");
    if (v.phase === "draft") {
      if (mine && v.drawn) return _("Draft, round {round}: you drew {card}. Keep it or pass it.", {round: v.round, card: cardName(v.drawn)});
      return _("Draft, round {round}: {player} is drafting.", {round: v.round, player: who(v.to_act)});
    }
    if (v.phase === "colour") {
      return mine ? _("The turned-up card is {card}: choose the colour to play.", {card: cardName(v.top)})
        : _("{player} chooses the colour of the turned-up {card}.", {player: who(v.to_act), card: cardName(v.top)});
    }
    if (v.owes) return owedSentence(v, mine, lastPlay);
    if (mine && v.drawn) {
      return v.legal.some((e) => e.type === "play") ? _("You drew {card}: play it or keep it.", {card: cardName(v.drawn)})
        : _("You drew {card}: it cannot be played now, keep it.", {card: cardName(v.drawn)});
    }
    if (mine) {
      const plays = v.legal.some((e) => e.type === "play" || e.type === "dump");
      return plays ? _("Your turn: play a highlighted card, or draw.") : _("Your turn: none of your cards can be played now.");
    }
    return v.to_act ? _("{player}'s turn. Waiting for {waiting}…", {player: who(v.to_act), waiting: who(v.to_act)})
      : _("Waiting…");
  }

  /** The interjections open to the player now, told after the prompt (they change no one's turn). */
  function interjectionWords(v) {
    const other = otherOf(v, v.you);
    const words = [];
    if (v.interjections.some((e) => e.type === "catch")) {
      words.push(" ", ...parts(_("{player} did not say UNO: you may catch {them}.", {player: who(other), them: who(other)})));
    }
    if (v.interjections.some((e) => e.type === "uno")) words.push(" ", _("You hold one card and did not say UNO: say it now."));
    return words;
  }
  // -- drawing the table ----------------------------------------------------------------------------

  /** Draw the view; true when the round's history is not all here yet (the caller asks for the rest). */
  function show(page) {
    const previous = view;
    const more = keepHistory(page);
    const v = {...page, history: log.entries};  // the words below read the round's whole history
    const other = otherOf(v, v.you);
    if (seat && (seat.you !== v.you || seat.opponent !== other)) {
      // A seat from a link learns its names from the table: kept for the list of games.
      if (seat.you !== v.you) dropSeat(seat.table, seat.you);
      seat = keepSeat(seat.table, v.you, {...seat, opponent: other});
    }
    if (previous !== null && v.last_round && v.last_round.round === previous.round && v.round !== previous.round) {
      showRoundEnd(v, v.last_round);  // the round just ended: its hands and points before the next round
    } else if (previous !== null && v.round !== previous.round && !v.over) {
      showNotice(_("Round {round} is over. Round {next} begins with the draft.", {round: previous.round, next: v.round}));
    }
    greet(v, previous);
    view = v;
    $("table-title").replaceChildren(...parts(_("{player} against {opponent}", {player: who(v.you), opponent: who(other)})));
    drawScores(v);
    $("prompt").replaceChildren(...promptWords(v), ...interjectionWords(v));
    $("prompt").classList.toggle("your-move", v.to_act === v.you && !v.over);
    drawOwedRule(v);
    drawOpponent(v, other);
    drawMiddle(v);
    drawHand(v);
    drawActions(v);
    drawHistory(v, previous === null);
    if (v.over) finish(v);
    keepUnplayable(v);
    return more;
  }

  /** The friend game's words: the guest's welcome on sitting down, the host's word when the friend joins. */
  function greet(v, previous) {
    if (!seat) return;
    const other = otherOf(v, v.you);
    if (seat.welcome && previous === null) {
      showNotice(el("strong", {}, ...parts(_("Welcome, {player}!", {player: who(v.you)}))), " ",
        ...parts(_("{player} invited you to this game of UNO DUO. The referee deals and keeps the hidden cards: you see your own hand only.",
          {player: who(other)})));
      seat = keepSeat(seat.table, seat.you, {welcome: false});
    }
    if (seat.share && friendJoined(v, seat.invited || other)) {
      seat = keepSeat(seat.table, seat.you, {share: null});
      showShare();
      showNotice(...parts(_("{player} has joined the table.", {player: who(seat.invited || other)})));
    }
  }

  /** Whether the invited friend has taken their seat: the view's ``awaiting`` (the invited seats no guest has
   *  taken yet) says so when the service gives it; else the friend has joined once they have made a move. */
  function friendJoined(v, friend) {
    if (Array.isArray(v.awaiting)) return !v.awaiting.includes(friend);
    return (v.history || []).some((e) => e.player === friend);
  }

  /** How the game is won: the view's ``goal`` (the table's rules), else what the page set the table with. */
  function goalOf(v) {
    return v.goal || (seat && seat.rules) || null;
  }

  function drawScores(v) {
    const rules = goalOf(v);
    $("scoreline").replaceChildren(_("Round {round} · Scores: ", {round: v.round}),
      ...v.players.flatMap((p, i) => [i ? _(", ") : "", el("strong", {}, who(p), ` ${v.scores[p]}`)]));
    $("winning").textContent = rules ? winningWords(rules) : "";
    $("winning").hidden = !rules;
  }

  /** The rule behind what is owed (a penalty, a challenge's outcome, a final draw): its words and its link. */
  function drawOwedRule(v) {
    const rule = v.owes && v.owes.rule;
    $("owed-rule").hidden = !rule;
    $("owed-rule").replaceChildren(...(rule ? [ruleRef(rule)] : []));
  }

  function unoWords(state) {
    const standing = {declared: _("UNO said"), catchable: _("one card, UNO not said")}[state];
    return standing ? ` · ${standing}` : "";
  }

  function drawOpponent(v, other) {
    const n = v.hand_sizes ? v.hand_sizes[other] : 0;
    // (Babel's extractor reads no call inside a template literal's ${}: the words are joined with +.)
    const bot = seat && seat.bot ? " " + _("(bot, {style})", {style: styleName(seat.bot)}) : "";
    $("opponent-name").replaceChildren(who(other), bot,
      v.to_act === other ? el("span", {class: "turn-mark", text: " ▶ " + _("To act")}) : "");
    $("opponent").classList.toggle("to-act", v.to_act === other);
    $("opponent-meta").textContent = ngettext("{n} card, face down", "{n} cards, face down", n) + unoWords(v.uno && v.uno[other]);
    const shownBacks = Math.min(n, 20);
    $("opponent-hand").replaceChildren(...Array.from({length: shownBacks}, () => el("span", {class: "back"})));
  }

  function drawMiddle(v) {
    $("top-card").replaceChildren(v.top ? card(v.top, true) : el("p", {class: "meta", text: _("empty")}));
    $("discard-meta").textContent = cardCount(v.discard_pile || 0);
    $("colour").replaceChildren(...(v.color ? [el("span", {class: `swatch swatch-${v.color}`, "aria-hidden": "true"}), ` ${colour(v.color)}`]
      : [v.phase === "draft" ? _("none yet (draft)") : "—"]));
    $("colour").classList.toggle("has-colour", Boolean(v.color));
    const draw = v.legal.find((e) => e.type === "draw");
    const pile = el(draw ? "button" : "div", {class: `back big-back${draw ? " can-draw" : ""}`, type: draw ? "button" : null,
      "aria-label": draw ? ngettext("Draw from the draw pile ({n} card)", "Draw from the draw pile ({n} cards)", v.draw_pile) : null},
    el("span", {class: "pile-count", text: String(v.draw_pile)}));
    if (draw) pile.addEventListener("click", () => decide(draw));
    $("draw-pile").replaceChildren(pile, el("p", {class: "meta", text: cardCount(v.draw_pile)}));
    const drawn = v.drawn && (v.phase === "draft" || v.phase === "play");
    $("drawn").hidden = !drawn;
    $("drawn").querySelector("h3").textContent = v.phase === "draft" ? _("You drew (draft)") : _("You just drew");
    $("drawn-card").replaceChildren(drawn ? card(v.drawn, true) : "");
  }

  function cardOptions(v, code) {
    return v.legal.filter((e) => e.type === "play" && e.card === code);
  }

  function drawHand(v) {
    const hand = sorted(v.hand || []);
    const mine = v.to_act === v.you;
    const trying = v.phase === "play" && !v.over;  // a card may be tried whenever cards are played
    const focused = document.activeElement && $("hand").contains(document.activeElement)
      ? Array.from($("hand").children).indexOf(document.activeElement) : -1;
    $("mine").classList.toggle("to-act", mine && !v.over);
    $("mine-title").replaceChildren(...parts(_("Your hand ({player})", {player: who(v.you)})));
    $("mine-meta").textContent = `${cardCount(hand.length)}${unoWords(v.uno && v.uno[v.you])}`;
    $("hand").replaceChildren(...hand.map((code) => {
      const options = cardOptions(v, code);
      const button = card(code, true, "button");
      button.type = "button";
      button.classList.add("in-hand");
      if (code === v.drawn && v.phase === "play") button.classList.add("just-drawn");
      if (options.length) {
        button.classList.add("playable");
        button.setAttribute("aria-label", _("Play {card}", {card: cardName(code)}));
        button.addEventListener("click", () => playCard(code, options, button));
      } else if (trying) {
        button.classList.add("unplayable");
        button.setAttribute("aria-label", _("{card}, not playable now: try it to hear why", {card: cardName(code)}));
        button.addEventListener("click", () => tryCard(code));
      } else {
        button.setAttribute("aria-disabled", "true");
        button.setAttribute("aria-label", cardName(code));
      }
      return button;
    }));
    if (focused >= 0) {  // the hand was redrawn under the keyboard: keep it there
      const buttons = $("hand").children;
      if (buttons.length) buttons[Math.min(focused, buttons.length - 1)].focus({preventScroll: true});
    }
    const uno = v.legal.some((e) => e.uno);
    $("uno-line").hidden = !uno;
    if (!uno) $("say-uno").checked = false;
  }

  function optionWords(option) {
    if (option.color && option.type === "play") return colour(option.color);
    if (option.dump && option.dump.length) return _("{card} and lay {cards}", {card: cardName(option.card), cards: cards(option.dump)});
    if (option.type === "play") return _("{card} alone", {card: cardName(option.card)});
    return option.type;
  }

  function playCard(code, options, from) {
    if (options.length === 1) {
      decide(options[0]);
      return;
    }
    pending = {code, from};
    const wild = options.every((o) => o.color);
    $("choices-title").textContent = wild ? _("{card}: choose the colour to play", {card: cardName(code)})
      : _("{card}: how do you play it?", {card: cardName(code)});
    const buttons = options.map((option) => {
      const button = el("button", {type: "button", class: `choice${option.color ? ` choice-${option.color}` : ""}`},
        option.color ? el("span", {class: `swatch swatch-${option.color}`, "aria-hidden": "true"}) : null,
        ` ${optionWords(option)}`);
      button.addEventListener("click", () => decide(option));
      return button;
    });
    const cancel = el("button", {type: "button", class: "choice cancel"}, _("Cancel"));
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
    const other = otherOf(v, v.you);
    const drawn = {card: cardName(v.drawn)};
    if (option.decision === "keep") {
      return v.phase === "draft" ? [[_("Keep {card}", drawn)], "k"] : [[_("Keep {card} and end your turn", drawn)], "k"];
    }
    if (option.decision === "pass") return [[_("Pass {card}", drawn)], "p"];
    if (option.color && !option.type) return [[colour(option.color)], null];
    switch (option.type) {
      case "draw": return [[v.owes && v.owes.cards ? ngettext("Draw {n} card", "Draw {n} cards", v.owes.cards) : _("Draw a card")], "d"];
      case "challenge": return [[_("Challenge the Wild Draw 4")], "c"];
      case "dump": return [[_("Lay {cards}", {cards: cards(option.cards)})], null];
      case "uno": return [[_("Say UNO (late)")], "u"];
      case "catch": return [parts(_("Catch {player}: no UNO said!", {player: who(other)})), "c"];
      default: return [[JSON.stringify(option)], null];
    }
  }

  function drawActions(v) {
    const moves = [...v.legal.filter((e) => e.type !== "play"), ...v.interjections];
    $("actions").replaceChildren(...moves.map((option) => {
      const [words, key] = actionOf(option, v);
      const isColour = option.color && !option.type;
      const button = el("button", {type: "button", class: `action${isColour ? ` choice choice-${option.color}` : ""}`,
        "data-key": key, "aria-keyshortcuts": key ? key.toUpperCase() : null},
      isColour ? el("span", {class: `swatch swatch-${option.color}`, "aria-hidden": "true"}) : null,
      " ", ...words, key ? el("kbd", {text: key.toUpperCase()}) : null);
      button.addEventListener("click", () => decide(option));
      return button;
    }));
    // The draft's choice explained: what keeping and passing each do with the two top cards (DRAFT-3).
    const drafting = v.phase === "draft" && v.to_act === v.you && v.drawn;
    $("draft-help").hidden = !drafting;
    if (drafting) {
      const drawn = {card: cardName(v.drawn)};
      $("draft-help").replaceChildren(el("strong", {text: _("Keep")}), ": ",
        _("{card} joins your hand and the next card of the pile is discarded face up.", drawn), " ",
        el("strong", {text: _("Pass")}), ": ", _("{card} is discarded face up and you take the next card instead, unseen.", drawn),
        " ", ruleRef("DRAFT-3"));
    }
    if (!pending) return;
    const still = cardOptions(v, pending.code);
    if (!still.length) closeChoice();
  }

  // -- the last moves, the other player's shown one after the other -------------------------------

  function drawHistory(v, first) {
    if (shown > log.entries.length) shown = log.entries.length;
    // The page's own moves show at once; the other player's (a bot's replies, a friend's moves) one at a time.
    while (shown < log.entries.length && log.entries[shown].player === v.you) shown += 1;
    if (reducedMotion.matches || first) shown = log.entries.length;  // no pacing asked for, or nothing seen before
    renderMoves();
    if (shown < log.entries.length) {
      if (!revealing) revealing = setTimeout(revealNext, REVEAL_MS);
    } else {
      settled();
    }
  }

  function revealNext() {
    revealing = null;
    if (!view) return;
    shown = Math.min(shown + 1, log.entries.length);
    while (shown < log.entries.length && log.entries[shown].player === view.you) shown += 1;
    renderMoves(true);
    if (shown < log.entries.length) revealing = setTimeout(revealNext, REVEAL_MS);
    else settled();
  }

  /** Every move of the view is on show: the page now shows that view (the browser tests wait on it). */
  function settled() {
    if (view) root.dataset.seq = String(view.seq);
  }

  function renderMoves(fresh) {
    const v = view;
    const upto = log.entries.slice(0, shown);
    const latest = upto.slice(-8).map((entry, i, list) => {
      const index = upto.length - list.length + i;
      return el("li", {class: `${entry.player === v.you ? "by-you" : ""}${fresh && index === upto.length - 1 ? " fresh" : ""}`},
        ...moveWords(entry, index > 0 ? upto[index - 1] : null, v));
    }).reverse();
    $("moves").replaceChildren(...latest);
    $("moves").setAttribute("start", String(upto.length));
    const last = upto[upto.length - 1];
    $("last-move").hidden = !last || last.player === v.you;  // the other player's move, or the dealer's
    if (last && last.player !== v.you) {
      $("last-move").replaceChildren(...moveWords(last, upto.length > 1 ? upto[upto.length - 2] : null, v));
      $("last-move").dataset.entry = String(upto.length - 1);  // which entry of the round it tells
      $("last-move").classList.toggle("fresh", Boolean(fresh));
    }
  }

  // -- an unplayable card just drawn: kept for the player at once -----------------------------------

  /** After an ordinary draw the drawer is asked to play or keep; when the card the player has just drawn on this
   *  page cannot be played, the only answer is to keep it, and the page gives it without a click (the player
   *  is told). A draw made elsewhere (another device) leaves the Keep button to click. */
  function keepUnplayable(v) {
    if (!drew || v.over || v.phase !== "play" || v.to_act !== v.you || !v.drawn || v.owes) return;
    const keep = v.legal.find((e) => e.decision === "keep");
    const plays = v.legal.some((e) => e.type === "play" || e.type === "dump");
    if (!keep || plays || v.legal.length !== 1) return;
    const drawn = v.drawn;
    setTimeout(async () => {
      await decide(keep);
      showNotice(_("You drew {card}: it cannot be played now, so it joins your hand.", {card: cardName(drawn)}));
    }, 0);
  }

  // -- the round's end: both hands, each card's points, the totals --------------------------------------

  function roundTable(v, ended) {
    const rows = v.players.map((p) => {
      const hand = ended.hands[p] || [];
      const left = hand.length
        ? el("div", {class: "hand round-hand"}, ...hand.map((c) => el("span", {class: "scored"}, card(c.card, true),
          el("span", {class: "card-points", text: `${c.points}`}))))
        : el("p", {class: "meta", text: p === ended.out ? _("no card left: went out") : _("no card")});
      return el("tr", {},
        el("th", {scope: "row"}, ...(p === v.you ? parts(_("{player} (you)", {player: who(p)})) : [who(p)])),
        el("td", {}, left),
        el("td", {class: "num"}, `${ended.points[p]}`),
        el("td", {class: "num"}, `${ended.scores[p]}`));
    });
    return el("table", {class: "round-scores"},
      el("thead", {}, el("tr", {}, el("th", {scope: "col", text: _("Player")}),
        el("th", {scope: "col", text: _("Cards left (points each)")}),
        el("th", {scope: "col", text: _("Points this round")}), el("th", {scope: "col", text: _("Total")}))),
      el("tbody", {}, ...rows));
  }

  function roundEndWords(v, ended) {
    const out = ended.out === v.you ? _("You went out.") : _("{player} went out.", {player: who(ended.out)});
    return [el("strong", {}, ...parts(out)), " ", winningWords(goalOf(v))];
  }

  function showRoundEnd(v, ended) {
    roundEnd = ended;
    $("round-end-title").textContent = _("Round {round} is over", {round: ended.round});
    $("round-end-words").replaceChildren(...roundEndWords(v, ended));
    $("round-end-table").replaceChildren(roundTable(v, ended));
    $("round-end").hidden = false;
    $("board").hidden = true;
    $("next-round").textContent = _("On to round {round}", {round: v.round});
    $("next-round").focus({preventScroll: true});
  }

  $("next-round").addEventListener("click", () => {
    roundEnd = null;
    $("round-end").hidden = true;
    $("board").hidden = false;
    focusHand(true);
  });

  // -- the end of the game: the record, to download or to replay ------------------------------------

  async function finish(v) {
    stopPolling();
    $("over").hidden = false;
    $("round-end").hidden = true;
    $("board").hidden = false;
    const low = v.winner && v.players.every((p) => p === v.winner || v.scores[p] > v.scores[v.winner]);
    const winner = {player: who(v.winner || "")};
    const scores = el("span", {class: "final-scores"},
      ...v.players.flatMap((p, i) => [i ? _(", ") : "", who(p), ` ${v.scores[p]}`]));
    $("over-words").replaceChildren(
      v.winner ? el("strong", {}, ...parts(low ? _("{player} wins with the lowest score.", winner) : _("{player} wins.", winner))) : "",
      v.winner ? " " : "", ...parts(_("Final scores: {scores}.", {scores})));
    $("over-round").replaceChildren(...(v.last_round ? [el("h3", {text: _("Round {round}, the last", {round: v.last_round.round})}),
      el("p", {}, ...roundEndWords(v, v.last_round)), roundTable(v, v.last_round)] : []));
    $("actions").replaceChildren();
    if (record) return;
    const current = seat;
    const answer = await call("GET", `${tablePath(current.table)}/log`, {token: current.token}).catch(() => null);
    if (!answer || !answer.ok || seat !== current) {
      $("over-words").append(" ", _("The record could not be fetched."));
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
    if (button && $("round-end").hidden) {
      event.preventDefault();
      button.click();
    }
  });

  // -- on arrival: an invitation, a seat from a link, a table to continue, or the choice of a game -----

  async function arrive() {
    const params = new URLSearchParams(location.hash.slice(1));
    const table = params.get("table");
    const code = params.get("invite");
    const token = params.get("token");
    if (table && code) {
      history.replaceState(null, "", `#table=${encodeURIComponent(table)}`);  // the code leaves the address bar
      const held = seatsAt(table);
      if (held.length) askAboutInvitation(table, code, held);
      else await join(table, code);
      return;
    }
    if (table && token) {
      // A platform's link with a seat's token: the table names the seat; the token leaves the address bar.
      history.replaceState(null, "", `#table=${encodeURIComponent(table)}`);
      const answer = await call("GET", tablePath(table), {token}).catch(() => null);
      if (!answer || answer.status !== 200 || !answer.body || !answer.body.you) {
        showSetup(_("The referee did not accept the seat this link holds."));
        return;
      }
      keepSeat(table, answer.body.you, {token, opponent: otherOf(answer.body, answer.body.you), started: Date.now()});
      open(table, answer.body.you);
      return;
    }
    if (table) {
      open(table, params.get("seat") ?? undefined);
      return;
    }
    showSetup("");
  }

  window.addEventListener("hashchange", arrive);
  loadStyles();
  loadVariants();
  arrive();
})();
