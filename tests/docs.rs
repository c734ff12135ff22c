//! The documentation says what the code does: generated tables are byte-identical to what the
//! program prints, and every rule option is documented with its values.

use holodice::legion;
use holodice::swtcg::{keywords::coverage_markdown, rules::OPTIONS};

const START: &str = "<!-- keywords:start -->\n";
const END: &str = "<!-- keywords:end -->";

fn embedded_table(path: &str) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let a = text
        .find(START)
        .unwrap_or_else(|| panic!("{path} lacks {START}"))
        + START.len();
    let b = text
        .find(END)
        .unwrap_or_else(|| panic!("{path} lacks {END}"));
    text[a..b].to_string()
}

#[test]
fn keyword_tables_in_docs_and_readme_match_the_keyword_data() {
    for path in ["docs/keywords.md", "README.md"] {
        assert_eq!(
            embedded_table(path),
            coverage_markdown(),
            "{path} is stale: paste the output of `holodice swtcg keywords` between the markers"
        );
    }
}

#[test]
fn legion_item_table_in_docs_matches_the_item_data() {
    assert_eq!(
        embedded_table("docs/legion.md"),
        legion::spec::coverage_markdown(),
        "docs/legion.md is stale: paste the output of `holodice legion keywords` between the markers"
    );
}

#[test]
fn every_rule_option_is_documented_with_its_values() {
    let doc = std::fs::read_to_string("docs/rules.md").unwrap();
    for o in OPTIONS {
        let values: Vec<String> = o.values.iter().map(|v| format!("`{v}`")).collect();
        let row = format!("| `{}` | {} |", o.name, values.join(", "));
        assert!(
            doc.contains(&row),
            "docs/rules.md lacks the row starting {row}"
        );
    }
}
