//! A combined diff (`git diff` during a conflicted merge, `git show` of a merge: `diff --cc`,
//! `@@@` hunks) has one sign column per parent. A line changed against the first parent only
//! starts with a space (` +ours`), one changed against the second starts with its sign
//! (`+ theirs`): both are changes, and the two sides of a conflict are one fact. Reading the
//! first column alone took every line of our side for context and folded it, while their side
//! stayed.
//!
//! Properties over generated merge diffs of 20 to 80 conflicted files, each with one to three
//! conflict hunks whose sides are look-alikes of each other:
//! 1. Without a question, no conflict shows one side whole and none of the other.
//! 2. When the question names a file, both sides of each of its conflicts are kept whole.
//! 3. A read of a file left with conflict markers shows no conflict one-sided either.
//!
//! Cases come from fixed seeds (`COMBINED_DIFF_CASES`, default 300).

mod support;
use support::{asked_view_of, read_view, view_of, Rng, NOUNS, VERBS};

/// One conflict: its file and the lines of each side.
struct Conflict {
    file: usize,
    ours: Vec<String>,
    theirs: Vec<String>,
}

/// A merge's combined diff, its files and its conflicts.
fn merge_diff(seed: u64) -> (String, Vec<String>, Vec<Conflict>) {
    let mut rng = Rng::new(seed);
    let files: Vec<String> = (0..rng.range(20, 80))
        .map(|k| format!("src/{}/{}_{k}.rs", rng.pick(NOUNS), rng.pick(VERBS)))
        .collect();
    let mut lines: Vec<String> = Vec::new();
    let mut conflicts = Vec::new();
    for (f, file) in files.iter().enumerate() {
        lines.push(format!("diff --cc {file}"));
        lines.push(format!(
            "index {:07x},{:07x}..0000000",
            rng.next() >> 36,
            rng.next() >> 36
        ));
        lines.push(format!("--- a/{file}"));
        lines.push(format!("+++ b/{file}"));
        let mut at = 1 + rng.below(40);
        for _ in 0..rng.range(1, 4) {
            lines.push(format!("@@@ -{at},9 -{at},8 +{at},14 @@@ impl State {{"));
            let context = |rng: &mut Rng, lines: &mut Vec<String>| {
                for _ in 0..rng.range(1, 4) {
                    let (verb, noun) = (rng.pick(VERBS), rng.pick(NOUNS));
                    lines.push(format!("          self.{noun}.{verb}({});", rng.below(50)));
                }
            };
            context(&mut rng, &mut lines);
            lines.push("++<<<<<<< HEAD".into());
            // Both sides write the same statements, with another argument or name: the
            // look-alikes a conflict is made of.
            let (verb, noun) = (rng.pick(VERBS), rng.pick(NOUNS));
            let n = rng.range(1, 5);
            let ours: Vec<String> = (0..n)
                .map(|k| {
                    format!(" +        let {noun}_{k} = {verb}_{noun}(&mut self.state, {f}, {k});")
                })
                .collect();
            let theirs: Vec<String> = (0..rng.range(1, 5))
                .map(|k| {
                    format!("+         let {noun}_{k} = {verb}_{noun}(&self.state, {f}, {k})?;")
                })
                .collect();
            lines.extend(ours.iter().cloned());
            lines.push("++=======".into());
            lines.extend(theirs.iter().cloned());
            lines.push("++>>>>>>> topic".into());
            context(&mut rng, &mut lines);
            conflicts.push(Conflict {
                file: f,
                ours,
                theirs,
            });
            at += 30 + rng.below(200);
        }
    }
    let mut text = lines.join("\n");
    text.push('\n');
    (text, files, conflicts)
}

/// How many of `side` are whole lines of the view.
fn shown(view: &str, side: &[String]) -> usize {
    side.iter()
        .filter(|line| view.lines().any(|shown| shown == line.as_str()))
        .count()
}

