// The replay viewer. It draws what POST /v1/replays answers and decides nothing about the game: every
// position, the player to act, the scores and the violation come from the referee; every card's name,
// colour and sign from the answer's "cards".
"use strict";

(function () {
  const root = document.getElementById("replay");
  if (!root) return;
  const api = root.dataset.api;
  const examplesApi = root.dataset.examples;
  const $ = (id) => document.getElementById(id);
  let game = null;   // the last answer: {verdict, steps, cards}
  let at = 0;        // the step shown

  const {el, who, card, name: cardName} = window.UnoCards;  // cards.js: cards drawn as every page draws them
  const {_, ngettext, colour, parts} = window.UnoWords;  // words.js: the page's words in its language

  // -- loading a log --------------------------------------------------------------------------------

  function say(message, kind) {
    const status = $("status");
    status.replaceChildren();
    if (!message) return;
    status.className = kind || "";
    if (Array.isArray(message)) status.append(...message);
    else status.textContent = message;
  }

  async function replay(text) {
    let documentJson;
    try {
      documentJson = JSON.parse(text);
    } catch (error) {
      say(_("That is not JSON: {error}", {error: error.message}), "error");
      return;
    }
    say(_("Replaying…"));
    let response;
    try {
      response = await fetch(api, {method: "POST", headers: {"Content-Type": "application/json",
        "Accept": "application/json", "Accept-Language": window.UnoWords.lang}, body: JSON.stringify(documentJson)});
    } catch (error) {
      say(_("The referee could not be reached: {error}", {error: error.message}), "error");
      return;
    }
    const body = await response.json().catch(() => null);
    if (!response.ok || !body || !body.steps) {
      const problems = (body && body.errors) || [];
      const list = el("ul", {}, ...problems.map((p) => el("li", {}, el("code", {text: p.pointer || "/"}), ` ${p.detail}`)));
      say([el("strong", {text: (body && body.title) || _("Error {status}", {status: response.status})}), ` ${(body && body.detail) || ""}`,
        problems.length ? list : null], "error");
      return;
    }
    game = body;
    window.UnoCards.use(game.cards);
    say("");
    $("viewer").hidden = false;
    drawVerdict();
    drawStepList();
    $("scrub").max = String(game.steps.length - 1);
    show(0);
    $("viewer").scrollIntoView({block: "start"});
    $("next").focus({preventScroll: true});
  }

  async function openExample(name) {
    say(_("Opening {name}…", {name}));
    const response = await fetch(`${examplesApi}/${encodeURIComponent(name)}`, {headers: {"Accept": "application/json"}});
    if (!response.ok) {
      say(_("No example {name}.", {name}), "error");
      return;
    }
    const text = JSON.stringify(await response.json(), null, 1);
    $("log-text").value = text;
    await replay(text);
  }

  // -- drawing --------------------------------------------------------------------------------------

  function violationIndex() {
    return game.steps.findIndex((s) => s.violation);
  }

  function drawVerdict() {
    const v = game.verdict;
    const box = $("verdict");
    box.replaceChildren();
    const scores = el("span", {}, ...Object.entries(v.scores).flatMap(([n, s], i) => [i ? _(", ") : "", who(n), ` ${s}`]));
    if (v.violation) {
      box.className = "verdict illegal";
      box.append(el("p", {}, el("strong", {text: _("Illegal.")}), " ",
        `${v.violation.message} `, ...parts(_("{rule} at {pointer}.", {rule: el("span", {class: "rule-id", text: v.violation.rule}),
          pointer: el("code", {text: v.violation.pointer})})), " ",
        el("a", {href: v.violation.rule_url, class: "rule-link", text: _("Read rule {rule} in the rulebook", {rule: v.violation.rule})})));
      $("to-violation").hidden = false;
    } else {
      box.className = "verdict legal";
      const state = v.complete ? _("The game is complete: {player} wins. Scores: {scores}.", {player: who(v.winner), scores})
        : _("The game is unfinished. Scores: {scores}.", {scores});
      box.append(el("p", {}, el("strong", {text: _("Legal.")}), " ", ...parts(state)));
      $("to-violation").hidden = true;
    }
  }

  /** A step in words, each player's name in <bdi> (a list of strings and elements; empty when none). */
  function words(step) {
    const e = step.entry;
    if (e === null || typeof e !== "object") return [];
    return parts(sentence(step, e));
  }

  function sentence(step, e) {
    const player = who(e.player);
    const cards = (list) => (list || []).map(cardName).join(_(", "));
    switch (step.kind) {
      case "cut":
        return [_("The cut:"), " ", ...Object.entries(e).flatMap(([name, c], i) => [i ? _(", ") : "",
          ...parts(_("{player} cuts {card}", {player: who(name), card: cardName(c)}))])];
      case "pick": {
        const slots = {player, card: cardName(e.drew), next: cardName(e.next)};
        return e.decision === "keep" ? _("{player} draws {card} and keeps it", slots)
          : _("{player} draws {card} and passes it, keeping {next}", slots);
      }
      case "setup":
        return _("The round starts from a stated position.");
      case "turn_up":
        return _("The top card of the draw pile is turned up: {card}", {card: cardName(e)});
      case "event": {
        // TRANSLATORS: added to a move made with a player's last but one card, when the player says UNO with it.
        const said = e.uno ? _(", saying UNO") : "";
        switch (e.type) {
          case "play": {
            const slots = {player, card: cardName(e.card), colour: colour(e.color)};
            const played = e.color ? _("{player} plays {card} and chooses {colour}", slots) : _("{player} plays {card}", slots);
            // TRANSLATORS: added to "{player} plays {card}" when the player lays the rest of a Reverse's colour with it.
            const laid = e.dump && e.dump.length ? _(", then lays {cards}", {cards: cards(e.dump)}) : "";
            return [...parts(played), laid, said];
          }
          case "dump": return [...parts(_("{player} lays {cards}", {player, cards: cards(e.cards)})), said];
          case "draw": return e.cards ? _("{player} draws {cards}", {player, cards: cards(e.cards)})
            : _("{player} draws from the pile", {player});
          case "challenge": return _("{player} challenges the Wild Draw 4", {player});
          case "uno": return _("{player} says UNO", {player});
          case "catch": {
            const caught = Object.keys(step.scores || {}).find((n) => n !== e.player);
            return caught ? _("{player} catches {other} not saying UNO", {player, other: who(caught)})
              : _("{player} catches the opponent not saying UNO", {player});
          }
          default: return [player, `: ${e.type}`];
        }
      }
      case "round_result": return _("The round's result, as the log claims it");
      case "game_result": return _("The game's result, as the log claims it");
      default: return [];
    }
  }

  const KIND_LABEL = {cut: _("Cut"), pick: _("Draft pick"), setup: _("Set-up"), turn_up: _("Turned-up card"),
    event: _("Event"), round_result: _("Round result"), game_result: _("Game result"), other: _("Entry")};

  const OWES = {volley: _("a Draw 2 total: answer with a Draw 2, or draw"), wild_draw_4: _("a Wild Draw 4: draw, or challenge"),
    turned_up: _("the turned-up card's draw"), penalty: _("a penalty draw"), final: _("the draw for the last card")};

  function drawStepList() {
    const list = $("step-list");
    list.replaceChildren(...game.steps.map((step, i) => {
      // (Babel's extractor reads no call inside a template literal's ${}: the words are joined with +.)
      const mark = step.violation ? el("span", {class: "badge badge-failed", text: "✗ " + _("breaks {rule}", {rule: step.violation.rule})}) : null;
      const button = el("button", {type: "button", class: "step-link", "data-step": String(i)},
        el("code", {text: step.pointer}), " ", ...(words(step).length ? words(step) : [KIND_LABEL[step.kind]]), " ", mark);
      button.addEventListener("click", () => show(i));
      return el("li", {class: step.violation ? "broken" : ""}, button);
    }));
  }

  function show(index) {
    if (!game) return;
    at = Math.max(0, Math.min(index, game.steps.length - 1));
    const step = game.steps[at];
    $("counter").textContent = _("Step {step} of {steps}", {step: at + 1, steps: game.steps.length});
    $("scrub").value = String(at);
    $("first").disabled = $("prev").disabled = at === 0;
    $("next").disabled = $("last").disabled = at === game.steps.length - 1;
    $("entry-kind").textContent = KIND_LABEL[step.kind] || KIND_LABEL.other;
    $("entry-pointer").textContent = step.pointer;
    $("entry-words").replaceChildren(...words(step));
    $("entry-json").textContent = JSON.stringify(step.entry, null, 1);
    const broken = $("entry-violation");
    $("entry").classList.toggle("is-violation", Boolean(step.violation));
    if (step.violation) {
      broken.hidden = false;
      broken.replaceChildren(el("p", {}, el("strong", {text: _("This entry breaks a rule:")}), " ",
          el("span", {class: "rule-id", text: step.violation.rule}), ` ${step.violation.message}`),
        el("p", {}, el("a", {href: step.violation.rule_url, class: "rule-link", text: _("Rule {rule} in the rulebook", {rule: step.violation.rule})}),
          " · ", _("The table shows the position just before it.")));
    } else {
      broken.hidden = true;
      broken.replaceChildren();
    }
    drawTable(step);
    const list = $("step-list");
    for (const item of list.querySelectorAll("button.step-link")) {
      const current = Number(item.dataset.step) === at;
      item.classList.toggle("current", current);
      if (current) {
        item.setAttribute("aria-current", "step");
        // Scroll the list only, never the page: the table stays where the reader is looking.
        const top = item.offsetTop;
        if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
          list.scrollTop = Math.max(0, top - list.clientHeight / 2);
        }
      } else {
        item.removeAttribute("aria-current");
      }
    }
  }

  function drawTable(step) {
    const p = step.position;
    const players = $("players");
    const centre = $("centre");
    players.replaceChildren();
    centre.replaceChildren();
    const names = Object.keys(step.scores);
    for (const name of names) {
      const hand = p ? p.hands[name] : [];
      const toAct = step.to_act === name;
      const standing = p ? {declared: _("UNO said"), catchable: _("one card, UNO not said")}[p.uno[name]] || p.uno[name] : "";
      const uno = p && p.uno[name] !== "none" ? ` · UNO: ${standing}` : "";
      players.append(el("section", {class: `player${toAct ? " to-act" : ""}`, "data-player": name, "aria-label": _("{player}'s hand", {player: name})},
        el("h3", {}, who(name), toAct ? el("span", {class: "turn-mark", text: " ▶ " + _("To act")}) : null),
        el("p", {class: "meta", text: ngettext("{n} card", "{n} cards", hand.length) + " · " +
          _("score {score}", {score: step.scores[name]}) + uno}),
        el("div", {class: "hand"}, ...window.UnoCards.sorted(hand).map((c) => card(c, true)))));
    }
    if (!p) {
      centre.append(el("p", {text: step.kind === "cut" ? _("No cards are dealt yet: the players cut for who drafts first.") :
        _("The referee reports no position here.")}));
      return;
    }
    const facts = el("dl", {class: "facts"});
    const fact = (term, ...value) => facts.append(el("div", {}, el("dt", {text: term}), el("dd", {}, ...value)));
    const PHASE = {cut: _("cut"), deal: _("deal"), draft: _("draft"), turn_up: _("draft over"), play: _("play"),
      over: _("over")};
    fact(_("Round"), `${p.round} (${PHASE[p.phase] || p.phase})`);
    fact(_("Discard pile"), p.top ? card(p.top, true) : _("empty"), " " + ngettext("{n} card", "{n} cards", p.discard_pile));
    if (p.color) fact(_("Colour to play"), el("span", {class: `swatch swatch-${p.color}`, "aria-hidden": "true"}), ` ${colour(p.color)}`);
    fact(_("Draw pile"), ngettext("{n} card", "{n} cards", p.draw_pile));
    fact(_("To act"), step.to_act ? who(step.to_act) : (p.phase === "over" ? _("nobody: the round is over") : "—"));
    const owed = p.owes ? (OWES[p.owes.kind] || p.owes.kind) + (p.owes.cards ? " (" + ngettext("{n} card", "{n} cards", p.owes.cards) + ")" : "") +
      `${p.owes.rule ? `, ${p.owes.rule}` : ""}` : "";
    fact(_("Owed"), ...(p.owes ? (step.to_act ? parts(_("{player} owes {what}", {player: who(step.to_act), what: owed}))
      : [_("owed: {what}", {what: owed})]) : [_("nothing")]));
    fact(_("Scores"), ...names.flatMap((n, i) => [i ? _(", ") : "", who(n), ` ${step.scores[n]}`]));
    centre.append(facts);
  }

  // -- wiring ---------------------------------------------------------------------------------------

  $("log-form").addEventListener("submit", (event) => {
    event.preventDefault();
    replay($("log-text").value);
  });
  $("log-file").addEventListener("change", async () => {
    const file = $("log-file").files[0];
    if (!file) return;
    const text = await file.text();
    $("log-text").value = text;
    await replay(text);
  });
  for (const link of document.querySelectorAll("#example-list a[data-example]")) {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      history.replaceState(null, "", link.href);
      openExample(link.dataset.example);
    });
  }
  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(at - 1));
  $("next").addEventListener("click", () => show(at + 1));
  $("last").addEventListener("click", () => show(game.steps.length - 1));
  $("to-violation").addEventListener("click", () => show(violationIndex()));
  $("scrub").addEventListener("input", () => show(Number($("scrub").value)));
  document.addEventListener("keydown", (event) => {
    if (!game || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target && (target.tagName === "TEXTAREA" || (target.tagName === "INPUT" && target.type !== "range"))) return;
    const moves = {ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: game.steps.length - 1};
    if (event.key in moves) {
      event.preventDefault();
      show(moves[event.key]);
    }
  });

  const wanted = new URLSearchParams(window.location.search).get("example");
  if (wanted) openExample(wanted);
  // The play page hands over a finished game's record in this tab's sessionStorage (never in the URL).
  const handed = window.location.hash === "#from-play" && sessionStorage.getItem("uno-duo-replay");
  if (handed) {
    $("log-text").value = handed;
    replay(handed);
  }
})();
