//! Catalog snapshots, dependency closure and search behaviour on small hand-made catalogs.

use std::collections::HashMap;
use std::path::PathBuf;

use lean_core::error::ErrorCode;
use lean_core::skills::{dependency_closure, Catalog, SearchIndex, SkillMeta};

fn meta(name: &str, description: &str, requires: &[&str]) -> SkillMeta {
    SkillMeta {
        name: name.to_string(),
        description: description.to_string(),
        requires: requires.iter().map(|r| r.to_string()).collect(),
        ..SkillMeta::default()
    }
}

fn catalog(skills: Vec<SkillMeta>) -> Catalog {
    let (catalog, diagnostics) = Catalog::new(skills);
    assert!(diagnostics.is_empty());
    catalog
}

#[test]
fn duplicate_names_keep_the_first_and_report() {
    let mut second = meta("tdd", "Second.", &[]);
    second.file_path = Some(PathBuf::from("/b/tdd/SKILL.md"));
    let (catalog, diagnostics) = Catalog::new(vec![
        meta("tdd", "First.", &[]),
        second,
        meta("x", "X.", &[]),
    ]);
    assert_eq!(catalog.len(), 2);
    assert_eq!(catalog.get("tdd").unwrap().description, "First.");
    assert_eq!(catalog.index_of("x"), Some(1));
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(diagnostics[0].name.as_deref(), Some("tdd"));
    assert_eq!(diagnostics[0].code, ErrorCode::SkillNameCollision);
}

#[test]
fn fingerprint_tracks_every_observable_field() {
    let base = vec![meta("a", "Alpha.", &[]), meta("b", "Beta.", &["a"])];
    let fingerprint = catalog(base.clone()).fingerprint().to_string();
    assert_eq!(catalog(base.clone()).fingerprint(), fingerprint);
    type Change = Box<dyn Fn(&mut Vec<SkillMeta>)>;
    let variants: Vec<Change> = vec![
        Box::new(|s| s[0].description.push('!')),
        Box::new(|s| s[1].requires.clear()),
        Box::new(|s| s[0].disable_model_invocation = true),
        Box::new(|s| s[0].file_path = Some(PathBuf::from("/x/SKILL.md"))),
        Box::new(|s| s.swap(0, 1)),
        // Moving bytes between fields must not collide.
        Box::new(|s| {
            s[0].name = "aA".into();
            s[0].description = "lpha.".into();
        }),
    ];
    for change in variants {
        let mut skills = base.clone();
        change(&mut skills);
        assert_ne!(catalog(skills).fingerprint(), fingerprint);
    }
    assert!(Catalog::new(Vec::new()).0.is_empty());
}

#[test]
fn closure_orders_dependencies_first_and_reports_problems() {
    let catalog = catalog(vec![
        meta("root", "R.", &["mid", "ghost"]),
        meta("mid", "M.", &["leaf"]),
        meta("leaf", "L.", &[]),
        meta("cyc-a", "A.", &["cyc-b"]),
        meta("cyc-b", "B.", &["cyc-a"]),
        meta("selfish", "S.", &["selfish"]),
    ]);
    let closure = dependency_closure(&catalog, "root", &HashMap::new());
    assert_eq!(closure.order, vec!["leaf", "mid", "root"]);
    assert_eq!(
        closure.missing,
        vec![("root".to_string(), "ghost".to_string())]
    );
    assert!(closure.cycles.is_empty());

    let closure = dependency_closure(&catalog, "cyc-a", &HashMap::new());
    assert_eq!(closure.order, vec!["cyc-b", "cyc-a"]);
    assert_eq!(
        closure.cycles,
        vec![vec!["cyc-a".to_string(), "cyc-b".into(), "cyc-a".into()]]
    );

    let closure = dependency_closure(&catalog, "selfish", &HashMap::new());
    assert_eq!(closure.order, vec!["selfish"]);
    assert_eq!(closure.cycles.len(), 1);

    // Config autoload edges join frontmatter ones; shared dependencies load once.
    let extra = HashMap::from([(
        "leaf".to_string(),
        vec!["cyc-b".to_string(), "mid".to_string()],
    )]);
    let closure = dependency_closure(&catalog, "root", &extra);
    assert_eq!(closure.order, vec!["cyc-a", "cyc-b", "leaf", "mid", "root"]);
    assert_eq!(closure.cycles.len(), 2, "{:?}", closure.cycles);
}

