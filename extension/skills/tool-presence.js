// @ts-check
/**
 * Whether skill_search and skill are declared. With no skill the model may load (`pi
 * --no-skills`, none installed, or only user-only ones) they could only cost their
 * declarations on every request, where stock Pi sends nothing for skills; so they leave the
 * active set, and come back (appended, so earlier declarations keep their bytes) once a skill
 * appears. Only tools pi-lean itself withdrew are put back: a run restricted with `--tools`
 * keeps its choice. The withdrawal is a custom session entry (never sent to the model), so a
 * resumed session knows who removed them whether or not Pi restored its active set.
 */

export const SKILL_TOOLS_ENTRY = "pi-lean-skill-tools";

export class SkillToolPresence {
  /**
   * @param {import("@earendil-works/pi-coding-agent").ExtensionAPI} pi
   * @param {string[]} names  the tools to withdraw and restore together
   */
  constructor(pi, names) {
    this.pi = pi;
    this.names = names;
    /** Whether pi-lean took them out of the active set. */
    this.withdrawn = false;
  }

  /** Replays the branch: the latest entry wins. @param {readonly any[]} branch */
  load(branch) {
    this.withdrawn = false;
    for (const entry of branch) {
      if (entry?.type === "custom" && entry.customType === SKILL_TOOLS_ENTRY && typeof entry.data?.withdrawn === "boolean") this.withdrawn = entry.data.withdrawn;
    }
  }

  /**
   * Declares the tools when the model has a skill to load, withdraws them when not.
   * @param {boolean} wanted
   */
  sync(wanted) {
    const active = this.pi.getActiveTools();
    const present = this.names.filter((n) => active.includes(n));
    if (!wanted && present.length > 0) {
      this.pi.setActiveTools(active.filter((n) => !this.names.includes(n)));
      this.#record(true);
    } else if (wanted && this.withdrawn) {
      const missing = this.names.filter((n) => !active.includes(n));
      if (missing.length > 0) this.pi.setActiveTools([...active, ...missing]);
      this.#record(false);
    }
  }

  /** @param {boolean} withdrawn */
  #record(withdrawn) {
    if (this.withdrawn === withdrawn) return;
    this.withdrawn = withdrawn;
    try {
      this.pi.appendEntry(SKILL_TOOLS_ENTRY, { withdrawn });
    } catch {
      // Without the entry a resumed session treats missing tools as the user's choice.
    }
  }
}
