//! A document read past Pi's cut for an element the question names shows that element's
//! content. A CycloneDX schema asked "which hash algorithms does `hashAlg` allow (the first
//! ones)" showed `<xs:simpleType name="hashAlg">` with the two lines after it, not the values
//! listed below them.
//!
//! Property over generated documents (an XML schema's simple types, or a YAML file's mapping
//! of entries) of 400 to 1,500 elements, each a line naming it and 2 to 40 lines nested under
//! it: the asked element's line and its first nested lines (up to 10) stand in the view in a
//! row, however long the element.
//!
//! Cases come from fixed seeds (`PAST_CUT_NESTED_BLOCK_CASES`, default 300).

mod support;
use support::{keeps_block, read_as_shown, Rng, NOUNS, VERBS};

/// The document, its path, the asked element's name and its block.
fn document(rng: &mut Rng) -> (String, &'static str, String, String) {
    let xml = rng.below(2) == 0;
    let count = rng.range(400, 1_500) as usize;
    // Past the first 300 elements: past Pi's cut of the read.
    let asked = rng.range(300, count as u64) as usize;
    let mut text = String::from(if xml {
        "<?xml version=\"1.0\"?>\n<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\">\n"
    } else {
        "entries:\n"
    });
    let (mut name, mut block) = (String::new(), String::new());
    for k in 0..count {
        let own = format!("{}{}{k}", rng.pick(NOUNS), rng.pick(VERBS));
        let values = rng.range(1, 40) as usize;
        let mut lines = Vec::new();
        if xml {
            lines.push(format!("    <xs:simpleType name=\"{own}\">"));
            lines.push("        <xs:restriction base=\"xs:string\">".to_string());
            for _ in 0..values {
                lines.push(format!(
                    "            <xs:enumeration value=\"{}-{}\"/>",
                    rng.pick(NOUNS),
                    rng.range(1, 999)
                ));
            }
            lines.push("        </xs:restriction>".to_string());
        } else {
            lines.push(format!("  {own}:"));
            for _ in 0..values + 1 {
                lines.push(format!("    {}: {}", rng.pick(VERBS), rng.range(1, 99_999)));
            }
        }
        let own_block = lines.join("\n");
        if k == asked {
            name = own;
            block = lines[..lines.len().min(11)].join("\n");
        }
        text.push_str(&own_block);
        text.push('\n');
        if xml {
            text.push_str("    </xs:simpleType>\n");
        }
    }
    if xml {
        text.push_str("</xs:schema>\n");
    }
    let path = if xml {
        "schema/bom.xsd"
    } else {
        "config/entries.yaml"
    };
    (text, path, name, block)
}

#[test]
fn the_asked_element_shows_what_is_nested_under_it() {
    let cases = support::cases("PAST_CUT_NESTED_BLOCK_CASES", 300);
    support::check_seeds(cases, 0x0e57_0000, |seed| {
        let mut rng = Rng::new(seed);
        let (text, path, name, block) = document(&mut rng);
        let question = format!("Which values does {name} allow");
        let shown = read_as_shown(&text, path, Some(&question));
        keeps_block(&shown, &block)
    });
}