#[test]
fn path_like_names_are_only_catalog_lookups() {
    let catalog = catalog(vec![meta("a", "A.", &["../x", "/etc/passwd", "a/../a"])]);
    assert!(catalog.get("../x").is_none());
    assert!(catalog.get("./a").is_none());
    let closure = dependency_closure(&catalog, "a", &HashMap::new());
    assert_eq!(closure.order, vec!["a"]);
    assert_eq!(closure.missing.len(), 3);
    let closure = dependency_closure(&catalog, "../a", &HashMap::new());
    assert!(closure.order.is_empty());
    assert_eq!(closure.missing, vec![(String::new(), "../a".to_string())]);
}

fn sample() -> Catalog {
    catalog(vec![
        meta(
            "tdd",
            "Test-driven development with red-green-refactor loops.",
            &[],
        ),
        meta(
            "matplotlib",
            "Low-level plotting library for publication figures and charts.",
            &[],
        ),
        meta(
            "scanpy",
            "Single-cell RNA-seq analysis: clustering, UMAP, marker genes.",
            &[],
        ),
        meta(
            "pydeseq2",
            "Differential expression analysis of bulk RNA-seq counts.",
            &[],
        ),
        meta(
            "git-worktrees",
            "Use git worktrees to work on several branches at once.",
            &[],
        ),
        meta(
            "research",
            "General research helper for reading and summarising sources.",
            &[],
        ),
        meta(
            "Gmail Automation",
            "Automate Gmail tasks via Rube MCP (Composio).",
            &[],
        ),
        meta("FoundryClient", "Submit protein assays to the lab.", &[]),
        meta("calculus", "Symbolic derivative computation.", &[]),
    ])
}

fn names(catalog: &Catalog, index: &SearchIndex, query: &str) -> Vec<String> {
    index
        .search(query, 8, &|_| true)
        .hits
        .iter()
        .map(|hit| catalog.skills()[hit.index].name.clone())
        .collect()
}

#[test]
fn search_ranks_stems_synonyms_and_affixes() {
    let catalog = sample();
    let index = SearchIndex::build(&catalog);
    assert_eq!(
        names(&catalog, &index, "I need to plot some data")[0],
        "matplotlib"
    );
    assert_eq!(
        names(&catalog, &index, "draw a chart of the results")[0],
        "matplotlib"
    );
    assert_eq!(names(&catalog, &index, "cluster single cells")[0], "scanpy");
    assert_eq!(
        names(&catalog, &index, "deseq2 on my counts")[0],
        "pydeseq2"
    );
    assert_eq!(names(&catalog, &index, "writing tests first")[0], "tdd");
    assert_eq!(
        names(&catalog, &index, "the antiderivative of x^2")[0],
        "calculus"
    );
    assert_eq!(
        names(&catalog, &index, "a foundry client")[0],
        "FoundryClient"
    );
    assert!(names(&catalog, &index, "zzz qqq").is_empty());
    assert!(names(&catalog, &index, "").is_empty());
    let result = index.search("the a of", 5, &|_| true);
    assert!(result.hits.is_empty());
    assert_eq!(result.confidence, 0.0);
    assert!(!result.strong);
}

/// Lexical analysis only (no embeddings), so a hit here comes from shared words.
fn lexical_names(catalog: &Catalog, query: &str) -> Vec<String> {
    names(catalog, &SearchIndex::build_lexical(catalog), query)
}

