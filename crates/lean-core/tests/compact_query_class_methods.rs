//! A method written as `Class#method` (Ruby's and Java's docs write them so) is found by its
//! name: an RBS signature file defines `def fetch:` inside `class Hash`, and "what are the
//! overloads of `Hash#fetch`" is answered by that definition and the overloads under it.
//!
//! Property over generated RBS files longer than Pi's cut: a class of 800 to 1,500 methods, each a `def name:`
//! line and one to four `| …` overload lines under it. Asked for the overloads of
//! `Class#name`, the view keeps that method's definition and every overload line.
//!
//! Cases come from fixed seeds (`CLASS_METHOD_CASES`, default 300).

mod support;
use support::{Rng, NOUNS, VERBS};

fn signatures(seed: u64) -> (String, String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let count = rng.range(800, 1500) as usize;
    let asked = rng.below(count as u64) as usize;
    let mut lines = vec!["class Store[K, V] < Object".to_string()];
    let mut wanted = Vec::new();
    let mut asked_name = String::new();
    for k in 0..count {
        let name = format!("{}_{}{k}", rng.pick(VERBS), rng.pick(NOUNS));
        let mut method = vec![format!("  def {name}: (K arg0) -> V")];
        for _ in 0..rng.range(1, 5) {
            method.push(format!(
                "         | [X] (K arg0, {} arg1) -> (V | X)",
                rng.pick(NOUNS).to_uppercase()
            ));
        }
        if k == asked {
            wanted = method.clone();
            asked_name = name;
        }
        lines.extend(method);
        lines.push(String::new());
    }
    lines.push("end".into());
    let query = format!("Store#{asked_name} What overloads");
    (lines.join("\n"), query, wanted)
}

#[test]
fn a_class_method_is_found_by_its_name() {
    let cases = support::cases("CLASS_METHOD_CASES", 300);
    support::check_seeds(cases, 0x9e4_0000, |seed| {
        let (text, query, wanted) = signatures(seed);
        let view = support::read_as_shown(&text, "core/store.rbs", Some(&query));
        support::keeps_lines(&view, &wanted)
    });
}
