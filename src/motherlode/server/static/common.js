// Shared by the lobby and the table page: building DOM nodes safely, the HTTP API, the name.
//
// Every text a player or a game gave (names, events, labels, card texts) goes into the page as
// a text node (textContent), never as HTML: `h()` has no way to parse markup, and it refuses
// inline event handler attributes (the Content-Security-Policy forbids them anyway).

/** A new element: `h("button", {class: "x", title: "..."}, "text", child, ...)`.
 * Strings and numbers become text nodes; null/undefined/false children are skipped. */
export function h(tag, attrs = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (/^on/i.test(name)) throw new Error(`no inline handler: ${name}`);
    if (name === "value" || name === "checked" || name === "disabled") {
      element[name] = value;
    } else {
      element.setAttribute(name, value === true ? "" : String(value));
    }
  }
  append(element, children);
  return element;
}

/** Append children (nodes, strings, arrays of them) to `parent`, as text where not nodes. */
export function append(parent, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return parent;
}

/** Replace everything in `parent` with `children`. */
export function fill(parent, ...children) {
  parent.replaceChildren();
  return append(parent, children);
}

/** An API error: its stable code and sentence. */
export class ApiError extends Error {
  constructor(code, message) {
    super(message ? `${code}: ${message}` : code);
    this.code = code;
  }
}

/** GET or POST JSON; the parsed answer, or an ApiError with the server's code. */
export async function api(path, body = undefined) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  };
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError("network", "the server does not answer");
  }
  let answer = null;
  try {
    answer = await response.json();
  } catch (err) {
    answer = null;
  }
  if (!response.ok) {
    const error = answer && answer.error;
    throw new ApiError(error ? error.code : `http/${response.status}`, error ? error.message : "");
  }
  return answer;
}

const NAME_KEY = "motherlode.name";

/** The player's name, kept in this browser (localStorage); "" if none. */
export function playerName() {
  try {
    return localStorage.getItem(NAME_KEY) || "";
  } catch (err) {
    return "";
  }
}

export function setPlayerName(name) {
  try {
    localStorage.setItem(NAME_KEY, name.slice(0, 60));
  } catch (err) {
    // storage refused (private mode): the name lasts as long as the page
  }
}

/** A dict key as a heading: `chance_cards` -> `chance cards`. */
export function label(key) {
  return String(key).replace(/_/g, " ");
}

/** A sentence's first letter in capitals. */
export function capital(text) {
  const s = String(text);
  return s.slice(0, 1).toUpperCase() + s.slice(1);
}

/** An amount in a game's unit: "$3,900", "-$1,000", "14 gold", "3 points", "12". */
export function money(value, unit = "") {
  const n = Number(value);
  const number = Math.abs(n).toLocaleString("en-US");
  const sign = n < 0 ? "-" : "";
  if (unit === "$") return `${sign}$${number}`;
  return unit ? `${sign}${number} ${unit}` : `${sign}${number}`;
}
