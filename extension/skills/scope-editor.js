// @ts-check
/**
 * The `/skills` manager's editor for groups and profiles: create, rename and delete them, add
 * and remove a group's skills or a profile's groups from a list filtered as the user types,
 * and set a profile's settings. Every change is saved at once to the user's `pi-lean.json`
 * through `scope-edit.js` (only the changed keys are edited), then the session re-reads the
 * file, so `/skill-profile <name>` works without `/reload`. Deleting asks first.
 *
 * The lists are Pi's own TUI components (`Input`, `SelectList`, `SettingsList` from
 * `@earendil-works/pi-tui`, shown with `ctx.ui.custom`), loaded only when the editor opens. Where
 * they are not available (a host without `ctx.ui.custom`) the same flows use `ctx.ui.select`.
 */
import { NOT_SET, PROFILE_SETTINGS, createGroup, createProfile, deleteGroup, deleteProfile, profileGroups, readScopeFile, renameGroup, renameProfile, saveScopeEdits, setGroupMembers, setProfileGroups, setProfileSettings } from "./scope-edit.js";
import { loadTui } from "../shared/pi-host.js";

/**
 * @typedef {object} EditorDeps
 * @property {string} file  the user's `pi-lean.json`
 * @property {() => Array<{ name: string, description: string }>} skills  every skill Pi found
 * @property {() => Iterable<string>} otherGroups  groups other config layers define
 * @property {() => void} reloaded  re-reads the config after a save
 * @property {(ctx: any, text: string, level?: "info" | "warning" | "error") => void} say
 * @property {string[]} [notes]  what the last change said, shown above the next menu
 */

const BACK = "Back";

/**
 * A searchable list where Enter adds or removes the highlighted entry and Escape closes;
 * returns the chosen values in order (the ones chosen before first, in their order, then the
 * new ones as they were added), or null when nothing changed.
 * @param {any} ctx @param {string} title
 * @param {Array<{ value: string, description?: string }>} items
 * @param {string[]} chosen
 * @returns {Promise<string[] | null>}
 */
