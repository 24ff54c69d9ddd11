// Tooltips: every card, tile, space or token a board draws shows its name and text on hover,
// on a tap and on keyboard focus, in one floating box (role tooltip) that the element is
// described by while it shows. Escape hides it.
import { fill, h } from "./common.js";

let box = null;
let owner = null;

function tipBox() {
  if (!box) {
    box = h("div", { id: "tip", class: "tip", role: "tooltip", hidden: true });
    document.body.append(box);
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape") hide();
    });
    window.addEventListener("scroll", hide, { passive: true });
  }
  return box;
}

function show(element) {
  const tip = tipBox();
  owner = element;
  fill(tip, h("strong", {}, element.dataset.tipTitle || ""),
    element.dataset.tipText ? h("span", {}, element.dataset.tipText) : null);
  tip.hidden = false;
  element.setAttribute("aria-describedby", "tip");
  const rect = element.getBoundingClientRect();
  const width = Math.min(288, document.documentElement.clientWidth - 16);
  tip.style.maxWidth = `${width}px`;
  const left = Math.max(8, Math.min(rect.left, document.documentElement.clientWidth - width - 8));
  const below = rect.bottom + 6;
  tip.style.left = `${left + window.scrollX}px`;
  tip.style.top = `${below + window.scrollY}px`;
}

function hide() {
  if (!box) return;
  box.hidden = true;
  if (owner) owner.removeAttribute("aria-describedby");
  owner = null;
}

/** Give `element` a tooltip: its name (`title`) and its text. An element nobody could reach
 * by keyboard becomes focusable; one without words of its own is named by the title. */
export function tip(element, title, text = "") {
  element.dataset.tipTitle = title;
  element.dataset.tipText = text || "";
  element.classList.add("has-tip");
  if (!element.matches("button, a, input, select, [tabindex]")) element.tabIndex = 0;
  if (!element.textContent.trim() && !element.getAttribute("aria-label")) {
    if (!element.matches("button, a, input, select, [role]")) element.setAttribute("role", "img");
    element.setAttribute("aria-label", text ? `${title}: ${text}` : title);
  }
  element.addEventListener("mouseenter", () => show(element));
  // leaving or blurring a piece hides its own tip only (not the one of the piece focus went
  // to), and the pointer leaving a piece that keeps the focus leaves its tip
  element.addEventListener("mouseleave", () => {
    if (owner === element && document.activeElement !== element) hide();
  });
  element.addEventListener("focus", () => show(element));
  element.addEventListener("blur", () => {
    if (owner === element) hide();
  });
  element.addEventListener("touchstart", () => show(element), { passive: true });
  return element;
}
