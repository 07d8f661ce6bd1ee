// A "Copy" button for a link shown in a read-only text field next to it.

import { h } from "./dom.js";
import { t } from "./i18n.js";

export function copyButton(text, label) {
  const button = h("button", { type: "button", class: "small", "aria-label": label }, t("copy"));
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = t("copied");
    } catch {
      // Clipboard needs a secure context; selecting the text is the fallback.
      const field = button.parentElement.querySelector("input");
      if (field) field.select();
      button.textContent = t("copy_manually");
    }
    setTimeout(() => (button.textContent = t("copy")), 2000);
  });
  return button;
}