export async function pickMany(ctx, title, items, chosen) {
  const result = [...chosen];
  const tui = typeof ctx.ui.custom === "function" ? await loadTui() : null;
  if (!tui) {
    // A host without custom components: one pick per dialog until "Done".
    for (;;) {
      const lines = items.map((item) => `${result.includes(item.value) ? "[x]" : "[ ]"} ${item.value}`);
      const picked = await ctx.ui.select(title, ["Done", ...lines]);
      if (!picked || picked === "Done") break;
      toggle(result, picked.slice(4));
    }
    return sameList(result, chosen) ? null : result;
  }
  const { Input, SelectList, Container, Text, truncateToWidth } = tui;
  await ctx.ui.custom(
    (/** @type {any} */ screen, /** @type {any} */ theme, /** @type {any} */ keybindings, /** @type {() => void} */ done) => {
      const input = new Input({ prompt: " search: ", placeholder: "type to filter" });
      const listTheme = {
        selectedPrefix: (/** @type {string} */ t) => theme.fg("accent", t),
        selectedText: (/** @type {string} */ t) => theme.fg("accent", t),
        description: (/** @type {string} */ t) => theme.fg("muted", t),
        scrollInfo: (/** @type {string} */ t) => theme.fg("dim", t),
        noMatch: (/** @type {string} */ t) => theme.fg("warning", t),
      };
      /** @type {any} */
      let list = null;
      let shown = 0;
      /** Rebuilds the list for the current search, keeping `keep` highlighted when it is still there. */
      const rebuild = (/** @type {string | null} */ keep) => {
        const matches = filterItems(items, input.getValue());
        shown = matches.length;
        list = new SelectList(
          matches.map((item) => ({ value: item.value, label: `${result.includes(item.value) ? "[x]" : "[ ]"} ${item.value}`, description: item.description })),
          Math.min(Math.max(matches.length, 1), 10),
          listTheme,
        );
        list.onSelect = (/** @type {{ value: string }} */ item) => {
          toggle(result, item.value);
          rebuild(item.value);
        };
        list.onCancel = () => done();
        const at = keep === null ? -1 : matches.findIndex((item) => item.value === keep);
        if (at >= 0) list.setSelectedIndex(at);
      };
      rebuild(null);
      const header = new Text(theme.fg("accent", theme.bold(title)), 1, 0);
      const hint = new Text(theme.fg("dim", "type to search · ↑↓ move · enter add/remove · esc done"), 1, 0);
      const listKeys = ["tui.select.up", "tui.select.down", "tui.select.pageUp", "tui.select.pageDown", "tui.select.confirm", "tui.select.cancel"];
      return {
        focused: false,
        capturesViewportInput: true,
        render(/** @type {number} */ width) {
          input.focused = this.focused;
          const body = new Container();
          body.addChild(header);
          body.addChild(new Text(`${result.length} chosen: ${result.join(", ") || "(none)"}`, 1, 0));
          body.addChild(input);
          const lines = [border(theme, width), "", ...body.render(width)];
          if (shown === 0) lines.push(truncateToWidth(theme.fg("warning", `  nothing matches "${input.getValue()}"`), width));
          else lines.push(...list.render(width));
          lines.push("", ...hint.render(width), "", border(theme, width));
          return lines;
        },
        invalidate() {
          header.invalidate();
          hint.invalidate();
          input.invalidate();
          list?.invalidate();
        },
        handleInput(/** @type {string} */ data) {
          if (listKeys.some((id) => keybindings.matches(data, id))) {
            if (shown > 0 || keybindings.matches(data, "tui.select.cancel")) list.handleInput(data);
          } else {
            const before = input.getValue();
            input.handleInput(data);
            if (input.getValue() !== before) rebuild(null);
          }
          screen.requestRender();
        },
      };
    },
    { blocked: { kind: "question", message: title } },
  );
  return sameList(result, chosen) ? null : result;
}

/**
 * A profile's settings in Pi's settings list: Enter cycles a value, Escape closes. Returns the
 * changed settings (`undefined` = not set), or {} when none changed.
 * @param {any} ctx @param {string} title @param {Record<string, unknown>} current
 * @returns {Promise<Record<string, unknown>>}
 */
export async function editSettings(ctx, title, current) {
  /** @type {Record<string, unknown>} */
  const changes = {};
  const settingNow = (/** @type {string} */ key) => (key in changes ? changes[key] : current[key]);
  const shownValue = (/** @type {string} */ key) => {
    const value = settingNow(key);
    return value === undefined || value === null ? NOT_SET : String(value);
  };
  const set = (/** @type {string} */ key, /** @type {string} */ value) => {
    const next = value === NOT_SET ? undefined : value;
    if (next === current[key]) delete changes[key];
    else changes[key] = next;
  };
  const tui = typeof ctx.ui.custom === "function" ? await loadTui() : null;
  if (!tui) {
    for (;;) {
      const lines = PROFILE_SETTINGS.map((s) => `${s.label}: ${shownValue(s.key)}`);
      const picked = await ctx.ui.select(title, ["Done", ...lines]);
      if (!picked || picked === "Done") return changes;
      const setting = PROFILE_SETTINGS[lines.indexOf(picked)];
      const value = await ctx.ui.select(setting.label, [NOT_SET, ...setting.values]);
      if (value) set(setting.key, value);
    }
  }
  const { SettingsList, Text } = tui;
  await ctx.ui.custom(
    (/** @type {any} */ screen, /** @type {any} */ theme, /** @type {any} */ _keybindings, /** @type {() => void} */ done) => {
      const header = new Text(theme.fg("accent", theme.bold(title)), 1, 0);
      const hint = new Text(theme.fg("dim", "Enter/Space to change · Esc saves and closes"), 1, 0);
      const list = new SettingsList(
        PROFILE_SETTINGS.map((s) => ({ id: s.key, label: s.label, currentValue: shownValue(s.key), values: [NOT_SET, ...s.values], description: `"${s.key}" in the profile's settings; ${NOT_SET} follows the top level` })),
        PROFILE_SETTINGS.length + 2,
        {
          label: (/** @type {string} */ t, /** @type {boolean} */ selected) => (selected ? theme.fg("accent", t) : t),
          value: (/** @type {string} */ t, /** @type {boolean} */ selected) => (selected ? theme.fg("accent", t) : theme.fg("muted", t)),
          description: (/** @type {string} */ t) => theme.fg("dim", t),
          cursor: "→ ",
          hint: (/** @type {string} */ t) => theme.fg("dim", t),
        },
        (/** @type {string} */ id, /** @type {string} */ value) => set(id, value),
        () => done(),
      );
      return {
        capturesViewportInput: list.capturesViewportInput,
        // The list's own hint says Esc cancels; here Esc saves, so that line is replaced.
        render: (/** @type {number} */ width) => [border(theme, width), "", ...header.render(width), "", ...list.render(width).filter((line) => !/Esc to cancel/.test(line)), ...hint.render(width), "", border(theme, width)],
        invalidate() {
          hint.invalidate();
          header.invalidate();
          list.invalidate();
        },
        handleInput(/** @type {string} */ data) {
          list.handleInput(data);
          screen.requestRender();
        },
      };
    },
    { blocked: { kind: "question", message: title } },
  );
  return changes;
}