#[test]
fn compound_splitting_only_cuts_at_real_word_boundaries() {
    let catalog = catalog(vec![
        meta(
            "csv-tables",
            "Read and write a table or a spreadsheet.",
            &[],
        ),
        meta("clock", "Time zones, dates and human calendars.", &[]),
        meta("calculus", "Symbolic derivative computation.", &[]),
        meta("humanloop", "Prompt evaluation platform.", &[]),
        meta("stable-diffusion", "Generate pictures from prompts.", &[]),
    ]);
    // "stable", "notable", "portable" end in "table" but are no compounds of it.
    for query in [
        "keep the build stable",
        "anything notable",
        "a portable binary",
    ] {
        assert!(
            !lexical_names(&catalog, query).contains(&"csv-tables".to_string()),
            "{query}"
        );
    }
    // "timetable" is "time" + "table", both catalog words; "antiderivative" has a combining
    // form in front.
    assert!(lexical_names(&catalog, "print a timetable").contains(&"csv-tables".to_string()));
    assert_eq!(
        lexical_names(&catalog, "the antiderivative of x^2")[0],
        "calculus"
    );
    // Name affixes follow the same rule: "loop" is in "humanloop" ("human" is a word), but
    // "table" is not in "stable".
    assert_eq!(lexical_names(&catalog, "loop tracing")[0], "humanloop");
    assert!(!lexical_names(&catalog, "table").contains(&"stable-diffusion".to_string()));
}

#[test]
fn stemmer_exceptions_keep_unrelated_words_apart() {
    let catalog = catalog(vec![
        meta("crm", "Track customers, leads and deals.", &[]),
        meta("themes", "Custom colour themes for the editor.", &[]),
        meta("config-editor", "Edit settings files safely.", &[]),
        meta("set-algebra", "Union and intersection of sets.", &[]),
    ]);
    assert_eq!(lexical_names(&catalog, "a custom theme"), vec!["themes"]);
    assert_eq!(lexical_names(&catalog, "my customer list"), vec!["crm"]);
    assert_eq!(
        lexical_names(&catalog, "union of two sets"),
        vec!["set-algebra"]
    );
    assert_eq!(
        lexical_names(&catalog, "change a setting"),
        vec!["config-editor"]
    );
}

#[test]
fn exact_name_mentions_pin_and_respect_word_boundaries() {
    let catalog = sample();
    let index = SearchIndex::build(&catalog);
    let idx = |name: &str| catalog.index_of(name).unwrap();
    assert_eq!(index.mentions("use the tdd skill"), vec![idx("tdd")]);
    assert_eq!(
        index.mentions("/skill:tdd then SCANPY"),
        vec![idx("tdd"), idx("scanpy")]
    );
    assert_eq!(
        index.mentions("run the Gmail automation, then tdd"),
        vec![idx("Gmail Automation"), idx("tdd")]
    );
    assert!(index
        .mentions("tdds and mytdd and tdd-notes and notes-tdd")
        .is_empty());
    assert!(index.mentions("").is_empty());

    // A distinctive mention is pinned first even against stronger lexical matches.
    let result = index.search("plot figures and charts, then tdd", 3, &|_| true);
    assert_eq!(result.hits[0].index, idx("tdd"));
    assert!(result.strong);
    assert!(result.hits[0].score > result.hits[1].score);
    // A name that is an ordinary word is not pinned just for being used.
    let catalog = catalog_with_common_word();
    let index = SearchIndex::build(&catalog);
    let result = index.search("research papers about rna-seq plotting", 2, &|_| true);
    assert_ne!(catalog.skills()[result.hits[0].index].name, "research");
    // ... unless it is invoked explicitly.
    let research = catalog.index_of("research").unwrap();
    for query in [
        "use the research skill on rna-seq plotting",
        "/skill:research rna-seq plots",
        "run `research` for rna-seq plots",
    ] {
        let result = index.search(query, 2, &|_| true);
        assert_eq!(result.hits[0].index, research, "{query}");
        assert_eq!(result.confidence, 1.0, "{query}");
        assert!(result.strong);
    }
}

