//! A question that names one record and a field every record has asks for that record's
//! field. A certificate bundle read past Pi's cut, asked for "the serial and the SHA256
//! fingerprint of ISRG Root X2", showed the record's label and its neighbours, not the
//! serial and fingerprint lines a few lines below them.
//!
//! Property over generated outputs of 150 to 2,500 records of fields (the keys the same in
//! every record; the record's name first, last, or first with each field's key on a line of
//! its own above its value), in which the question names one record and one of the other
//! fields (a word, or a name with digits like `SHA256`): the asked field of the asked record
//! is a whole line of the view, whether the output is a command's (compacted whole) or a read
//! of a data file (past Pi's cut, where only what the question names is added to it).
//!
//! Cases come from fixed seeds (`ASKED_RECORD_FIELD_CASES`, default 300).

mod support;
use support::{asked_view_of, keeps_lines, read_as_shown, Rng, NOUNS, VERBS};

/// A record's name: a word of capitals of its own (`QKZT`, as `ISRG`), a noun and a number.
fn name(rng: &mut Rng, k: usize) -> (String, String) {
    let own: String = (0..rng.range(4, 7))
        .map(|_| (b'A' + rng.below(26) as u8) as char)
        .collect();
    let noun = rng.pick(NOUNS);
    let label = format!("{own} {}{} {k}", noun[..1].to_uppercase(), &noun[1..]);
    (label, own)
}

fn hex(rng: &mut Rng, bytes: usize) -> String {
    (0..bytes)
        .map(|_| format!("{:02x}", rng.below(256)))
        .collect::<Vec<_>>()
        .join(":")
}

