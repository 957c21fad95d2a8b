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
      say(`That is not JSON: ${error.message}`, "error");
      return;
    }
    say("Replaying…");
    let response;
    try {
      response = await fetch(api, {method: "POST", headers: {"Content-Type": "application/json",
        "Accept": "application/json"}, body: JSON.stringify(documentJson)});
    } catch (error) {
      say(`The referee could not be reached: ${error.message}`, "error");
      return;
    }
    const body = await response.json().catch(() => null);
    if (!response.ok || !body || !body.steps) {
      const problems = (body && body.errors) || [];
      const list = el("ul", {}, ...problems.map((p) => el("li", {}, el("code", {text: p.pointer || "/"}), ` ${p.detail}`)));
      say([el("strong", {text: (body && body.title) || `Error ${response.status}`}), ` ${(body && body.detail) || ""}`,
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
    say(`Opening ${name}…`);
    const response = await fetch(`${examplesApi}/${encodeURIComponent(name)}`, {headers: {"Accept": "application/json"}});
    if (!response.ok) {
      say(`No example ${name}.`, "error");
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
    const scores = Object.entries(v.scores).flatMap(([n, s], i) => [i ? ", " : "", who(n), ` ${s}`]);
    if (v.violation) {
      box.className = "verdict illegal";
      box.append(el("p", {}, el("strong", {text: "Illegal. "}),
        `${v.violation.message} `, el("span", {class: "rule-id", text: v.violation.rule}), " at ",
        el("code", {text: v.violation.pointer}), ". ",
        el("a", {href: v.violation.rule_url, class: "rule-link", text: `Read rule ${v.violation.rule} in the rulebook`})));
      $("to-violation").hidden = false;
    } else {
      box.className = "verdict legal";
      const state = v.complete ? ["complete: ", who(v.winner), " wins"] : ["unfinished"];
      box.append(el("p", {}, el("strong", {text: "Legal. "}), "The game is ", ...state, ". Scores: ", ...scores, "."));
      $("to-violation").hidden = true;
    }
  }

  /** A step in words, each player's name in <bdi> (a list of strings and elements; empty when none). */
  function words(step) {
    const e = step.entry;
    if (e === null || typeof e !== "object") return [];
    const by = who(e.player);
    switch (step.kind) {
      case "cut":
        return ["The cut: ", ...Object.entries(e).flatMap(([name, c], i) => [i ? ", " : "", who(name), ` cuts ${cardName(c)}`])];
      case "pick":
        return [by, ` draws ${cardName(e.drew)} and ${e.decision === "keep" ? "keeps it" : "passes it, keeping " + cardName(e.next)}`];
      case "setup":
        return ["The round starts from a stated position."];
      case "turn_up":
        return [`The top card of the draw pile is turned up: ${cardName(e)}`];
      case "event": {
        const cards = (list) => (list || []).map(cardName).join(", ");
        const said = e.uno ? ", saying UNO" : "";
        switch (e.type) {
          case "play":
            return [by, ` plays ${cardName(e.card)}${e.color ? ` and chooses ${e.color}` : ""}` +
              `${e.dump && e.dump.length ? `, then lays ${cards(e.dump)}` : ""}${said}`];
          case "dump": return [by, ` lays ${cards(e.cards)}${said}`];
          case "draw": return [by, ` draws ${e.cards ? cards(e.cards) : "from the pile"}`];
          case "challenge": return [by, " challenges the Wild Draw 4"];
          case "uno": return [by, " says UNO"];
          case "catch": {
            const caught = Object.keys(step.scores || {}).find((n) => n !== e.player);
            return [by, " catches ", caught ? who(caught) : "the opponent", " not saying UNO"];
          }
          default: return [by, `: ${e.type}`];
        }
      }
      case "round_result": return ["The round's result, as the log claims it"];
      case "game_result": return ["The game's result, as the log claims it"];
      default: return [];
    }
  }

  const KIND_LABEL = {cut: "Cut", pick: "Draft pick", setup: "Set-up", turn_up: "Turned-up card", event: "Event",
    round_result: "Round result", game_result: "Game result", other: "Entry"};

  const OWES = {volley: "a Draw 2 total: answer with a Draw 2, or draw", wild_draw_4: "a Wild Draw 4: draw, or challenge",
    turned_up: "the turned-up card's draw", penalty: "a penalty draw", final: "the draw for the last card"};

  function drawStepList() {
    const list = $("step-list");
    list.replaceChildren(...game.steps.map((step, i) => {
      const mark = step.violation ? el("span", {class: "badge badge-failed", text: `✗ breaks ${step.violation.rule}`}) : null;
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
    $("counter").textContent = `Step ${at + 1} of ${game.steps.length}`;
    $("scrub").value = String(at);
    $("first").disabled = $("prev").disabled = at === 0;
    $("next").disabled = $("last").disabled = at === game.steps.length - 1;
    $("entry-kind").textContent = KIND_LABEL[step.kind] || "Entry";
    $("entry-pointer").textContent = step.pointer;
    $("entry-words").replaceChildren(...words(step));
    $("entry-json").textContent = JSON.stringify(step.entry, null, 1);
    const broken = $("entry-violation");
    $("entry").classList.toggle("is-violation", Boolean(step.violation));
    if (step.violation) {
      broken.hidden = false;
      broken.replaceChildren(el("p", {}, el("strong", {text: "This entry breaks a rule: "}),
          el("span", {class: "rule-id", text: step.violation.rule}), ` ${step.violation.message}`),
        el("p", {}, el("a", {href: step.violation.rule_url, class: "rule-link", text: `Rule ${step.violation.rule} in the rulebook`}),
          " · The table shows the position just before it."));
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
      const uno = p && p.uno[name] !== "none" ? ` · UNO: ${p.uno[name]}` : "";
      players.append(el("section", {class: `player${toAct ? " to-act" : ""}`, "data-player": name, "aria-label": `${name}'s hand`},
        el("h3", {}, who(name), toAct ? el("span", {class: "turn-mark", text: " ▶ to act"}) : null),
        el("p", {class: "meta", text: `${hand.length} ${hand.length === 1 ? "card" : "cards"} · score ${step.scores[name]}${uno}`}),
        el("div", {class: "hand"}, ...window.UnoCards.sorted(hand).map((c) => card(c, true)))));
    }
    if (!p) {
      centre.append(el("p", {text: step.kind === "cut" ? "No cards are dealt yet: the players cut for who drafts first." :
        "The referee reports no position here."}));
      return;
    }
    const facts = el("dl", {class: "facts"});
    const fact = (term, ...value) => facts.append(el("div", {}, el("dt", {text: term}), el("dd", {}, ...value)));
    fact("Round", `${p.round} (${p.phase === "turn_up" ? "draft over" : p.phase})`);
    fact("Discard pile", p.top ? card(p.top, true) : "empty", ` ${p.discard_pile} ${p.discard_pile === 1 ? "card" : "cards"}`);
    if (p.color) fact("Colour to play", el("span", {class: `swatch swatch-${p.color}`, "aria-hidden": "true"}), ` ${p.color}`);
    fact("Draw pile", `${p.draw_pile} ${p.draw_pile === 1 ? "card" : "cards"}`);
    fact("To act", step.to_act ? who(step.to_act) : (p.phase === "over" ? "nobody: the round is over" : "—"));
    fact("Owed", ...(p.owes ? [step.to_act ? who(step.to_act) : "", ` owes ${OWES[p.owes.kind] || p.owes.kind}` +
      `${p.owes.cards ? ` (${p.owes.cards} cards)` : ""}${p.owes.rule ? `, ${p.owes.rule}` : ""}`] : ["nothing"]));
    fact("Scores", ...names.flatMap((n, i) => [i ? ", " : "", who(n), ` ${step.scores[n]}`]));
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