fn catalog_with_common_word() -> Catalog {
    let mut skills = Vec::new();
    for i in 0..10 {
        skills.push(meta(
            &format!("filler-{i}"),
            &format!("Research tool number {i} for labs."),
            &[],
        ));
    }
    skills.push(meta("research", "Search the web.", &[]));
    skills.push(meta(
        "rna-plots",
        "Plotting RNA-seq results for papers.",
        &[],
    ));
    catalog(skills)
}

#[test]
fn include_filter_limit_and_ordering() {
    let catalog = sample();
    let index = SearchIndex::build(&catalog);
    let scanpy = catalog.index_of("scanpy").unwrap();
    let result = index.search("rna-seq analysis", 8, &|i| i != scanpy);
    assert!(result.hits.iter().all(|hit| hit.index != scanpy));
    assert!(!result.hits.is_empty());
    let result = index.search("/skill:scanpy", 8, &|i| i != scanpy);
    assert!(result.hits.iter().all(|hit| hit.index != scanpy));
    let result = index.search("rna-seq analysis", 1, &|_| true);
    assert_eq!(result.hits.len(), 1);
    let result = index.search("rna-seq analysis with plots", 8, &|_| true);
    assert!(result
        .hits
        .windows(2)
        .all(|pair| pair[0].score >= pair[1].score));
    assert!((0.0..=1.0).contains(&result.confidence));
    assert!(index.search("anything", 0, &|_| true).hits.is_empty());
    let empty = catalog_empty();
    assert!(SearchIndex::build(&empty)
        .search("x", 5, &|_| true)
        .hits
        .is_empty());
}

#[test]
fn clauses_pointing_at_other_skills_count_less() {
    let catalog = catalog(vec![
        meta(
            "chem-toolkit",
            "General chemistry toolkit for molecules. For docking, docking poses and docking scores use dock-predictor instead.",
            &[],
        ),
        meta("dock-predictor", "Predict how a ligand binds a protein pocket, with docking poses.", &[]),
        meta("filler", "Unrelated text about spreadsheets.", &[]),
    ]);
    let index = SearchIndex::build(&catalog);
    assert_eq!(
        names(&catalog, &index, "docking poses for my ligand")[0],
        "dock-predictor"
    );
    assert_eq!(names(&catalog, &index, "docking")[0], "dock-predictor");
}

#[test]
fn huge_and_odd_queries_are_bounded_and_sane() {
    let catalog = sample();
    let index = SearchIndex::build(&catalog);
    // Bounded work, shown without a clock (the time is in the `skills-hostile` bench): the
    // ranking reads only the start of a huge query, so two huge queries that differ only in a
    // tail that matters on its own rank identically.
    let head: String = (0..200_000).map(|i| format!("word{i} ")).collect();
    let tail = "plotting publication figures";
    assert!(
        names(&catalog, &index, tail).contains(&"matplotlib".to_string()),
        "the tail alone is a real match"
    );
    let result = index.search(&(head.clone() + tail), 5, &|_| true);
    assert_eq!(result, index.search(&head, 5, &|_| true));
    assert!(result.hits.len() <= 5);
    let huge = head + "plot";
    for query in [
        "é".repeat(3000),
        "\0\u{2028}💥".repeat(100),
        "---\n".repeat(50),
    ] {
        let result = index.search(&query, 5, &|_| true);
        assert!((0.0..=1.0).contains(&result.confidence));
    }
    assert!(index.mentions(&huge).is_empty());
}

fn catalog_empty() -> Catalog {
    Catalog::new(Vec::new()).0
}

