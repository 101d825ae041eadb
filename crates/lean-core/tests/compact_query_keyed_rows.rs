//! The rows a name keys are what a question about it reads. `jdeps` prints one row per
//! dependency, `   org.apache.maven.project   -> org.apache.maven.artifact   maven-artifact.jar`,
//! and the package also appears as the target of other packages' rows; asked "on which
//! packages does `org.apache.maven.project` depend?", the view thinned the name's many hits
//! per shape and lost rows it keys.
//!
//! Property over generated dependency tables well over the lossless threshold (40 to 120
//! packages, each keying 1 to 40 rows, every package also a target of others): with a prompt
//! naming one package, every row it keys is in the view verbatim. A package that keys a few
//! rows is named by many more as their target, so the rows it keys are not found by how few
//! lines name it.
//!
//! Cases come from fixed seeds (`QUERY_KEYED_ROW_CASES`, default 300).

mod support;
use support::{asked_view_of, keeps_lines, Rng};

const PARTS: &[&str] = &[
    "project",
    "artifact",
    "model",
    "plugin",
    "execution",
    "lifecycle",
    "repository",
    "settings",
    "toolchain",
    "building",
    "resolver",
    "internal",
    "handler",
    "manager",
    "versioning",
    "io",
];
const JARS: &[&str] = &[
    "maven-core-3.x.jar",
    "maven-artifact-3.x.jar",
    "maven-model-3.x.jar",
    "plexus-utils.jar",
    "sisu-plexus.jar",
    "java.base",
    "not found",
];

/// A table, the package named by the prompt, and the rows it keys.
fn table(seed: u64) -> (String, String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let count = rng.range(40, 121) as usize;
    let packages: Vec<String> = (0..count)
        .map(|k| {
            format!(
                "org.apache.maven.{}.{}{k}",
                rng.pick(PARTS),
                rng.pick(PARTS)
            )
        })
        .collect();
    let rows_of: Vec<usize> = (0..count).map(|_| rng.range(1, 41) as usize).collect();
    let named = rng.below(count as u64) as usize;
    let mut lines = vec![
        "maven-core-3.x.jar -> java.base".to_string(),
        "maven-core-3.x.jar -> not found".to_string(),
    ];
    let mut wanted = Vec::new();
    for (k, package) in packages.iter().enumerate() {
        for _ in 0..rows_of[k] {
            let target = &packages[rng.below(count as u64) as usize];
            let line = format!("   {package:<50} -> {target:<50} {}", rng.pick(JARS));
            if k == named {
                wanted.push(line.clone());
            }
            lines.push(line);
        }
    }
    let mut text = lines.join("\n");
    text.push('\n');
    (text, packages[named].clone(), wanted)
}

#[test]
fn every_row_a_named_term_keys_is_kept() {
    let cases = support::cases("QUERY_KEYED_ROW_CASES", 300);
    support::check_seeds(cases, 0x6b3e_d000, |seed| {
        let (text, package, wanted) = table(seed);
        let query = format!("On which packages does {package} depend");
        let Some(view) = asked_view_of(&text, "jdeps -verbose:package target/classes", &query)
        else {
            return Err("a table over the threshold came back unchanged".into());
        };
        keeps_lines(&view, &wanted)
    });
}
