// @ts-check
/**
 * A menu with single-key shortcuts (SO-15: `T` switches the Token Saver from the `/skills`
 * manager). It looks and moves like Pi's own selector (`ctx.ui.select`: ↑↓ or j/k, Enter,
 * Escape), which ignores every other letter, so a shortcut letter takes nothing away from it.
 * Built from Pi's TUI components with `ctx.ui.custom`, loaded only when the menu opens; a host
 * without custom components gets `ctx.ui.select` and the shortcuts are menu items only.
 */

import { loadTui } from "../shared/pi-host.js";

/**
 * Shows `options` under `title`; resolves to the option chosen (by Enter or by its shortcut
 * key), or undefined on Escape.
 * @param {any} ctx
 * @param {string} title
 * @param {string[]} options
 * @param {Array<{ key: string, option: string, hint: string }>} shortcuts  `key` is one lower-case letter; its capital works too
 * @returns {Promise<string | undefined>}
 */
export async function selectWithKeys(ctx, title, options, shortcuts) {
  const usable = shortcuts.filter((s) => options.includes(s.option) && /^[a-z]$/.test(s.key) && s.key !== "j" && s.key !== "k");
  // Only Pi's TUI shows custom components (RPC mode answers `custom` with nothing at once).
  const tui = usable.length > 0 && ctx.mode === "tui" && typeof ctx.ui.custom === "function" ? await loadTui() : null;
  if (!tui) return ctx.ui.select(title, options);
  const { Container, Spacer, Text } = tui;
  return ctx.ui.custom(
    (/** @type {any} */ screen, /** @type {any} */ theme, /** @type {any} */ keybindings, /** @type {(value: string | undefined) => void} */ done) => {
      let selected = 0;
      const hint = ["↑↓ navigate", "enter select", ...usable.map((s) => `${s.key.toUpperCase()} ${s.hint}`), "esc cancel"].join("  ");
      /** @param {number} width */
      const border = (width) => theme.fg("border", "─".repeat(Math.max(1, width)));
      return {
        render(/** @type {number} */ width) {
          const body = new Container();
          body.addChild(new Spacer(1));
          body.addChild(new Text(theme.fg("accent", theme.bold(title)), 1, 0));
          body.addChild(new Spacer(1));
          // The same window as Pi's selector: ten rows centred on the selection.
          const start = Math.max(0, Math.min(selected - 5, options.length - 10));
          for (let i = start; i < Math.min(start + 10, options.length); i += 1) {
            body.addChild(new Text(i === selected ? theme.fg("accent", `→ ${options[i]}`) : `  ${theme.fg("text", options[i])}`, 1, 0));
          }
          if (options.length > 10) body.addChild(new Text(theme.fg("muted", `  (${selected + 1}/${options.length})`), 0, 0));
          body.addChild(new Spacer(1));
          body.addChild(new Text(theme.fg("dim", hint), 1, 0));
          body.addChild(new Spacer(1));
          return [border(width), ...body.render(width), border(width)];
        },
        invalidate() {},
        handleInput(/** @type {string} */ data) {
          const shortcut = usable.find((s) => data === s.key || data === s.key.toUpperCase());
          if (shortcut) return done(shortcut.option);
          if (keybindings.matches(data, "tui.select.up") || data === "k") selected = Math.max(0, selected - 1);
          else if (keybindings.matches(data, "tui.select.down") || data === "j") selected = Math.min(options.length - 1, selected + 1);
          else if (keybindings.matches(data, "tui.select.confirm") || data === "\n") return done(options[selected]);
          else if (keybindings.matches(data, "tui.select.cancel")) return done(undefined);
          screen.requestRender();
        },
      };
    },
    { blocked: { kind: "question", message: title.split("\n")[0] } },
  );
}