#[test]
fn index_is_send_and_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<SearchIndex>();
    assert_send_sync::<Catalog>();
}

#[test]
fn redaction_uses_the_mention_word_boundaries() {
    let skills: Vec<SkillMeta> = ["secret-x", "café-notes", "secret-x-tools", "kit"]
        .iter()
        .map(|name| SkillMeta {
            name: (*name).to_string(),
            description: "d".into(),
            ..SkillMeta::default()
        })
        .collect();
    let (catalog, _) = Catalog::new(skills);
    let index = SearchIndex::build(&catalog);
    let hidden = |i: usize| catalog.skills()[i].name != "secret-x-tools";
    let redact = |text: &str| index.redact(text, &hidden, "[h]");
    assert_eq!(redact("_secret-x_ and --secret-x"), "_[h]_ and --[h]");
    assert_eq!(redact("secret-x_v2, (SECRET-X)."), "[h]_v2, ([h]).");
    // Another name that merely starts with a hidden one is left alone.
    assert_eq!(redact("use secret-x-tools"), "use secret-x-tools");
    assert_eq!(redact("my-secret-x"), "my-secret-x");
    // Non-ASCII case folding: a length-changing fold elsewhere in the text must not hide a
    // mention, and the Kelvin sign folds to `k`.
    assert_eq!(redact("\u{130}stanbul: SECRET-X"), "\u{130}stanbul: [h]");
    assert_eq!(redact("CAFÉ-NOTES and \u{212A}IT"), "[h] and [h]");
    for text in [
        "_secret-x_",
        "--secret-x",
        "secret-x_v2",
        "\u{130} SECRET-X",
    ] {
        assert_eq!(
            index.mentions(text),
            vec![catalog.index_of("secret-x").unwrap()],
            "{text}"
        );
    }
}

/// With the embedding table, confidence averages the lexical confidence with how near in
/// meaning the nearest skill is, and `strong` uses the threshold of that kind of confidence.
#[test]
fn confidence_adds_meaning_with_the_table_and_stays_lexical_without() {
    use lean_core::skills::{STRONG_CONFIDENCE, STRONG_LEXICAL_CONFIDENCE};
    let catalog = catalog(vec![
        meta(
            "pdf-tools",
            "Extract text and tables from PDF documents, and merge or split PDF files.",
            &[],
        ),
        meta(
            "commit-messages",
            "Write conventional commit messages from the staged changes.",
            &[],
        ),
        meta(
            "container-images",
            "Build, tag and push container images with Docker.",
            &[],
        ),
    ]);
    let fused = SearchIndex::build(&catalog);
    let lexical = SearchIndex::build_lexical(&catalog);
    let queries = [
        "Extract text and tables from PDF documents, and merge or split PDF files.",
        "pull the words out of this report",
        "bake banana bread with walnuts for the weekend",
        "commit",
        "the a of",
    ];
    for query in queries {
        let alone = lexical.search(query, 5, &|_| true);
        assert_eq!(
            alone.strong,
            alone.confidence >= STRONG_LEXICAL_CONFIDENCE,
            "{query}"
        );
        let both = fused.search(query, 5, &|_| true);
        assert!((0.0..=1.0).contains(&both.confidence), "{query}");
        if fused.uses_embeddings() {
            assert_eq!(both.strong, both.confidence >= STRONG_CONFIDENCE, "{query}");
            // Half the confidence is the lexical one; the meaning half adds at most 0.5.
            assert!(both.confidence >= 0.5 * alone.confidence - 1e-9, "{query}");
            assert!(
                both.confidence <= 0.5 * alone.confidence + 0.5 + 1e-9,
                "{query}"
            );
        } else {
            assert_eq!(both, alone, "{query}");
        }
    }
    if fused.uses_embeddings() {
        // A skill's own description is as near in meaning as text gets: full meaning half.
        let own = fused.search(queries[0], 5, &|_| true);
        assert!(own.strong && own.confidence >= 0.5, "{own:?}");
        // Nothing here is about baking: neither half is high.
        let unrelated = fused.search(queries[2], 5, &|_| true);
        assert!(!unrelated.strong, "{unrelated:?}");
    }
}