/**
 * The editor's menus, from the manager's "Edit groups and profiles".
 * @param {any} ctx @param {EditorDeps} deps
 */
export async function editScopes(ctx, deps) {
  deps = { ...deps, notes: [] };
  for (;;) {
    const { parsed } = readScopeFile(deps.file);
    const groups = Object.keys(parsed.groups ?? {});
    const profiles = Object.keys(parsed.profiles ?? {});
    const groupLine = (/** @type {string} */ g) => `Group ${g}: ${describeList(parsed.groups?.[g] ?? [], "skill")}`;
    const profileLine = (/** @type {string} */ p) => `Profile ${p}: ${describeList(profileGroups(parsed, p), "group")}${settingsText(parsed, p)}`;
    const choice = await ctx.ui.select(titled(deps, `Groups and profiles in ${deps.file}`), ["New group", "New profile", ...groups.map(groupLine), ...profiles.map(profileLine), BACK]);
    if (!choice || choice === BACK) return;
    if (choice === "New group") await newGroup(ctx, deps);
    else if (choice === "New profile") await newProfile(ctx, deps);
    else {
      const group = groups.find((g) => groupLine(g) === choice);
      const profile = profiles.find((p) => profileLine(p) === choice);
      if (group !== undefined) await groupMenu(ctx, deps, group);
      else if (profile !== undefined) await profileMenu(ctx, deps, profile);
    }
  }
}

/**
 * Saves one change and says what it did; a change that fails is reported, the file untouched.
 * @param {any} ctx @param {EditorDeps} deps @param {(parsed: import("./scope-edit.js").ScopeFile) => import("./scope-edit.js").JsonEdit[]} makeEdits @param {string} done
 */
function save(ctx, deps, makeEdits, done) {
  try {
    saveScopeEdits(deps.file, makeEdits, deps.otherGroups());
  } catch (error) {
    const text = `pi-lean: not saved: ${error instanceof Error ? error.message.replace(/^CONFIG_INVALID: /, "") : error}`;
    deps.notes?.push(text);
    deps.say(ctx, text, "warning");
    return false;
  }
  deps.reloaded();
  const text = `pi-lean: ${done} Saved to ${deps.file}.`;
  deps.notes?.push(text);
  deps.say(ctx, text);
  return true;
}

/** A menu title with what the last changes said above it (each said once). @param {EditorDeps} deps @param {string} title */
function titled(deps, title) {
  const notes = deps.notes?.splice(0) ?? [];
  return notes.length > 0 ? [...notes, "", title].join("\n") : title;
}

