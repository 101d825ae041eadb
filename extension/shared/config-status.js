// @ts-check
/**
 * A footer status line while pi-lean's config is invalid. The error notice at session start
 * is a chat message above the session's history: continuing a long session (`pi -c`,
 * `--resume`) draws the history below it and the notice is never on screen. The status line
 * stays in the footer until the config is fixed and reloaded. A session whose config was never
 * invalid sees no call.
 */

export const CONFIG_STATUS_KEY = "pi-lean-config";

/** The status text: short enough for a narrow footer; `/skills` names the file and the problem. */
export const CONFIG_STATUS_TEXT = "pi-lean: invalid config, skills and Token Saver off; /skills says why";

/** Tracks whether the status is shown, so a healthy session makes no UI call. */
export class ConfigStatus {
  constructor() {
    this.shown = false;
  }

  /**
   * Shows the status while `config` has an error, clears it once fixed.
   * @param {any} ctx @param {import("./config.js").ConfigHolder} config
   */
  update(ctx, config) {
    if (!ctx?.hasUI || typeof ctx.ui?.setStatus !== "function") return;
    if (config.error) {
      ctx.ui.setStatus(CONFIG_STATUS_KEY, CONFIG_STATUS_TEXT);
      this.shown = true;
    } else if (this.shown) {
      ctx.ui.setStatus(CONFIG_STATUS_KEY, undefined);
      this.shown = false;
    }
  }
}
