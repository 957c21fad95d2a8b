// What the replay viewer and the play page share: making elements, drawing a card as the rulebook draws it
// (a coloured face with its sign, and its name as text, so colour is never the only signal) and sorting a
// hand. Every card's name, colour, sign and place in a sorted hand come from the service ("card faces":
// POST /v1/replays answers them, the play page has them in its HTML); nothing here knows a card by itself.
"use strict";

window.UnoCards = (function () {
  let faces = {};

  /** Use these faces (code -> {name, colour, symbol, order}) from now on. */
  function use(cardFaces) {
    faces = cardFaces || {};
  }

  /** The faces given in the page's <script type="application/json" id="card-faces">, if it has one. */
  function fromPage() {
    const block = document.getElementById("card-faces");
    if (block) use(JSON.parse(block.textContent));
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value);
    }
    for (const child of children) {
      if (child !== null && child !== undefined) node.append(child);
    }
    return node;
  }

  function face(code) {
    return faces[code] || {name: String(code), colour: "unknown", symbol: "?", order: Infinity};
  }

  /** A player's name as a page shows it: isolated in <bdi>, so that a name written right to left (or holding
   *  a bidirectional control) never turns the words around it. */
  function who(text) {
    return el("bdi", {class: "name", text: String(text ?? "")});
  }

  /** The card's name in words ("red 7"). */
  function name(code) {
    return face(code).name;
  }

  /** A card drawn as a card; ``tag`` "button" makes it one (the play page's hand). */
  function card(code, big, tag) {
    const f = face(code);
    return el(tag || "span", {class: `card card-${f.colour}${big ? " big" : ""}`, title: f.name, "data-card": code},
      el("span", {class: "card-sym", "aria-hidden": "true", text: f.symbol}),
      el("span", {class: "card-name", text: f.name}));
  }

  /** The codes sorted by colour and value (a new array; the order the service gives each face). */
  function sorted(codes) {
    return [...codes].sort((a, b) => face(a).order - face(b).order);
  }

  return {use, fromPage, el, who, face, name, card, sorted};
})();