/** @param {any} ctx @param {EditorDeps} deps */
async function newGroup(ctx, deps) {
  const name = (await ctx.ui.input("New group name", "e.g. git"))?.trim();
  if (!name) return;
  if (save(ctx, deps, (parsed) => createGroup(parsed, name), `group "${name}" created.`)) await editGroupSkills(ctx, deps, name);
}

/** @param {any} ctx @param {EditorDeps} deps */
async function newProfile(ctx, deps) {
  const name = (await ctx.ui.input("New profile name", "e.g. work"))?.trim();
  if (!name) return;
  if (save(ctx, deps, (parsed) => createProfile(parsed, name), `profile "${name}" created.`)) await editProfileGroups(ctx, deps, name);
}

/** @param {any} ctx @param {EditorDeps} deps @param {string} group */
async function editGroupSkills(ctx, deps, group) {
  const current = readScopeFile(deps.file).parsed.groups?.[group] ?? [];
  const skills = deps.skills();
  const known = new Set(skills.map((s) => s.name));
  // Patterns and names of skills not installed stay listed, so they can be removed too.
  const items = [...current.filter((entry) => !known.has(entry)).map((entry) => ({ value: entry, description: /[*?]/.test(entry) ? "pattern" : "no such skill installed" })), ...skills.map((s) => ({ value: s.name, description: s.description }))];
  const members = await pickMany(ctx, `Skills in group "${group}"`, items, current);
  if (members) save(ctx, deps, (parsed) => setGroupMembers(parsed, group, members), `group "${group}": ${members.join(", ") || "(no skills)"}.`);
}

/** @param {any} ctx @param {EditorDeps} deps @param {string} profile */
async function editProfileGroups(ctx, deps, profile) {
  const { parsed } = readScopeFile(deps.file);
  const defined = [...new Set([...Object.keys(parsed.groups ?? {}), ...deps.otherGroups()])];
  if (defined.length === 0) return deps.say(ctx, `pi-lean: no groups are defined yet; create one with "New group", then add it to profile "${profile}".`);
  const items = defined.map((g) => ({ value: g, description: (parsed.groups?.[g] ?? []).join(", ") }));
  const groups = await pickMany(ctx, `Groups in profile "${profile}"`, items, profileGroups(parsed, profile));
  if (groups) save(ctx, deps, (p) => setProfileGroups(p, profile, groups), `profile "${profile}": groups ${groups.join(", ") || "(none)"}.`);
}

/** @param {any} ctx @param {EditorDeps} deps @param {string} group */
async function groupMenu(ctx, deps, group) {
  for (;;) {
    const members = readScopeFile(deps.file).parsed.groups?.[group];
    if (!members) return;
    const action = await ctx.ui.select(titled(deps, `Group "${group}": ${members.join(", ") || "(no skills)"}`), ["Add or remove skills", "Rename", "Delete", BACK]);
    if (!action || action === BACK) return;
    if (action === "Add or remove skills") await editGroupSkills(ctx, deps, group);
    else if (action === "Rename") {
      const to = (await ctx.ui.input(`Rename group "${group}" to`, group))?.trim();
      if (to && to !== group && save(ctx, deps, (parsed) => renameGroup(parsed, group, to), `group "${group}" renamed to "${to}".`)) group = to;
    } else if (action === "Delete") {
      const { parsed } = readScopeFile(deps.file);
      const users = Object.keys(parsed.profiles ?? {}).filter((p) => profileGroups(parsed, p).includes(group));
      const sure = await ctx.ui.confirm(`Delete group "${group}"?`, users.length > 0 ? `It is also removed from profile${users.length === 1 ? "" : "s"} ${users.join(", ")}.` : "No profile uses it.");
      if (sure && save(ctx, deps, (p) => deleteGroup(p, group), `group "${group}" deleted.`)) return;
    }
  }
}

