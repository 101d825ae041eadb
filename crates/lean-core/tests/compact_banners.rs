//! A banner opens a section wherever it stands. Benchmarks, test runners and build tools title
//! each section with a line framed by rule characters (`====== LRANGE_600 ======`, `----- Test:
//! parse -----`, `### lint ###`) and often print it right after the last line of the section
//! before, with no blank line between: the banner says which section the kept lines belong to.
//!
//! Property over generated outputs well over Pi's cut: 8 to 40 sections, each a banner and 20
//! to 120 look-alike lines of measurements or results, the banner right after the previous
//! section's last line: every banner is kept verbatim.
//!
//! Cases come from fixed seeds (`BANNER_CASES`, default 300).

mod support;
use support::{view_of, Rng, NOUNS, VERBS};

/// An output and its banners.
fn sections(seed: u64) -> (String, Vec<String>) {
    let mut rng = Rng::new(seed);
    let rule = ["======", "-----", "###", "***", "~~~~"][(seed % 5) as usize];
    let mut lines: Vec<String> = Vec::new();
    let mut banners: Vec<String> = Vec::new();
    for k in 0..rng.range(8, 41) {
        let title = format!(
            "{}_{}{k}",
            rng.pick(VERBS).to_uppercase(),
            rng.pick(NOUNS).to_uppercase()
        );
        let banner = format!("{rule} {title} {rule}");
        banners.push(banner.clone());
        lines.push(banner);
        lines.push(format!(
            "  {} requests completed in 0.{} seconds",
            rng.range(1000, 90000),
            rng.below(100)
        ));
        for _ in 0..rng.range(20, 121) {
            let p = rng.range(1, 100_000) as f64 / 1000.0;
            lines.push(format!(
                "{p:.3}% <= {}.{:03} milliseconds (cumulative count {})",
                rng.below(5),
                rng.below(1000),
                rng.range(1, 20_000)
            ));
        }
        lines.push(format!(
            "  throughput summary: {}.{:02} requests per second",
            rng.range(1000, 90000),
            rng.below(100)
        ));
    }
    let mut text = lines.join("\n");
    text.push('\n');
    (text, banners)
}

#[test]
fn every_banner_is_kept() {
    let cases = support::cases("BANNER_CASES", 300);
    support::check_seeds(cases, 0xba22_0000, |seed| {
        let (text, banners) = sections(seed);
        let Some(view) = view_of(&text, "redis-benchmark -q -n 20000") else {
            return Ok(());
        };
        support::keeps_lines(&view, &banners)
    });
}
