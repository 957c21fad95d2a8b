// The page's words in the language the server chose: the service renders, into the page, the translations
// of the messages the page's scripts say (<script type="application/json" id="page-words">: {lang, plural,
// messages, colours}; referee/i18n/pages.py). A message is its English, with {slots}; the slots are
// filled after translation, with text or with elements (a player's name in <bdi>, a card). A count's form is
// chosen by the catalog's own plural rule (its gettext Plural-Forms expression, evaluated here): Scottish
// Gaelic's four forms as Babel's catalogs have them. Babel extracts ``_`` and ``ngettext`` calls from the
// scripts (babel.cfg), so a message here is a message of the catalogs.
"use strict";

window.UnoWords = (function () {
  const block = document.getElementById("page-words");
  const data = block ? JSON.parse(block.textContent) : {};
  const messages = data.messages || {};
  const colours = data.colours || {};
  const lang = data.lang || document.documentElement.lang || "en";

  // -- the catalog's plural rule: a gettext C expression of n, read and evaluated without eval ----------

  const TOKEN = /\s*(\d+|n|\|\||&&|==|!=|<=|>=|[-+*/%<>!?:()])/y;

  function tokens(text) {
    const found = [];
    TOKEN.lastIndex = 0;
    while (TOKEN.lastIndex < text.length) {
      const match = TOKEN.exec(text);
      if (!match) {
        if (/^\s*$/.test(text.slice(TOKEN.lastIndex))) break;
        throw new Error(`a plural rule this page cannot read: ${text}`);
      }
      found.push(match[1]);
    }
    return found;
  }

  const BINARY = [["||"], ["&&"], ["==", "!="], ["<", ">", "<=", ">="], ["+", "-"], ["*", "/", "%"]];
  const APPLY = {
    "||": (a, b) => (a || b ? 1 : 0), "&&": (a, b) => (a && b ? 1 : 0), "==": (a, b) => (a === b ? 1 : 0),
    "!=": (a, b) => (a !== b ? 1 : 0), "<": (a, b) => (a < b ? 1 : 0), ">": (a, b) => (a > b ? 1 : 0),
    "<=": (a, b) => (a <= b ? 1 : 0), ">=": (a, b) => (a >= b ? 1 : 0), "+": (a, b) => a + b,
    "-": (a, b) => a - b, "*": (a, b) => a * b, "/": (a, b) => Math.trunc(a / b), "%": (a, b) => a % b,
  };

  /** The plural rule as a function of n (the index of the form a count takes). */
  function compile(expression) {
    const list = tokens(expression);
    let at = 0;
    const peek = () => list[at];
    const take = (wanted) => {
      if (list[at] !== wanted) throw new Error(`a plural rule this page cannot read: ${expression}`);
      at += 1;
    };
    function ternary() {
      const test = binary(0);
      if (peek() !== "?") return test;
      take("?");
      const yes = ternary();
      take(":");
      const no = ternary();
      return (n) => (test(n) ? yes(n) : no(n));
    }
    function binary(level) {
      if (level === BINARY.length) return unary();
      let left = binary(level + 1);
      while (BINARY[level].includes(peek())) {
        const op = list[at++];
        const l = left;
        const right = binary(level + 1);
        left = (n) => APPLY[op](l(n), right(n));
      }
      return left;
    }
    function unary() {
      const token = list[at++];
      if (token === "!") {
        const inner = unary();
        return (n) => (inner(n) ? 0 : 1);
      }
      if (token === "(") {
        const inner = ternary();
        take(")");
        return inner;
      }
      if (token === "n") return (n) => n;
      if (/^\d+$/.test(token || "")) return () => Number(token);
      throw new Error(`a plural rule this page cannot read: ${expression}`);
    }
    const rule = ternary();
    if (at !== list.length) throw new Error(`a plural rule this page cannot read: ${expression}`);
    return rule;
  }

  const pluralIndex = compile(data.plural || "(n != 1)");

  // -- filling the slots ----------------------------------------------------------------------------

  /** ``text`` with its {slots} filled: a string when every value is text, else a list of strings and
   *  elements (to spread into an element). */
  function fill(text, slots) {
    const parts = [];
    let nodes = false;
    for (const piece of text.split(/(\{\w+\})/)) {
      const slot = /^\{(\w+)\}$/.exec(piece);
      if (slot && slots && slot[1] in slots) {
        const value = slots[slot[1]];
        if (value instanceof Node) {
          nodes = true;
          parts.push(parts.includes(value) ? value.cloneNode(true) : value);  // a slot said twice: a node twice
        } else {
          parts.push(String(value ?? ""));
        }
      } else if (piece) {
        parts.push(piece);
      }
    }
    return nodes ? parts : parts.join("");
  }

  /** A message in the page's language, its {slots} filled (see fill). */
  function _(message, slots) {
    const found = messages[message];
    return fill(typeof found === "string" && found ? found : message, slots);
  }

  /** A message whose words depend on ``count``: the form the language's plural rule gives it; ``{n}`` is the
   *  count unless ``slots`` says otherwise. */
  function ngettext(singular, plural, count, slots) {
    const forms = messages[singular];
    const all = {n: count, ...(slots || {})};
    if (Array.isArray(forms) && forms.length) {
      const index = Math.min(Math.max(pluralIndex(count), 0), forms.length - 1);
      if (forms[index]) return fill(forms[index], all);
    }
    return fill(count === 1 ? singular : plural, all);
  }

  /** A colour's word (``red``), in the language. */
  function colour(word) {
    return colours[word] || word;
  }

  /** Whatever ``_`` gave, as a list to spread into an element. */
  function parts(words) {
    return Array.isArray(words) ? words : [words];
  }

  // The language picker's links keep the play page's table (its address's #fragment) in the new language.
  for (const link of document.querySelectorAll(".languages a[hreflang]")) {
    link.addEventListener("click", () => {
      if (location.hash) link.href = link.href.split("#")[0] + location.hash;
    });
  }

  return {_, ngettext, colour, parts, lang, pluralIndex, styles: data.styles || {}};
})();