/** @param {any} ctx @param {EditorDeps} deps @param {string} profile */
async function profileMenu(ctx, deps, profile) {
  for (;;) {
    const { parsed } = readScopeFile(deps.file);
    if (!parsed.profiles?.[profile]) return;
    const action = await ctx.ui.select(titled(deps, `Profile "${profile}": ${describeList(profileGroups(parsed, profile), "group")}${settingsText(parsed, profile)}`), ["Add or remove groups", "Settings", "Rename", "Delete", BACK]);
    if (!action || action === BACK) return;
    if (action === "Add or remove groups") await editProfileGroups(ctx, deps, profile);
    else if (action === "Settings") {
      const spec = parsed.profiles[profile];
      const current = Array.isArray(spec) ? {} : (spec.settings ?? {});
      const changes = await editSettings(ctx, `Settings of profile "${profile}"`, current);
      const said = Object.entries(changes).map(([key, value]) => `${PROFILE_SETTINGS.find((s) => s.key === key)?.label ?? key} ${value === undefined ? NOT_SET : value}`);
      if (said.length > 0) save(ctx, deps, (p) => setProfileSettings(p, profile, changes), `profile "${profile}": ${said.join(", ")}.`);
    } else if (action === "Rename") {
      const to = (await ctx.ui.input(`Rename profile "${profile}" to`, profile))?.trim();
      if (to && to !== profile && save(ctx, deps, (p) => renameProfile(p, profile, to), `profile "${profile}" renamed to "${to}".`)) profile = to;
    } else if (action === "Delete") {
      const sure = await ctx.ui.confirm(`Delete profile "${profile}"?`, parsed.activeProfile === profile ? "It is the active profile: the scope goes back to all skills." : "Its groups stay.");
      if (sure && save(ctx, deps, (p) => deleteProfile(p, profile), `profile "${profile}" deleted.`)) return;
    }
  }
}

/** "3 skills: a, b, c" (first few names). @param {string[]} list @param {string} noun */
function describeList(list, noun) {
  if (list.length === 0) return `no ${noun}s`;
  const names = list.length > 4 ? `${list.slice(0, 4).join(", ")}, …` : list.join(", ");
  return `${list.length} ${noun}${list.length === 1 ? "" : "s"} (${names})`;
}

/** "; Token Saver on, routing adaptive" for the settings a profile sets. @param {import("./scope-edit.js").ScopeFile} parsed @param {string} profile */
function settingsText(parsed, profile) {
  const spec = parsed.profiles?.[profile];
  const settings = Array.isArray(spec) ? {} : (spec?.settings ?? {});
  const parts = Object.entries(settings).map(([key, value]) => `${PROFILE_SETTINGS.find((s) => s.key === key)?.label ?? key} ${typeof value === "string" ? value : JSON.stringify(value)}`);
  return parts.length > 0 ? `; ${parts.join(", ")}` : "";
}

/**
 * Entries whose name or description holds every typed word, names first: a name starting with
 * the text, then a name holding it, then the rest.
 * @param {Array<{ value: string, description?: string }>} items @param {string} text
 */
export function filterItems(items, text) {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return items;
  const whole = words.join(" ");
  const rank = (/** @type {{ value: string }} */ item) => (item.value.toLowerCase().startsWith(whole) ? 0 : item.value.toLowerCase().includes(whole) ? 1 : 2);
  return items
    .filter((item) => words.every((w) => `${item.value} ${item.description ?? ""}`.toLowerCase().includes(w)))
    .map((item, i) => ({ item, i, r: rank(item) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map(({ item }) => item);
}

/** @param {string[]} list @param {string} value */
function toggle(list, value) {
  const at = list.indexOf(value);
  if (at >= 0) list.splice(at, 1);
  else list.push(value);
}

/** @param {string[]} a @param {string[]} b */
function sameList(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** A rule across the width, as Pi draws around its dialogs. @param {any} theme @param {number} width */
function border(theme, width) {
  return theme.fg("border", "─".repeat(Math.max(1, width)));
}

