// The walk race's renderer (a test game): the 5 x 5 board with both seats' pieces, the
// walk being chosen (this seat's open steps) and labels for the step ids. It follows the
// renderer contract of docs/server.md ("A game's client") and touches no shared file.

import { h, replace } from "/static/js/dom.js";

const SIZE = 5;
const DIRECTIONS = { n: [-1, 0], e: [0, 1], s: [1, 0], w: [0, -1] };

export function createRenderer(container, ctx) {
  const { t } = ctx;
  const stepsBox = h("p", { class: "walk-steps", hidden: true });
  const grid = h("table", { class: "walk-grid", "aria-label": t("walk_board") });
  const turnBox = h("p", { class: "walk-turn" });
  container.append(turnBox, stepsBox, grid);

  const stepLabel = (step) => {
    if (step.startsWith("piece:")) return t("walk_piece", { piece: step.slice(6) });
    if (step in DIRECTIONS) return t(`walk_dir_${step}`);
    if (step === "done") return t("walk_done");
    if (step === "pass") return t("walk_pass");
    return step;
  };

  /** A step id, or a whole walk as others are shown it: "piece:p1/s/s". */
  function actionLabel(id) {
    const [first, ...rest] = id.split("/");
    if (!rest.length) return stepLabel(first);
    return t("walk_walk", { piece: first.slice(6), path: rest.map(stepLabel).join(", ") });
  }

  function cellOf(view, steps) {
    // The cells of this seat's open walk, from its piece's square.
    const [piece, ...moves] = steps;
    const index = Number(piece.slice(7)) - 1;
    let cell = view.pieces[view.seat][index];
    const path = [cell];
    for (const move of moves) {
      if (!(move in DIRECTIONS)) continue;
      cell = [cell[0] + DIRECTIONS[move][0], cell[1] + DIRECTIONS[move][1]];
      path.push(cell);
    }
    return path;
  }

  return {
    update(state) {
      const v = state.view;
      turnBox.textContent = t("walk_turn", { turn: v.turn, turns: v.options.turns });
      const steps = v.my_steps || null;
      const path = steps && steps[0].startsWith("piece:") ? cellOf(v, steps) : [];
      stepsBox.hidden = !steps;
      stepsBox.textContent = steps ? t("walk_open", { steps: steps.map(stepLabel).join(", ") }) : "";
      const at = new Map();
      for (const [seat, cells] of Object.entries(v.pieces)) {
        cells.forEach(([r, c], k) => at.set(`${r},${c}`, `${seat[0].toUpperCase()}${k + 1}`));
      }
      const onPath = new Set(path.map(([r, c]) => `${r},${c}`));
      replace(grid, h("tbody", {}, Array.from({ length: SIZE }, (_, r) =>
        h("tr", {}, Array.from({ length: SIZE }, (_, c) => {
          const key = `${r},${c}`;
          return h("td", { class: onPath.has(key) ? "walk-cell on-path" : "walk-cell", dataset: { cell: key } }, at.get(key) || "");
        })))));
    },
    actionLabel,
  };
}
