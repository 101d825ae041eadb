//! What git reports before a diff is kept: when a merge, rebase or cherry-pick stops, its
//! `CONFLICT` lines and the unmerged paths `git status` lists name the files left to the user,
//! and the diff that follows (`git diff`, `diff --cc`) does not state them again. Among
//! hundreds of `Auto-merging` lines and a long diff, they are what the model needs.
//!
//! Property over generated outputs of `git merge … ; git status ; git diff` well over Pi's cut:
//! 60 to 300 files merged, 5 to 40 of them in conflict of four kinds, a combined diff of
//! every conflicted file: every `CONFLICT` line and every unmerged-path line is kept verbatim.
//!
//! Cases come from fixed seeds (`GIT_REPORT_CASES`, default 300).

mod support;
use support::{view_of, Rng, NOUNS, VERBS};

/// An output and the report lines it must keep.
fn merge(seed: u64) -> (String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let files: Vec<String> = (0..rng.range(60, 300))
        .map(|k| format!("src/{}/{}_{k}.rs", rng.pick(NOUNS), rng.pick(VERBS)))
        .collect();
    let conflicted: Vec<usize> = (0..rng.range(5, 40))
        .map(|_| rng.below(files.len() as u64) as usize)
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let mut lines: Vec<String> = Vec::new();
    let mut wanted: Vec<String> = Vec::new();
    let mut status: Vec<String> = Vec::new();
    for (k, file) in files.iter().enumerate() {
        lines.push(format!("Auto-merging {file}"));
        if conflicted.contains(&k) {
            let (report, state) = match rng.below(4) {
                0 => (format!("CONFLICT (content): Merge conflict in {file}"), "both modified"),
                1 => (
                    format!("CONFLICT (modify/delete): {file} deleted in topic and modified in HEAD.  Version HEAD of {file} left in tree."),
                    "deleted by them",
                ),
                2 => (format!("CONFLICT (add/add): Merge conflict in {file}"), "both added"),
                _ => (
                    format!("CONFLICT (rename/delete): {file} renamed to {file}.old in HEAD, but deleted in topic."),
                    "deleted by us",
                ),
            };
            wanted.push(report.clone());
            lines.push(report);
            let line = format!("\t{state}:   {file}");
            wanted.push(line.clone());
            status.push(line);
        }
    }
    lines.push("Automatic merge failed; fix conflicts and then commit the result.".into());
    lines.push("On branch main".into());
    lines.push("You have unmerged paths.".into());
    lines.push("Unmerged paths:".into());
    lines.push("  (use \"git add <file>...\" to mark resolution)".into());
    lines.extend(status);
    lines.push(String::new());
    for &k in &conflicted {
        let file = &files[k];
        lines.push(format!("diff --cc {file}"));
        lines.push(format!(
            "index {:07x},{:07x}..0000000",
            rng.next() >> 36,
            rng.next() >> 36
        ));
        lines.push(format!("--- a/{file}"));
        lines.push(format!("+++ b/{file}"));
        for h in 0..rng.range(2, 6) {
            lines.push(format!("@@@ -{0},12 -{0},10 +{0},18 @@@", 10 + h * 40));
            for _ in 0..rng.range(10, 40) {
                let (verb, noun) = (rng.pick(VERBS), rng.pick(NOUNS));
                let n = rng.below(100);
                lines.push(match rng.below(6) {
                    0 => "++<<<<<<< HEAD".to_string(),
                    1 => format!("+         let {noun} = {verb}_{noun}(&mut state, {n})?;"),
                    2 => format!(" +        {verb}(&mut self.{noun}, {n});"),
                    3 => format!("-         self.{noun}.{verb}({n});"),
                    4 => format!("  -       return {verb}_{noun}({n});"),
                    _ => format!("          if self.{noun}.len() > {n} {{"),
                });
            }
        }
    }
    let mut text = lines.join("\n");
    text.push('\n');
    (text, wanted)
}

#[test]
fn git_reports_before_a_diff_are_kept() {
    let cases = support::cases("GIT_REPORT_CASES", 300);
    support::check_seeds(cases, 0x617_0000, |seed| {
        let (text, wanted) = merge(seed);
        let Some(view) = view_of(&text, "git merge topic; git status; git diff") else {
            return Ok(());
        };
        support::keeps_lines(&view, &wanted)
    });
}