/// Fails naming the first conflict the view shows one side of whole and none of the other.
fn no_one_sided(view: &str, conflicts: &[Conflict]) -> Result<(), String> {
    for c in conflicts {
        let (ours, theirs) = (shown(view, &c.ours), shown(view, &c.theirs));
        if (ours == 0 && theirs == c.theirs.len()) || (theirs == 0 && ours == c.ours.len()) {
            return Err(format!(
                "a conflict shows {ours}/{} of our side and {theirs}/{} of theirs: {:?}",
                c.ours.len(),
                c.theirs.len(),
                c.ours[0]
            ));
        }
    }
    Ok(())
}

#[test]
fn no_conflict_shows_one_side_whole_and_none_of_the_other() {
    let cases = support::cases("COMBINED_DIFF_CASES", 300);
    support::check_seeds(cases, 0xcc_0000, |seed| {
        let (text, _, conflicts) = merge_diff(seed);
        let Some(view) = view_of(&text, "git diff") else {
            return Ok(());
        };
        no_one_sided(&view, &conflicts)
    });
}

#[test]
fn both_sides_of_a_named_files_conflicts_are_kept() {
    let cases = support::cases("COMBINED_DIFF_CASES", 300);
    support::check_seeds(cases, 0xcd_0000, |seed| {
        let (text, files, conflicts) = merge_diff(seed);
        let asked = conflicts[seed as usize % conflicts.len()].file;
        let query = format!("what are the two sides of the conflict in {}", files[asked]);
        let Some(view) = asked_view_of(&text, "git diff", &query) else {
            return Ok(());
        };
        for c in conflicts.iter().filter(|c| c.file == asked) {
            let wanted: Vec<String> = c.ours.iter().chain(&c.theirs).cloned().collect();
            support::keeps_lines(&view, &wanted)?;
        }
        Ok(())
    });
}

/// A source file a merge left with conflicts, and its conflicts.
fn conflicted_file(seed: u64) -> (String, Vec<Conflict>) {
    let mut rng = Rng::new(seed);
    let mut lines: Vec<String> = Vec::new();
    let mut conflicts = Vec::new();
    for f in 0..rng.range(150, 400) {
        let (verb, noun) = (rng.pick(VERBS), rng.pick(NOUNS));
        lines.push(format!(
            "pub fn {verb}_{noun}_{f}(state: &mut State) -> Result<()> {{"
        ));
        for _ in 0..rng.range(2, 6) {
            let (verb, noun) = (rng.pick(VERBS), rng.pick(NOUNS));
            lines.push(format!("    state.{noun}.{verb}({})?;", rng.below(50)));
        }
        if rng.below(12) == 0 {
            lines.push("<<<<<<< HEAD".into());
            let ours: Vec<String> = (0..rng.range(1, 5))
                .map(|k| format!("    let {noun}_{k} = {verb}_{noun}(&mut state.inner, {f}, {k});"))
                .collect();
            let theirs: Vec<String> = (0..rng.range(1, 5))
                .map(|k| format!("    let {noun}_{k} = {verb}_{noun}(&state.inner, {f}, {k})?;"))
                .collect();
            lines.extend(ours.iter().cloned());
            lines.push("=======".into());
            lines.extend(theirs.iter().cloned());
            lines.push(">>>>>>> topic".into());
            conflicts.push(Conflict {
                file: 0,
                ours,
                theirs,
            });
        }
        lines.push("    Ok(())".into());
        lines.push("}".into());
        lines.push(String::new());
    }
    (lines.join("\n"), conflicts)
}

#[test]
fn a_read_shows_no_conflict_one_sided() {
    let cases = support::cases("COMBINED_DIFF_CASES", 300);
    support::check_seeds(cases, 0xce_0000, |seed| {
        let (text, conflicts) = conflicted_file(seed);
        let Some(view) = read_view(&text, "src/state.rs", None) else {
            return Ok(());
        };
        no_one_sided(&view, &conflicts)
    });
}