/// The lexical gate: a query whose words explain it well (lexical confidence at or above the
/// gate) ranks exactly as without the gate, and a query whose only word matches are weak ranks
/// its meaningful skills as meaning alone would, every lexical-only match after them.
#[test]
fn weak_lexical_evidence_yields_to_meaning_and_strong_evidence_is_untouched() {
    use lean_core::skills::SearchTuning;
    let catalog = catalog(vec![
        meta("photo-albums", "Organize photos into albums by date, place and people, and find duplicate photos.", &[]),
        meta("relight", "Relight a portrait or product shot: change the lighting direction, colour temperature and mood.", &[]),
        meta("pdf-tools", "Extract text and tables from PDF documents, and merge or split PDF files.", &[]),
        meta("commit-messages", "Write conventional commit messages from the staged changes.", &[]),
        meta("cloud-costs", "Report cloud spending by service and resource group, and find savings.", &[]),
        meta("image-upscale", "Upscale low-resolution images and restore detail in old photos.", &[]),
        meta("container-images", "Build, tag and push container images with Docker.", &[]),
        meta("release-notes", "Draft release notes from merged pull requests since the last tag.", &[]),
    ]);
    let tuned = |set: &[(&str, f32)]| {
        let mut tuning = SearchTuning::default();
        for &(knob, value) in set {
            assert!(tuning.set(knob, value), "{knob}");
        }
        SearchIndex::build_tuned(&catalog, tuning)
    };
    let gated = SearchIndex::build(&catalog);
    if !gated.uses_embeddings() {
        return;
    }
    let ungated = tuned(&[("lexical_gate", 0.0)]);
    // A gate no query reaches, so every lexical side is scaled to (nearly) nothing.
    let always_weak = tuned(&[("lexical_gate", 1e6), ("lexical_gate_power", 1.0)]);
    let meaning_alone = tuned(&[("lexical_weight", 0.0)]);
    let lexical_alone = SearchIndex::build_lexical(&catalog);
    let gate = f64::from(SearchTuning::default().lexical_gate);
    let queries = [
        "find duplicate photos in my albums",
        "extract tables from PDF documents",
        "write conventional commit messages",
        "my photos were shot on a grey day and look dull",
        "how much money are we burning on the cloud this month",
        "the pictures from the beach trip look flat and gloomy, fix the mood",
        "ship the new version and tell people what changed",
        "make this old picture sharper",
    ];
    let names = |hits: &[lean_core::skills::SearchHit]| -> Vec<usize> {
        hits.iter().map(|hit| hit.index).collect()
    };
    let mut strong_seen = 0;
    let mut weak_seen = 0;
    for query in queries {
        let lexical = lexical_alone.search(query, 8, &|_| true);
        let with_gate = gated.search(query, 8, &|_| true);
        if lexical.confidence >= gate {
            strong_seen += 1;
            let without = ungated.search(query, 8, &|_| true);
            assert_eq!(names(&with_gate.hits), names(&without.hits), "{query}");
        } else {
            weak_seen += 1;
        }
        // Meaning first, in meaning's own order; then the lexical-only matches.
        let weak = names(&always_weak.search(query, 8, &|_| true).hits);
        let meaning = names(&meaning_alone.search(query, 8, &|_| true).hits);
        assert_eq!(weak[..meaning.len()], meaning[..], "{query}");
        for skill in &weak[meaning.len()..] {
            assert!(names(&lexical.hits).contains(skill), "{query}: {skill}");
        }
    }
    assert!(
        strong_seen >= 2 && weak_seen >= 2,
        "{strong_seen} strong, {weak_seen} weak"
    );
}
