// A table or code block too wide for the screen scrolls sideways inside its box; such a box
// takes keyboard focus (tabindex 0), so it can be scrolled without a mouse (WCAG 2.1.1;
// axe-core: scrollable-region-focusable).  Boxes that fit stay out of the tab order.
"use strict";

function focusScrollingBoxes() {
  for (const box of document.querySelectorAll(".table-wrapper, .highlight pre")) {
    if (box.scrollWidth > box.clientWidth) {
      box.tabIndex = 0;
    } else {
      box.removeAttribute("tabindex");
    }
  }
}

document.addEventListener("DOMContentLoaded", focusScrollingBoxes);
window.addEventListener("resize", focusScrollingBoxes);