/// The output, the asked record's own word, the asked field's key and that record's field
/// line.
fn records(rng: &mut Rng) -> (String, String, String, String) {
    let mut keys: Vec<String> = Vec::new();
    // Keys with digits are names (`SHA256`): the question's word is then found on every
    // record, within Pi's cut as past it.
    let digits = rng.below(2) == 0;
    while keys.len() < rng.range(4, 9) as usize {
        let key = if digits {
            format!("{}{}", rng.pick(NOUNS), rng.range(2, 999))
        } else {
            format!("{}{}", rng.pick(NOUNS), rng.pick(VERBS))
        };
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    let count = rng.range(150, 2_500) as usize;
    let asked = rng.below(count as u64) as usize;
    // The asked field is never the name's neighbour: at least two lines from it.
    let field = rng.range(1, keys.len() as u64 - 1) as usize;
    let body = rng.range(0, 12) as usize;
    // Where a record names itself: first (`# Label:`), last (a zip entry's `Filename`), or
    // first with each field's name on a line of its own above its value and no blank line
    // between records (`redis-cli COMMAND DOCS`).
    let layout = rng.below(3);
    let mut text = String::new();
    let (mut asked_name, mut wanted) = (String::new(), String::new());
    for k in 0..count {
        let (label, own) = name(rng, k);
        match layout {
            0 => text.push_str(&format!("# Label: \"{label}\"\n")),
            2 => text.push_str(&format!("{own} (command)\n")),
            _ => {}
        }
        let fields = if layout == 1 {
            keys.iter().enumerate().rev().collect::<Vec<_>>()
        } else {
            keys.iter().enumerate().collect()
        };
        for (f, key) in fields {
            let bytes = rng.range(8, 32) as usize;
            let value = hex(rng, bytes);
            let line = if layout == 2 {
                text.push_str(&format!("{key}\n"));
                value
            } else {
                format!("# {key}: {value}")
            };
            if k == asked && f == field {
                wanted = line.clone();
            }
            text.push_str(&line);
            text.push('\n');
        }
        match layout {
            1 => text.push_str(&format!("Filename '{label}'\n\n")),
            // A long tail of arguments: no blank line or paragraph bounds the record.
            2 => {
                for _ in 0..rng.range(10, 30) {
                    text.push_str(&format!("name\n{}\n", rng.pick(VERBS)));
                }
            }
            _ => {
                for _ in 0..body {
                    text.push_str(&hex(rng, 24).replace(':', ""));
                    text.push('\n');
                }
                text.push('\n');
            }
        }
        if k == asked {
            asked_name = own;
        }
    }
    (text, asked_name, keys[field].clone(), wanted)
}

#[test]
fn the_asked_field_of_the_asked_record_is_shown() {
    let cases = support::cases("ASKED_RECORD_FIELD_CASES", 300);
    support::check_seeds(cases, 0x00a5_c0de, |seed| {
        let mut rng = Rng::new(seed);
        let (text, asked, key, wanted) = records(&mut rng);
        let question = format!("{key} {asked}");
        let wanted = [wanted];
        let view =
            asked_view_of(&text, "openssl-list --records", &question).unwrap_or(text.clone());
        keeps_lines(&view, &wanted).map_err(|e| format!("command: {e}"))?;
        let shown = read_as_shown(&text, "certs/bundle.pem", Some(&question));
        keeps_lines(&shown, &wanted).map_err(|e| format!("read: {e}"))
    });
}

/// Many records asked at once: names the question lists, each on a few records, then one
/// record named by two words of the question that meet on its name line only ("the service
/// pack" of Wine's 64-bit prefix, after dozens of lines naming Windows). Fields are kept for
/// a bounded number of asked lines; the record that holds more of the question comes first,
/// so its field is kept however many records named by one word come before it. In half the
/// cases the keys are names (`bufferMerge`) and every line of a record also holds a longer
/// name that starts with the asked key (`%bufferMergeRoot%`, as every line of a registry
/// section holds `%CurrentVersionNT%` besides the asked `"CurrentVersion"`): only the key
/// standing whole is the field.
fn crowded_records(rng: &mut Rng) -> (String, String, String) {
    let named = rng.below(2) == 0;
    let mut keys: Vec<String> = Vec::new();
    while keys.len() < rng.range(5, 9) as usize {
        let verb = rng.pick(VERBS);
        let verb = if named {
            format!("{}{}", verb[..1].to_uppercase(), &verb[1..])
        } else {
            verb.to_string()
        };
        let key = format!("{}{verb}", rng.pick(NOUNS));
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    let field = rng.range(2, keys.len() as u64) as usize;
    let prefix = if named {
        format!("%{}Root%,", keys[field])
    } else {
        String::new()
    };
    // Two plain words, each on many lines of their own, that meet on the asked name only.
    let (first, second) = loop {
        let (a, b) = (rng.pick(NOUNS), rng.pick(NOUNS));
        // Not a word every question holds (`value`), nor one every name line does.
        let plain = |w: &str| w.len() >= 4 && !matches!(w, "value" | "record");
        let in_key = |w: &str| keys.iter().any(|k| k.to_lowercase().contains(w));
        if a != b && plain(a) && plain(b) && !in_key(a) && !in_key(b) {
            break (a, b);
        }
    };
    // Names with digits the question also lists, each on a few records before the asked one.
    let others: Vec<&str> = NOUNS
        .iter()
        .copied()
        .filter(|&w| w != first && w != second)
        .collect();
    let listed: Vec<String> = (0..rng.range(6, 10))
        .map(|k| format!("{}{}", rng.pick(&others), 10 + k * 7 + rng.below(7)))
        .collect();
    let count = rng.range(150, 600) as usize;
    let asked = rng.range(count as u64 * 2 / 3, count as u64) as usize;
    let mut text = String::new();
    let mut wanted = String::new();
    for k in 0..count {
        let name = if k == asked {
            format!("{first} {second} {k}")
        } else if k < asked && k % 3 == 0 && k / 3 < listed.len() * 6 {
            format!("{} unit {k}", listed[(k / 3) % listed.len()])
        } else {
            format!("record {k}")
        };
        text.push_str(&format!("{prefix}Name: {name}\n"));
        for (f, key) in keys.iter().enumerate() {
            // The two words alone, on many other records' values.
            let word = match rng.below(12) {
                0 => first,
                1 => second,
                _ => rng.pick(VERBS),
            };
            let bytes = rng.range(6, 20) as usize;
            let line = format!("{prefix}{key}: {word} {}", hex(rng, bytes));
            if k == asked && f == field {
                wanted = line.clone();
            }
            text.push_str(&line);
            text.push('\n');
        }
        text.push('\n');
    }
    // The words as the prompt's hint passes them: no punctuation.
    let question = format!(
        "{} of the {first} {second} {}",
        keys[field],
        listed.join(" ")
    );
    (text, question, wanted)
}

/// Only the command's view is checked: read past Pi's cut, the dozens of listed records within
/// the cut leave no room for the lines past it (the view is then Pi's cut, as stock Pi's).
#[test]
fn the_record_holding_more_of_the_question_keeps_its_field_first() {
    let cases = support::cases("ASKED_RECORD_FIELD_CASES", 300);
    support::check_seeds(cases, 0x00c0_bd00, |seed| {
        let mut rng = Rng::new(seed);
        let (text, question, wanted) = crowded_records(&mut rng);
        let view = asked_view_of(&text, "inventory --records", &question).unwrap_or(text.clone());
        keeps_lines(&view, &[wanted])
    });
}
